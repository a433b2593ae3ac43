#include "hip_backend/gpu/issue_order.hpp"

#include <algorithm>
#include <cassert>
#include <queue>
#include <tuple>

#include "hip_backend/plan_deadlock.hpp"

namespace aqlsim::hip {

bool issues_from_one_thread(const LaunchPlan& plan, bool evicting) {
  const bool polls_or = std::any_of(plan.ops.begin(), plan.ops.end(), [](const PlanOp& op) {
    return op.kind == PlanOpKind::barrier_or;
  });
  const bool evicts = evicting && std::any_of(plan.dispatches.begin(), plan.dispatches.end(),
                                              [](const PlannedDispatch& d) {
                                                return d.persistent_workers_per_cu > 0;
                                              });
  return !polls_or && !evicts;
}

std::vector<std::uint32_t> issue_order(const LaunchPlan& plan) {
  const std::size_t n = plan.ops.size();
  // What each op waits to be issued after, as counts and the reverse edges.
  std::vector<std::uint32_t> waiting(n, 0);
  std::vector<std::vector<std::uint32_t>> unblocks(n);
  const auto edge = [&](std::uint32_t before, std::uint32_t after) {
    ++waiting[after];
    unblocks[before].push_back(after);
  };
  for (const PlanQueue& queue : plan.queues) {
    for (std::size_t i = 1; i < queue.ops.size(); ++i)
      edge(queue.ops[i - 1], queue.ops[i]);
  }
  for (std::uint32_t op = 0; op < n; ++op) {
    assert(plan.ops[op].kind != PlanOpKind::barrier_or && "see issues_from_one_thread");
    for (std::uint32_t dep : plan.ops[op].waits_for)
      edge(dep, op);
  }

  // (submission time, when it became ready, op): the smallest goes first.
  using Ready = std::tuple<Tick, std::uint64_t, std::uint32_t>;
  std::priority_queue<Ready, std::vector<Ready>, std::greater<>> ready;
  std::uint64_t readied = 0;
  for (std::uint32_t op = 0; op < n; ++op) {
    if (waiting[op] == 0) ready.emplace(plan.ops[op].submit_at, readied++, op);
  }
  std::vector<std::uint32_t> order;
  order.reserve(n);
  while (!ready.empty()) {
    const std::uint32_t op = std::get<2>(ready.top());
    ready.pop();
    order.push_back(op);
    for (std::uint32_t next : unblocks[op]) {
      if (--waiting[next] == 0) ready.emplace(plan.ops[next].submit_at, readied++, next);
    }
  }
  if (order.size() < n) check_plan_completes(plan);  // throws: some ops wait in a cycle
  return order;
}

}  // namespace aqlsim::hip
