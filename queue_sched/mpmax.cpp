#include "queue_sched/mpmax.hpp"

#include <algorithm>
#include <map>

namespace aqlsim {

KernelId MpMax::pick(const DispatchView& view, CuIndex cu) {
  update_limits(view);
  const std::uint32_t* limits = limits_.data() + (limits_per_cu_ ? cu * co_runners_.size() : 0);
  for (std::size_t i = 0; i < co_runners_.size(); ++i) {
    const KernelId k = co_runners_[i];
    // At least one: a kernel none of whose work-groups fits beside the others' set-aside may
    // still hold one, and for it the set-asides are waived.
    const std::uint32_t fit = limits[i];
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
// some co-runner fits is never left idle by the set-asides alone. Nor is room kept for one
// that its launch controls keep off the CU.
bool MpMax::takes_a_set_aside(const DispatchView& view, CuIndex cu, std::size_t i) const {
  const ComputeUnit& now = view.cu(cu);
  ComputeUnit after = now;
  after.place(view.kernel(co_runners_[i]).demand);
  for (std::size_t j = i + 1; j < co_runners_.size(); ++j) {
    const KernelState& later = view.kernel(co_runners_[j]);
    if (later.resident_per_cu[cu] > 0 || !later.allowed_on(cu) || !now.fits(later.demand)) continue;
    if (!after.fits(later.demand)) return true;
    after.place(later.demand);
  }
  return false;
}

// The set changes only at launches, completions and last issues, and masks when a kernel
// scheduler sets one, so limits are recomputed only when they differ from those they were
// computed for; they are looked at only when the dispatcher says they may have changed (every
// pick did, walking every active kernel).
void MpMax::update_limits(const DispatchView& view) {
  if (view.issuing_changes() == seen_changes_) return;
  seen_changes_ = view.issuing_changes();
  const std::span<const KernelId> issuing = issuing_.of(view);
  if (!co_runners_changed(issuing, view)) return;
  co_runners_.assign(issuing.begin(), issuing.end());
  co_runner_masks_.clear();
  for (const KernelId k : co_runners_)
    co_runner_masks_.push_back(view.kernel(k).cu_mask);
  limits_per_cu_ = std::ranges::any_of(co_runner_masks_, [](const auto& m) { return !m.empty(); });
  const std::size_t n = co_runners_.size();
  const CuIndex rows = limits_per_cu_ ? view.cu_count() : 1;
  limits_.assign(rows * n, 0);
  // CUs whose masks admit the same co-runners have the same limits: computed once.
  std::map<std::vector<std::size_t>, CuIndex> first_row_with;
  std::vector<std::size_t> admitted;
  for (CuIndex cu = 0; cu < rows; ++cu) {
    admitted.clear();
    for (std::size_t i = 0; i < n; ++i) {
      if (view.kernel(co_runners_[i]).mask_admits(cu)) admitted.push_back(i);
    }
    const auto [first, fresh] = first_row_with.try_emplace(admitted, cu);
    const auto row = limits_.begin() + static_cast<std::ptrdiff_t>(cu * n);
    if (!fresh) {
      std::copy_n(limits_.begin() + static_cast<std::ptrdiff_t>(first->second * n), n, row);
      continue;
    }
    for (const std::size_t i : admitted)
      row[static_cast<std::ptrdiff_t>(i)] = fit_beside_set_aside(view, i, admitted);
  }
}

bool MpMax::co_runners_changed(std::span<const KernelId> issuing, const DispatchView& view) const {
  if (!std::ranges::equal(issuing, co_runners_)) return true;
  for (std::size_t i = 0; i < co_runners_.size(); ++i) {
    if (view.kernel(co_runners_[i]).cu_mask != co_runner_masks_[i]) return true;
  }
  return false;
}

std::uint32_t MpMax::fit_beside_set_aside(const DispatchView& view, std::size_t i,
                                          std::span<const std::size_t> admitted) const {
  std::vector<WorkgroupDemand> set_aside;
  for (const std::size_t j : admitted) {
    if (j != i) set_aside.push_back(view.kernel(co_runners_[j]).demand);
  }
  const KernelState& k = view.kernel(co_runners_[i]);
  return empty_cu_.fit_count(k.demand, set_aside, k.occupancy.max_residency);
}

}  // namespace aqlsim
