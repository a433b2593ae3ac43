#include "queue_sched/fairness_plan.hpp"

#include <algorithm>
#include <cassert>
#include <utility>

namespace aqlsim {
namespace {

// Slowdowns once each kernel's finish time F_i (from now) is known.
std::vector<double> slowdowns(std::span<const PlannedKernel> kernels,
                              std::span<const double> finish) {
  std::vector<double> out;
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    assert(kernels[i].alone > 0);
    out.push_back((kernels[i].elapsed + finish[i]) / kernels[i].alone);
  }
  return out;
}

// Two kernels progressing at `share_a` and `share_b` of their exclusive speed until one ends;
// the other then has the GPU to itself. Returns their finish times.
std::pair<double, double> share_pair(double t_a, double t_b, double share_a, double share_b) {
  if (share_b <= 0) return {t_a / share_a, t_a / share_a + t_b};
  const double first_a = t_a / share_a;
  const double first_b = t_b / share_b;
  if (first_a <= first_b) return {first_a, first_a + (t_b - first_a * share_b)};
  return {first_b + (t_a - first_b * share_a), first_b};
}

// Kernels from index `first` on run one after another from `start`: appends their finishes.
void run_in_turn(std::span<const PlannedKernel> kernels, std::size_t first, double start,
                 std::vector<double>& finish) {
  for (std::size_t i = first; i < kernels.size(); ++i) {
    start += kernels[i].remaining;
    finish.push_back(start);
  }
}

}  // namespace

std::vector<double> exclusive_slowdowns(std::span<const PlannedKernel> kernels) {
  std::vector<double> finish;
  run_in_turn(kernels, 0, 0, finish);
  return slowdowns(kernels, finish);
}

std::vector<double> sharing_slowdowns(std::span<const PlannedKernel> kernels, double fast_share,
                                      double co_share) {
  assert(kernels.size() >= 2 && fast_share > 0);
  const auto [a, b] = share_pair(kernels[0].remaining, kernels[1].remaining, fast_share, co_share);
  std::vector<double> finish{a, b};
  run_in_turn(kernels, 2, std::max(a, b), finish);
  return slowdowns(kernels, finish);
}

double slowdown_gap(std::span<const double> slowdowns) {
  if (slowdowns.empty()) return 0;
  const auto [lo, hi] = std::ranges::minmax_element(slowdowns);
  return *hi - *lo;
}

}  // namespace aqlsim
