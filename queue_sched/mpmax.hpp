#pragma once
#include <vector>

#include "hsa_model/thread_block_scheduler.hpp"
#include "queue_sched/empty_cu.hpp"
#include "queue_sched/policy_params.hpp"

namespace aqlsim {

// `mpmax`: Pai et al.'s just-in-time MPMax (§5.2.2). The co-runners are the kernels that have
// work-groups left to issue at this instant. On every CU each co-runner may hold at most as
// many work-groups as fit on an empty CU beside one work-group of every other co-runner (the
// resources it sets aside for them), and at least one. Kernels issue in launch order, strictly
// as `fifo` does: a kernel below its limit decides alone and the CU waits if its work-group
// does not fit; only a kernel at its limit lets the next one issue. The limits follow the
// co-runner set, so when concurrency ceases the remaining kernel may reoccupy everything.
class MpMax final : public ThreadBlockScheduler {
 public:
  explicit MpMax(const PolicyParams&) {}
  std::string_view name() const override { return "mpmax"; }
  std::optional<KernelId> pick(const DispatchView& view, CuIndex cu) override;
  void on_kernel_launched(const DispatchView& view, KernelId) override { empty_cu_.capture(view); }

 private:
  void update_limits(const DispatchView& view);
  std::uint32_t limit(const DispatchView& view, KernelId kernel) const;

  EmptyCu empty_cu_;
  std::vector<KernelId> co_runners_;   // launch order; the set `limits_` was computed for
  std::vector<std::uint32_t> limits_;  // by KernelId
  std::vector<KernelId> scratch_;
};

}  // namespace aqlsim
