// The hip executor when it is not built into this aqlsim: configure found no HIP toolchain
// (AQLSIM_HIP=AUTO) or was told not to build it (AQLSIM_HIP=OFF); cmake/hip.cmake.
#include "hip_backend/executor.hpp"

namespace aqlsim::hip {
namespace {

constexpr const char* kReason = "not built into this aqlsim (no HIP toolchain at configure time)";
constexpr const char* kHint =
    "run scripts/setup.sh --hip (installs hipcc and libamdhip64-dev), then configure with "
    "-DAQLSIM_HIP=ON and rebuild";

}  // namespace

std::unique_ptr<Executor> make_hip_executor(const ExecutorOptions&) {
  throw BackendUnavailable("hip", kReason, 0, "", kHint);
}

BackendInfo probe_hip() {
  BackendInfo info;
  info.backend = "hip";
  info.reason = std::string(kReason) + "; " + kHint;
  return info;
}

}  // namespace aqlsim::hip
