#include "queue_sched/greedy_allocation.hpp"

#include <algorithm>
#include <numeric>

#include "hsa_model/compute_unit.hpp"

namespace aqlsim {
namespace {

// True when `workers[i]` work-groups of every candidate fit on one empty CU together.
bool fits_together(const ComputeUnitSpec& spec, std::span<const AllocationCandidate> candidates,
                   std::span<const std::uint32_t> workers) {
  ComputeUnit cu(spec);
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    for (std::uint32_t w = 0; w < workers[i]; ++w) {
      if (!cu.fits(candidates[i].demand)) return false;
      cu.place(candidates[i].demand);
    }
  }
  return true;
}

}  // namespace

std::vector<ConfigPoint> prune_profile(std::span<const Tick> runtime_by_workers) {
  std::vector<ConfigPoint> kept;
  for (std::size_t i = 0; i < runtime_by_workers.size(); ++i) {
    const Tick t = runtime_by_workers[i];
    if (t > 0 && (kept.empty() || t < kept.back().runtime))
      kept.push_back({static_cast<std::uint32_t>(i + 1), t});
  }
  return kept;
}

std::vector<std::uint32_t> greedy_allocation(const ComputeUnitSpec& cu,
                                             std::span<const AllocationCandidate> candidates) {
  const std::size_t n = candidates.size();
  std::vector<std::size_t> level(n, 0);
  std::vector<std::uint32_t> workers(n, 0);
  std::vector<char> marked(n, 0);
  // Admission: in order, each kernel at its first point if it still fits.
  for (std::size_t i = 0; i < n; ++i) {
    workers[i] = candidates[i].configs.front().workers;
    if (!fits_together(cu, candidates, workers)) {
      workers[i] = 0;
      marked[i] = 1;
    }
  }
  const auto remaining = [&](std::size_t i) {
    return static_cast<double>(candidates[i].configs[level[i]].runtime) * candidates[i].left;
  };
  std::vector<std::size_t> order(n);
  for (;;) {
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return remaining(a) > remaining(b); });
    const auto first =
        std::find_if(order.begin(), order.end(), [&](std::size_t i) { return marked[i] == 0; });
    if (first == order.end()) break;
    const std::size_t i = *first;
    if (level[i] + 1 >= candidates[i].configs.size()) {
      marked[i] = 1;
      continue;
    }
    ++level[i];
    workers[i] = candidates[i].configs[level[i]].workers;
    if (!fits_together(cu, candidates, workers)) {
      --level[i];
      workers[i] = candidates[i].configs[level[i]].workers;
      marked[i] = 1;
    }
  }
  return workers;
}

}  // namespace aqlsim
