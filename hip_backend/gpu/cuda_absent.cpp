// The cuda executor when it is not built into this aqlsim: configure found no CUDA toolkit
// (AQLSIM_CUDA=AUTO) or was told not to build it (AQLSIM_CUDA=OFF); cmake/hip.cmake.
#include "hip_backend/executor.hpp"

namespace aqlsim::hip {
namespace {

constexpr const char* kReason = "not built into this aqlsim (no CUDA toolkit at configure time)";
constexpr const char* kHint =
    "install the CUDA toolkit (nvcc and libcudart_static, e.g. in /usr/local/cuda), then "
    "configure with -DAQLSIM_CUDA=ON and rebuild";

}  // namespace

std::unique_ptr<Executor> make_cuda_executor(const ExecutorOptions&) {
  throw BackendUnavailable("cuda", kReason, 0, "", kHint);
}

BackendInfo probe_cuda() {
  BackendInfo info;
  info.backend = "cuda";
  info.reason = std::string(kReason) + "; " + kHint;
  return info;
}

}  // namespace aqlsim::hip
