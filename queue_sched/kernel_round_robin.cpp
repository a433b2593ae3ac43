#include "queue_sched/kernel_round_robin.hpp"

namespace aqlsim {

std::vector<ParamSpec> kernel_rr_params() {
  return {{"quantum_ms", 1, 0.001, 1e6, false, "time slice in milliseconds (the paper: 1 ms)"}};
}

std::vector<ParamSpec> kernel_cfs_params() {
  return {{"epoch_ms", 4, 0.001, 1e6, false,
           "epoch in milliseconds, shared equally by the active kernels (the paper: 4 ms)"}};
}

KernelRoundRobin::KernelRoundRobin(const PolicyParams& params)
    : quantum_(milliseconds_to_ticks(params.get("quantum_ms"))) {}

KernelCfs::KernelCfs(const PolicyParams& params)
    : epoch_(milliseconds_to_ticks(params.get("epoch_ms"))) {}

std::size_t KernelCfs::choose(const KernelControl& control) {
  const auto waiting = ready();
  const auto waited = [&](KernelId k) { return control.now() - arrived_at(k) - run_time(k); };
  std::size_t longest = 0;
  for (std::size_t i = 1; i < waiting.size(); ++i) {
    if (waited(waiting[i]) > waited(waiting[longest])) longest = i;
  }
  return longest;
}

Tick KernelCfs::quantum(const KernelControl&, KernelId) {
  return epoch_ / static_cast<Tick>(ready().size() + 1);
}

}  // namespace aqlsim
