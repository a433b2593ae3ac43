#pragma once
#include <vector>

#include "hsa_model/thread_block_scheduler.hpp"
#include "queue_sched/policy_params.hpp"

namespace aqlsim {

// `sjf`: the oracle of Pai et al. §6 — kernels in order of their isolated runtime
// (KernelState::isolated_runtime, given in advance), shortest first, ties by launch order; a
// kernel whose runtime is unknown (0) comes after every known one. It is an ordering policy and
// strict like `fifo`: the first kernel in that order with work-groups left decides alone, so a
// longer kernel never takes resources the shortest cannot use on a CU, and a shorter kernel
// that arrives later waits for the running work-groups to finish (no preemption).
class Sjf final : public ThreadBlockScheduler {
 public:
  explicit Sjf(const PolicyParams&) {}
  std::string_view name() const override { return "sjf"; }
  std::optional<KernelId> pick(const DispatchView& view, CuIndex cu) override;
  void on_kernel_launched(const DispatchView& view, KernelId kernel) override;
  void on_kernel_completed(const DispatchView& view, KernelId kernel) override;

 private:
  std::vector<KernelId> order_;  // active kernels, shortest isolated runtime first
};

}  // namespace aqlsim
