#include "queue_sched/mpmax.hpp"

#include <algorithm>

namespace aqlsim {

KernelId MpMax::pick(const DispatchView& view, CuIndex cu) {
  update_limits(view);
  for (std::size_t i = 0; i < co_runners_.size(); ++i) {
    const KernelId k = co_runners_[i];
    // At least one: a kernel none of whose work-groups fits beside the others' set-aside may
    // still hold one, and for it the set-asides are waived.
    const std::uint32_t fit = beside_set_aside_[k];
    const KernelState& kernel = view.kernel(k);
    // Barred from this CU (mask, workers per CU): the next co-runner's turn, as in fifo.
    if (kernel.resident_per_cu[cu] >= std::max<std::uint32_t>(1, fit) || !kernel.allowed_on(cu))
      continue;
    if (!view.fits(k, cu)) return kNoKernel;                  // strict, as fifo: the CU waits
    if (fit > 0 && takes_a_set_aside(view, cu, i)) continue;  // as good as at its limit
    return k;
  }
  return kNoKernel;
}

// Later co-runners only: the last kernel that may issue has none to protect, so a CU where
// some co-runner fits is never left idle by the set-asides alone.
bool MpMax::takes_a_set_aside(const DispatchView& view, CuIndex cu, std::size_t i) const {
  const ComputeUnit& now = view.cu(cu);
  ComputeUnit after = now;
  after.place(view.kernel(co_runners_[i]).demand);
  for (std::size_t j = i + 1; j < co_runners_.size(); ++j) {
    const KernelState& later = view.kernel(co_runners_[j]);
    if (later.resident_per_cu[cu] > 0 || !now.fits(later.demand)) continue;
    if (!after.fits(later.demand)) return true;
    after.place(later.demand);
  }
  return false;
}

// The set changes only at launches, completions and last issues, so limits are recomputed
// only when it differs from the one they were computed for; it is looked at only when the
// dispatcher says it may have changed (every pick did, walking every active kernel).
void MpMax::update_limits(const DispatchView& view) {
  if (view.issuing_changes() == seen_changes_) return;
  seen_changes_ = view.issuing_changes();
  const std::span<const KernelId> issuing = issuing_.of(view);
  if (std::ranges::equal(issuing, co_runners_)) return;
  co_runners_.assign(issuing.begin(), issuing.end());
  for (const KernelId k : co_runners_) {
    if (beside_set_aside_.size() <= k) beside_set_aside_.resize(k + 1);
    beside_set_aside_[k] = fit_beside_set_aside(view, k);
  }
}

std::uint32_t MpMax::fit_beside_set_aside(const DispatchView& view, KernelId kernel) const {
  std::vector<WorkgroupDemand> set_aside;
  for (const KernelId other : co_runners_) {
    if (other != kernel) set_aside.push_back(view.kernel(other).demand);
  }
  const KernelState& k = view.kernel(kernel);
  return empty_cu_.fit_count(k.demand, set_aside, k.occupancy.max_residency);
}

}  // namespace aqlsim
