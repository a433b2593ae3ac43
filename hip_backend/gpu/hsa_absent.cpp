// The hsa executor when it is not built into this aqlsim.
#include "hip_backend/executor.hpp"

namespace aqlsim::hip {

std::unique_ptr<Executor> make_hsa_executor(const ExecutorOptions&) {
  throw BackendUnavailable("hsa", "not built into this aqlsim", 0, "", "placeholder");
}

BackendInfo probe_hsa() {
  BackendInfo info;
  info.backend = "hsa";
  info.reason = "not built into this aqlsim";
  return info;
}

}  // namespace aqlsim::hip
