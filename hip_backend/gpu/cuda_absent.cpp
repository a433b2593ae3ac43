// The cuda executor when it is not built into this aqlsim.
#include "hip_backend/executor.hpp"

namespace aqlsim::hip {

std::unique_ptr<Executor> make_cuda_executor(const ExecutorOptions&) {
  throw BackendUnavailable("cuda", "not built into this aqlsim", 0, "", "placeholder");
}

BackendInfo probe_cuda() {
  BackendInfo info;
  info.backend = "cuda";
  info.reason = "not built into this aqlsim";
  return info;
}

}  // namespace aqlsim::hip
