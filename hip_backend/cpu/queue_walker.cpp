#include "hip_backend/cpu/queue_walker.hpp"

#include <span>

namespace aqlsim::hip::cpu {

void walk_queue(RunState& state, WorkerPool& pool, PersistentKernels& persistent,
                std::uint32_t queue) {
  const LaunchPlan& plan = state.plan();
  const PlanQueue& q = plan.queues[queue];
  const std::span<const std::uint32_t> ops(q.ops);
  auto lock = state.lock();
  for (std::size_t k = 0; k < ops.size(); ++k) {
    const PlanOp& op = plan.ops[ops[k]];
    if (!state.sleep_until(lock, state.clock().at(op.submit_at))) return;
    if (op.barrier_bit && !state.wait_for_ops(lock, {.any = false, .ops = ops.first(k)})) {
      return;
    }
    if (op.kind == PlanOpKind::dispatch) {
      if (!state.submit(ops[k])) continue;
      if (plan.dispatches[op.dispatch].persistent_workers_per_cu > 0) {
        persistent.launch(op.dispatch, q.cu_mask);
      } else {
        pool.launch(op.dispatch, q.cu_mask);
      }
      continue;
    }
    const OpWait dependencies{.any = op.kind == PlanOpKind::barrier_or, .ops = op.waits_for};
    if (!state.wait_for_ops(lock, dependencies)) return;
    state.complete_op(ops[k], state.clock().now());
  }
}

}  // namespace aqlsim::hip::cpu
