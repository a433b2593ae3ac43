#include "hip_backend/cpu/plan_check.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "config/counted.hpp"
#include "hip_backend/cpu/cu_mask.hpp"
#include "hip_backend/executor.hpp"

namespace aqlsim::hip::cpu {
namespace {

[[noreturn]] void reject(const std::string& what) {
  throw std::invalid_argument("cpu executor: " + what);
}

// Some thread may run the dispatch's work-groups: a pool worker whose CU the mask enables, or
// for a persistent kernel any enabled CU (its workers are threads of their own).
bool runnable(const LaunchPlan& plan, const PlanQueue& queue, const PlannedDispatch& dispatch,
              std::uint32_t workers) {
  const std::uint32_t candidates =
      dispatch.persistent_workers_per_cu > 0 ? plan.compute_units : workers;
  for (std::uint32_t w = 0; w < candidates; ++w) {
    if (cu_enabled(queue.cu_mask, w % plan.compute_units)) return true;
  }
  return false;
}

void check_op(const LaunchPlan& plan, const PlanQueue& queue, const PlanOp& op,
              std::uint32_t workers, std::vector<bool>& launched) {
  for (const std::uint32_t dependency : op.waits_for) {
    if (dependency >= plan.ops.size()) reject("packet '" + op.name + "' waits for no packet");
  }
  if (op.kind != PlanOpKind::dispatch) return;
  if (op.dispatch >= plan.dispatches.size()) reject("packet '" + op.name + "' has no dispatch");
  if (launched[op.dispatch]) reject("packet '" + op.name + "' launches a dispatch launched before");
  launched[op.dispatch] = true;
  const PlannedDispatch& dispatch = plan.dispatches[op.dispatch];
  if (dispatch.durations.size() != dispatch.workgroups) {
    reject("dispatch '" + dispatch.name + "' has " + std::to_string(dispatch.durations.size()) +
           " durations for " + std::to_string(dispatch.workgroups) + " work-groups");
  }
  if (!runnable(plan, queue, dispatch, workers)) {
    throw ExecutorOptionError("cpu executor: no worker may run dispatch '" + dispatch.name +
                              "': queue '" + queue.name + "' enables no CU that one of the " +
                              counted(workers, "worker") + " (--cpu-workers) " +
                              (workers == 1 ? "stands" : "stand") + " for");
  }
}

}  // namespace

void check_plan(const LaunchPlan& plan, std::uint32_t workers) {
  if (plan.compute_units == 0) reject("the plan has no compute units");
  std::vector<bool> queued(plan.ops.size(), false);
  std::vector<bool> launched(plan.dispatches.size(), false);
  for (std::uint32_t q = 0; q < plan.queues.size(); ++q) {
    const PlanQueue& queue = plan.queues[q];
    if (!queue.cu_mask.empty() && queue.cu_mask.size() != plan.compute_units) {
      reject("queue '" + queue.name + "' has a CU mask of " + std::to_string(queue.cu_mask.size()) +
             " entries for " + std::to_string(plan.compute_units) + " CUs");
    }
    for (const std::uint32_t index : queue.ops) {
      if (index >= plan.ops.size() || queued[index] || plan.ops[index].queue != q) {
        reject("queue '" + queue.name + "' lists an op that is not one of its own");
      }
      queued[index] = true;
      check_op(plan, queue, plan.ops[index], workers, launched);
    }
  }
  for (std::size_t op = 0; op < plan.ops.size(); ++op) {
    if (!queued[op]) reject("packet '" + plan.ops[op].name + "' is in no queue");
  }
}

}  // namespace aqlsim::hip::cpu
