#include "queue_sched/sjf.hpp"

#include <algorithm>

#include "queue_sched/ordered_pick.hpp"

namespace aqlsim {
namespace {

// Unknown runtimes (0) sort after every known one.
Tick runtime_key(Tick isolated_runtime) {
  return isolated_runtime > 0 ? isolated_runtime : kNever;
}

// Sort key: kernel ids grow with launch order, so they break ties.
std::pair<Tick, KernelId> shortest_first(const DispatchView& view, KernelId k) {
  return {runtime_key(view.kernel(k).isolated_runtime), k};
}

}  // namespace

std::vector<ParamSpec> sjf_params() {
  return {
      {"foresight", 1, 0, 1, true,
       "1: keep a CU idle for a shorter kernel the host submits before a work-group of the "
       "longer one would end (the paper's oracle); 0: consider launched kernels only"},
  };
}

Sjf::Sjf(const PolicyParams& params) : foresight_(params.get("foresight") != 0) {}

void Sjf::on_known_dispatches(std::vector<KnownDispatch> dispatches) {
  known_ = std::move(dispatches);
}

Tick Sjf::shorter_arrival_within_a_workgroup(const DispatchView& view, const KernelState& kernel) {
  const Tick now = view.now();
  const Tick horizon = now + kernel.duration.mean;
  // From arrivals at this very tick: their launch may come later in the tick than this pass.
  auto it = std::lower_bound(known_.begin(), known_.end(), now,
                             [](const KnownDispatch& d, Tick t) { return d.arrival < t; });
  for (; it != known_.end() && it->arrival < horizon; ++it) {
    if (runtime_key(it->isolated_runtime) < runtime_key(kernel.isolated_runtime))
      return it->arrival;
  }
  return kNever;
}

KernelId Sjf::pick(const DispatchView& view, CuIndex cu) {
  if (wake_at_ <= view.now()) wake_at_ = kNever;
  const KernelId kernel = pick_first_in_order(view, cu, order_);
  if (kernel == kNoKernel || !foresight_) return kernel;
  const Tick arrival = shorter_arrival_within_a_workgroup(view, view.kernel(kernel));
  if (arrival == kNever) return kernel;
  // Look again just after the arrival, in case the kernel's launch is delayed (by packet
  // processing, an unmapped queue or a barrier): the CU is then no longer held for it.
  wake_at_ = std::min(wake_at_, arrival + 1);
  return kNoKernel;
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
