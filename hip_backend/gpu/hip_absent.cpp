// The hip executor when it is not built into this aqlsim.
#include "hip_backend/executor.hpp"

namespace aqlsim::hip {

std::unique_ptr<Executor> make_hip_executor(const ExecutorOptions&) {
  throw BackendUnavailable("hip", "not built into this aqlsim", 0, "", "placeholder");
}

BackendInfo probe_hip() {
  BackendInfo info;
  info.backend = "hip";
  info.reason = "not built into this aqlsim";
  return info;
}

}  // namespace aqlsim::hip
