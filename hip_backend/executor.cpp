#include "hip_backend/executor.hpp"

#include <utility>

namespace aqlsim::hip {

BackendUnavailable::BackendUnavailable(std::string backend, std::string reason, int code,
                                       std::string code_name, std::string hint)
    : std::runtime_error(std::move(reason)),
      backend_(std::move(backend)),
      code_(code),
      code_name_(std::move(code_name)),
      hint_(std::move(hint)) {}

std::unique_ptr<Executor> make_executor(std::string_view kind, const ExecutorOptions& options) {
  if (kind == "cpu") return make_cpu_executor(options);
  if (kind == "hip") return make_hip_executor(options);
  if (kind == "hsa") return make_hsa_executor(options);
  if (kind == "cuda") return make_cuda_executor(options);
  throw std::invalid_argument("unknown executor '" + std::string(kind) +
                              "' (expected cpu, hip, hsa or cuda)");
}

std::vector<BackendInfo> probe_backends() {
  BackendInfo cpu;
  cpu.backend = "cpu";
  cpu.built = cpu.usable = true;
  cpu.runtime = "host threads";
  cpu.devices.push_back("0: CPU threads (a logic check, not a GPU timing)");
  return {probe_hip(), probe_hsa(), probe_cuda(), cpu};
}

}  // namespace aqlsim::hip
