// The hip executor when it is not built into this aqlsim.
#include "hip_backend/executor.hpp"

namespace aqlsim::hip {

std::unique_ptr<Executor> make_hip_executor(const ExecutorOptions&) {
  throw BackendUnavailable("hip", "not built into this aqlsim", 0, "", "placeholder");
}

BackendInfo probe_hip() {
  return {.backend = "hip", .reason = "not built into this aqlsim"};
}

}  // namespace aqlsim::hip
