#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "hsa_model/thread_block_scheduler.hpp"
#include "queue_sched/empty_cu.hpp"
#include "queue_sched/issuing_kernels.hpp"
#include "queue_sched/policy_params.hpp"

namespace aqlsim {

// `mpmax`: Pai et al.'s just-in-time MPMax (§5.2.2). The co-runners are the kernels that have
// work-groups left to issue at this instant. On every CU each co-runner may hold at most as
// many work-groups as fit on an empty CU beside one work-group of every other co-runner (the
// resources it sets aside for them), and at least one. Kernels issue in launch order, strictly
// as `fifo` does: a kernel below its limit decides alone and the CU waits if its work-group
// does not fit; only a kernel at its limit lets the next one issue. The limits follow the
// co-runner set, so when concurrency ceases the remaining kernel may reoccupy everything.
//
// With three or more co-runners the limits alone do not keep the set-asides: each is computed
// beside one work-group of the others, so together they can exceed a CU, and the second kernel
// would fill the room set aside for the third, which then waits as under `fifo`. So a kernel
// also counts as at its limit when its next work-group would leave no room for one work-group
// of a later co-runner that has none on the CU and would fit there now. A kernel whose limit
// was raised to one (none of its work-groups fits beside the set-aside) is exempt, as its
// limit is. With two kernels the rule adds nothing to the first one's limit (the paper
// evaluates only pairs).
//
// CU masks (the paper has none): a co-runner whose mask bars it from a CU gets nothing set
// aside there, since it can never use the room. So with masks a kernel's limit is per CU,
// beside one work-group of each other co-runner that the CU's masks admit.
class MpMax final : public ThreadBlockScheduler {
 public:
  explicit MpMax(const PolicyParams&) {}
  static constexpr PolicyTraits kTraits{
      .name = "mpmax",
      .summary = "FIFO, each kernel sets aside one work-group per co-runner per CU"};
  std::string_view name() const override { return kTraits.name; }
  KernelId pick(const DispatchView& view, CuIndex cu) override;
  void on_kernel_launched(const DispatchView& view, KernelId) override { empty_cu_.capture(view); }

 private:
  void update_limits(const DispatchView& view);
  // Whether the co-runners or their CU masks differ from those the limits were computed for.
  bool co_runners_changed(std::span<const KernelId> issuing, const DispatchView& view) const;
  // Whether one more work-group of co_runners_[i] on `cu` would take the room set aside there
  // for one work-group of a later co-runner.
  bool takes_a_set_aside(const DispatchView& view, CuIndex cu, std::size_t i) const;
  // Work-groups of co_runners_[i] that fit on an empty CU beside one of every other co-runner
  // in `admitted` (indices into co_runners_).
  std::uint32_t fit_beside_set_aside(const DispatchView& view, std::size_t i,
                                     std::span<const std::size_t> admitted) const;

  EmptyCu empty_cu_;
  std::vector<KernelId> co_runners_;  // launch order; the set the limits are for
  std::vector<std::vector<std::uint8_t>> co_runner_masks_;  // their CU masks then
  // fit_beside_set_aside of co_runners_[i] at [row * co_runners_.size() + i]: one row for every
  // CU when no co-runner has a mask, else one row per CU.
  std::vector<std::uint32_t> limits_;
  bool limits_per_cu_ = false;
  IssuingKernels issuing_;
  std::optional<std::uint64_t> seen_changes_;  // view.issuing_changes() at the last update
};

}  // namespace aqlsim
