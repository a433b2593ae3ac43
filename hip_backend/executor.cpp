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

std::string BackendUnavailable::reason_with_code() const {
  std::string out = what();
  if (!code_name_.empty() && out.find(code_name_) == std::string::npos)
    out += " (" + code_name_ + ", " + std::to_string(code_) + ")";
  return out;
}

namespace {

// The first GPU backend that can run here, or why none can.
std::unique_ptr<Executor> first_usable_gpu(const ExecutorOptions& options) {
  std::string reasons;
  for (const auto make : {make_hip_executor, make_hsa_executor, make_cuda_executor}) {
    try {
      return make(options);
    } catch (const BackendUnavailable& e) {
      reasons += "\n  " + e.backend() + ": " + e.reason_with_code();
    }
  }
  throw BackendUnavailable("auto", "no GPU backend can run here:" + reasons, 0, "",
                           "--executor cpu runs the plan on host threads instead (a check of "
                           "the plan and protocol, not a GPU measurement)");
}

}  // namespace

std::unique_ptr<Executor> make_executor(std::string_view kind, const ExecutorOptions& options) {
  if (kind == "auto") return first_usable_gpu(options);
  if (kind == "cpu") return make_cpu_executor(options);
  if (kind == "hip") return make_hip_executor(options);
  if (kind == "hsa") return make_hsa_executor(options);
  if (kind == "cuda") return make_cuda_executor(options);
  throw std::invalid_argument("unknown executor '" + std::string(kind) +
                              "' (expected auto, hip, hsa, cuda or cpu)");
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
