#pragma once
// Launch plans built op by op in tests (names op0, op1, ... in order of addition).
#include <cstdint>
#include <string>
#include <vector>

#include "hip_backend/launch_plan.hpp"

namespace aqlsim::hip::test_plans {

// Appends an op to queue `queue` (created as needed, named q0, q1, ...) and returns its index;
// a dispatch gets an empty PlannedDispatch of its own.
inline std::uint32_t add(LaunchPlan& plan, std::uint32_t queue, PlanOpKind kind,
                         std::vector<std::uint32_t> waits_for = {}, Tick submit_at = 0) {
  while (plan.queues.size() <= queue) {
    plan.queues.emplace_back();
    plan.queues.back().name = "q" + std::to_string(plan.queues.size() - 1);
  }
  PlanOp op;
  op.kind = kind;
  op.name = "op" + std::to_string(plan.ops.size());
  op.queue = queue;
  op.submit_at = submit_at;
  op.waits_for = std::move(waits_for);
  if (kind == PlanOpKind::dispatch) {
    op.dispatch = static_cast<std::uint32_t>(plan.dispatches.size());
    plan.dispatches.emplace_back();
  }
  plan.ops.push_back(op);
  const auto index = static_cast<std::uint32_t>(plan.ops.size() - 1);
  plan.queues[queue].ops.push_back(index);
  return index;
}

}  // namespace aqlsim::hip::test_plans
