// Placeholder until the CPU-thread executor lands.
#include "hip_backend/executor.hpp"

namespace aqlsim::hip {

std::unique_ptr<Executor> make_cpu_executor(const ExecutorOptions&) {
  throw BackendUnavailable("cpu", "not built yet", 0, "", "");
}

}  // namespace aqlsim::hip
