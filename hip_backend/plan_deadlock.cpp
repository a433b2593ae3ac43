#include "hip_backend/plan_deadlock.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

namespace aqlsim::hip {
namespace {

// Whether each op can complete (see ops_that_never_complete).
std::vector<bool> completing_ops(const LaunchPlan& plan) {
  const std::size_t n = plan.ops.size();
  // Per op: the waits still open that all must end (its queue's previous op and its
  // barrier-AND's ops), and whether its barrier-OR still waits for the first of its ops.
  std::vector<std::uint32_t> all_open(n, 0);
  std::vector<bool> any_open(n, false);
  struct Waiter {
    std::uint32_t op;
    bool for_any;  // through a barrier-OR
  };
  std::vector<std::vector<Waiter>> waiters(n);
  for (const PlanQueue& queue : plan.queues) {
    for (std::size_t i = 1; i < queue.ops.size(); ++i) {
      ++all_open[queue.ops[i]];
      waiters[queue.ops[i - 1]].push_back({queue.ops[i], false});
    }
  }
  for (std::uint32_t op = 0; op < n; ++op) {
    const PlanOp& o = plan.ops[op];
    const bool for_any = o.kind == PlanOpKind::barrier_or;
    any_open[op] = for_any && !o.waits_for.empty();
    for (std::uint32_t dep : o.waits_for) {
      if (!for_any) ++all_open[op];
      waiters[dep].push_back({op, for_any});
    }
  }

  std::vector<bool> completes(n, false);
  std::vector<std::uint32_t> completed;  // in the order found, each op once
  const auto settle = [&](std::uint32_t op) {
    if (completes[op] || all_open[op] > 0 || any_open[op]) return;
    completes[op] = true;
    completed.push_back(op);
  };
  for (std::uint32_t op = 0; op < n; ++op)
    settle(op);
  for (std::size_t i = 0; i < completed.size(); ++i) {
    for (const Waiter& w : waiters[completed[i]]) {
      if (w.for_any) {
        any_open[w.op] = false;
      } else {
        --all_open[w.op];
      }
      settle(w.op);
    }
  }
  return completes;
}

// What `op` (one that never completes) waits for that never completes either: its queue's
// previous op, or an op of its barrier (for an OR, every one never completes).
std::uint32_t blocker(const LaunchPlan& plan, const std::vector<bool>& completes,
                      std::uint32_t op) {
  const PlanOp& o = plan.ops[op];
  const std::vector<std::uint32_t>& queue = plan.queues[o.queue].ops;
  const auto at = std::find(queue.begin(), queue.end(), op);
  if (at != queue.begin() && !completes[*(at - 1)]) return *(at - 1);
  return *std::find_if(o.waits_for.begin(), o.waits_for.end(),
                       [&](std::uint32_t dep) { return !completes[dep]; });
}

// Following blockers from `op` must come back to an op already seen: the cycle from there.
std::vector<std::uint32_t> cycle_behind(const LaunchPlan& plan, const std::vector<bool>& completes,
                                        std::uint32_t op) {
  std::vector<std::uint32_t> path;
  std::vector<bool> seen(plan.ops.size(), false);
  while (!seen[op]) {
    seen[op] = true;
    path.push_back(op);
    op = blocker(plan, completes, op);
  }
  return {std::find(path.begin(), path.end(), op), path.end()};
}

}  // namespace

std::vector<std::uint32_t> ops_that_never_complete(const LaunchPlan& plan) {
  const std::vector<bool> completes = completing_ops(plan);
  std::vector<std::uint32_t> never;
  for (std::uint32_t op = 0; op < completes.size(); ++op) {
    if (!completes[op]) never.push_back(op);
  }
  return never;
}

void check_plan_completes(const LaunchPlan& plan) {
  const std::vector<bool> completes = completing_ops(plan);
  const auto stuck = std::find(completes.begin(), completes.end(), false);
  if (stuck == completes.end()) return;
  const std::vector<std::uint32_t> ops =
      cycle_behind(plan, completes, static_cast<std::uint32_t>(stuck - completes.begin()));
  const auto named = [&](std::uint32_t op) {
    return fmt::format("'{}' (queue '{}')", plan.ops[op].name,
                       plan.queues[plan.ops[op].queue].name);
  };
  std::string cycle = named(ops.front()) + " waits for ";
  for (std::size_t i = 1; i < ops.size(); ++i)
    cycle += named(ops[i]) + ", which waits for ";
  throw PlanDeadlock(fmt::format(
      "the workload can never complete: {}'{}' (a cycle through queue order and barriers); {} of "
      "its {} packets can never complete",
      cycle, plan.ops[ops.front()].name, std::count(completes.begin(), completes.end(), false),
      plan.ops.size()));
}

}  // namespace aqlsim::hip
