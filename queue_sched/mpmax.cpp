#include "queue_sched/mpmax.hpp"

#include <algorithm>

#include "queue_sched/ordered_pick.hpp"

namespace aqlsim {

std::optional<KernelId> MpMax::pick(const DispatchView& view, CuIndex cu) {
  update_limits(view);
  return pick_first_in_order(view, cu, co_runners_, [&](KernelId k) { return limits_[k]; });
}

// The set changes only at launches, completions and last issues, so limits are recomputed
// only when it differs from the one they were computed for.
void MpMax::update_limits(const DispatchView& view) {
  scratch_.clear();
  for (const KernelId k : view.active()) {
    if (view.kernel(k).unissued() > 0) scratch_.push_back(k);
  }
  if (scratch_ == co_runners_) return;
  co_runners_.swap(scratch_);
  for (const KernelId k : co_runners_) {
    if (limits_.size() <= k) limits_.resize(k + 1);
    limits_[k] = limit(view, k);
  }
}

std::uint32_t MpMax::limit(const DispatchView& view, KernelId kernel) const {
  std::vector<WorkgroupDemand> set_aside;
  for (const KernelId other : co_runners_) {
    if (other != kernel) set_aside.push_back(view.kernel(other).demand);
  }
  const KernelState& k = view.kernel(kernel);
  return std::max<std::uint32_t>(
      1, empty_cu_.fit_count(k.demand, set_aside, k.occupancy.max_residency));
}

}  // namespace aqlsim
