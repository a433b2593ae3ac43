// The hip executor when it is not built into this aqlsim: configure found no HIP toolchain
// (AQLSIM_HIP=AUTO) or was told not to build it (AQLSIM_HIP=OFF); cmake/hip.cmake.
// It also stands in for it in the installed aqlsim::hip_backend, whatever the build found.
#include "hip_backend/executor.hpp"

namespace aqlsim::hip {
namespace {

#ifdef AQLSIM_GPU_EXECUTORS_IN_PROGRAM_ONLY
// The installed aqlsim::hip_backend library: the GPU executors link their runtime where the
// build machine has it, so they are built into the aqlsim program only
// (hip_backend/CMakeLists.txt).
constexpr const char* kReason =
    "not in the aqlsim::hip_backend library (the HIP executor is built into the aqlsim program "
    "only)";
constexpr const char* kHint = "run it with the aqlsim program: aqlsim hip ... --executor hip";
#else
constexpr const char* kReason = "not built into this aqlsim (no HIP toolchain at configure time)";
constexpr const char* kHint =
    "run scripts/setup.sh --hip (installs hipcc and libamdhip64-dev), then configure with "
    "-DAQLSIM_HIP=ON and rebuild";
#endif

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
