#pragma once
// kernel-adaptive: the host-side service of Bashizade et al. 2018 (adaptive simultaneous
// multi-tenancy). Kernels share the device; on every arrival, whenever a kernel's last block
// has started (the host hears of it after a pending-work read) and at every completion the service
// estimates each running kernel's remaining time from its offline profile and progress
// (equation 1) and re-runs the greedy allocation (greedy_allocation.hpp). A kernel whose
// allocation shrinks loses workers as they finish their task (the paper's preemption of CTAs);
// one whose allocation grows gets workers added (the paper launches another instance). A
// kernel that does not fit beside the others waits for the next decision.
// A kernel whose last block has started can no longer change its CTAs: it keeps what it has
// and is left out of the allocation, so the others may grow into what it frees as it ends.
#include <map>
#include <string_view>
#include <utility>
#include <vector>

#include "hsa_model/kernel_control.hpp"
#include "hsa_model/kernel_scheduler.hpp"
#include "queue_sched/greedy_allocation.hpp"
#include "queue_sched/policy_params.hpp"

namespace aqlsim {

class KernelAdaptive final : public KernelScheduler {
 public:
  static constexpr PolicyTraits kTraits{
      .name = "kernel-adaptive",
      .summary = "kernels share the device, workers per CU sized greedily (Bashizade)",
      .needs_worker_profiles = true};
  std::string_view name() const override { return kTraits.name; }
  void on_arrival(KernelControl& control, KernelId kernel) override;
  void on_completed(KernelControl& control, KernelId kernel) override;
  void on_evicted(KernelControl&, KernelId) override {}
  void on_last_workgroup_started(KernelControl& control, KernelId) override { decide(control); }
  void on_worker_profiles(std::vector<WorkerProfile> profiles) override;

 private:
  struct Running {
    KernelId kernel = 0;
    std::uint32_t workers = 0;  // 0: waiting, not launched
  };

  void decide(KernelControl& control);
  AllocationCandidate candidate(const KernelControl& control, KernelId kernel) const;

  std::map<std::pair<QueueId, std::uint64_t>, std::vector<ConfigPoint>> profiles_;
  std::vector<Running> running_;  // arrived and not completed, in arrival order
};

}  // namespace aqlsim
