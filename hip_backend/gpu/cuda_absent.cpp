// The cuda executor when it is not built into this aqlsim: configure found no CUDA toolkit
// (AQLSIM_CUDA=AUTO) or was told not to build it (AQLSIM_CUDA=OFF); cmake/hip.cmake.
// It also stands in for it in the installed aqlsim::hip_backend, whatever the build found.
#include "hip_backend/executor.hpp"

namespace aqlsim::hip {
namespace {

#ifdef AQLSIM_GPU_EXECUTORS_IN_PROGRAM_ONLY
// The installed aqlsim::hip_backend library: the GPU executors link their runtime where the
// build machine has it, so they are built into the aqlsim program only
// (hip_backend/CMakeLists.txt).
constexpr const char* kReason =
    "not in the aqlsim::hip_backend library (the CUDA executor is built into the aqlsim program "
    "only)";
constexpr const char* kHint = "run it with the aqlsim program: aqlsim hip ... --executor cuda";
#else
constexpr const char* kReason = "not built into this aqlsim (no CUDA toolkit at configure time)";
constexpr const char* kHint =
    "install the CUDA toolkit (nvcc and libcudart_static, e.g. in /usr/local/cuda), then "
    "configure with -DAQLSIM_CUDA=ON and rebuild";
#endif

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
