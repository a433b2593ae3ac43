#include "queue_sched/sjf.hpp"

#include <algorithm>

#include "queue_sched/ordered_pick.hpp"

namespace aqlsim {
namespace {

// Sort key: unknown runtimes last; kernel ids grow with launch order, so they break ties.
std::pair<Tick, KernelId> shortest_first(const DispatchView& view, KernelId k) {
  const Tick runtime = view.kernel(k).isolated_runtime;
  return {runtime > 0 ? runtime : kNever, k};
}

}  // namespace

std::optional<KernelId> Sjf::pick(const DispatchView& view, CuIndex cu) {
  return pick_first_in_order(view, cu, order_);
}

void Sjf::on_kernel_launched(const DispatchView& view, KernelId kernel) {
  const auto key = shortest_first(view, kernel);
  const auto at = std::find_if(order_.begin(), order_.end(),
                               [&](KernelId k) { return key < shortest_first(view, k); });
  order_.insert(at, kernel);
}

void Sjf::on_kernel_completed(const DispatchView&, KernelId kernel) {
  std::erase(order_, kernel);
}

}  // namespace aqlsim
