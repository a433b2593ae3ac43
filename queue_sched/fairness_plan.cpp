#include "queue_sched/fairness_plan.hpp"

#include <algorithm>
#include <cassert>
#include <limits>
#include <utility>

namespace aqlsim {
namespace {

double slowdown(const PlannedKernel& kernel, double finish) {
  assert(kernel.alone > 0);
  return (kernel.elapsed + finish) / kernel.alone;
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

// Kernels from index `first` on run one after another from `start`: `sink` hears their
// slowdowns in order.
template <class Sink>
void run_in_turn(std::span<const PlannedKernel> kernels, std::size_t first, double start,
                 Sink& sink) {
  for (std::size_t i = first; i < kernels.size(); ++i) {
    start += kernels[i].remaining;
    sink(slowdown(kernels[i], start));
  }
}

template <class Sink>
void exclusive_plan(std::span<const PlannedKernel> kernels, Sink& sink) {
  run_in_turn(kernels, 0, 0, sink);
}

template <class Sink>
void sharing_plan(std::span<const PlannedKernel> kernels, double fast_share, double co_share,
                  Sink& sink) {
  assert(kernels.size() >= 2 && fast_share > 0);
  const auto [a, b] = share_pair(kernels[0].remaining, kernels[1].remaining, fast_share, co_share);
  sink(slowdown(kernels[0], a));
  sink(slowdown(kernels[1], b));
  run_in_turn(kernels, 2, std::max(a, b), sink);
}

struct Collect {
  std::vector<double> slowdowns;
  void operator()(double s) { slowdowns.push_back(s); }
};

// The gap without keeping the slowdowns (SRTF/Adaptive forecasts after every event): the
// slowdowns are finite, so the extremes are the values slowdown_gap finds.
struct Extremes {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void operator()(double s) {
    lo = std::min(lo, s);
    hi = std::max(hi, s);
  }
  double gap() const { return lo <= hi ? hi - lo : 0; }
};

}  // namespace

std::vector<double> exclusive_slowdowns(std::span<const PlannedKernel> kernels) {
  Collect sink;
  exclusive_plan(kernels, sink);
  return std::move(sink.slowdowns);
}

std::vector<double> sharing_slowdowns(std::span<const PlannedKernel> kernels, double fast_share,
                                      double co_share) {
  Collect sink;
  sharing_plan(kernels, fast_share, co_share, sink);
  return std::move(sink.slowdowns);
}

double slowdown_gap(std::span<const double> slowdowns) {
  if (slowdowns.empty()) return 0;
  const auto [lo, hi] = std::ranges::minmax_element(slowdowns);
  return *hi - *lo;
}

double exclusive_gap(std::span<const PlannedKernel> kernels) {
  Extremes sink;
  exclusive_plan(kernels, sink);
  return sink.gap();
}

double sharing_gap(std::span<const PlannedKernel> kernels, double fast_share, double co_share) {
  Extremes sink;
  sharing_plan(kernels, fast_share, co_share, sink);
  return sink.gap();
}

}  // namespace aqlsim
