// What the HIP and CUDA executors make of a finished run, without a GPU: device records in host
// ticks and each op's completion.
#include "hip_backend/gpu/stream_results.hpp"

#include <gtest/gtest.h>

namespace aqlsim::hip {
namespace {

TEST(StreamResults, RecordsBecomeHostTicksAndTheDispatchSpansThem) {
  const DeviceClock clock(100e6, {0, 0, 1000});  // device 1000 at host 0; 10 ns a tick
  const aqlsim_wg_record records[] = {{1100, 1300, 7}, {1050, 1200, 3}};
  const MeasuredDispatch m = measured_dispatch(records, clock, 200);
  ASSERT_EQ(m.workgroups.size(), 2u);
  EXPECT_EQ(m.workgroups[0].start, 1 * kMicrosecond);
  EXPECT_EQ(m.workgroups[0].end, 3 * kMicrosecond);
  EXPECT_EQ(m.workgroups[0].cu, 7u);
  EXPECT_EQ(m.submit, 200);
  EXPECT_EQ(m.start, 500 * kNanosecond);  // the earliest start, not the first record's
  EXPECT_EQ(m.end, 3 * kMicrosecond);
  const MeasuredDispatch empty = measured_dispatch({}, clock, 200);
  EXPECT_EQ(empty.start, 200);
  EXPECT_EQ(empty.end, 200);
}

MeasuredDispatch ending_at(Tick end) {
  MeasuredDispatch m;
  m.end = end;
  return m;
}

PlanOp plan_op(PlanOpKind kind, std::uint32_t dispatch, std::vector<std::uint32_t> waits_for = {},
               Tick submit_at = 0) {
  PlanOp o;
  o.kind = kind;
  o.dispatch = dispatch;
  o.waits_for = std::move(waits_for);
  o.submit_at = submit_at;
  return o;
}

TEST(StreamResults, BarriersCompleteAfterTheirStreamAndTheirCondition) {
  LaunchPlan plan;
  // q0: d0 (ends 10), q1: d1 (ends 30), AND{0, 1}, OR{0, 1}, d2 (ends 50);
  // q2: OR on q1's last op (resolved across queues, later in the list), an empty AND at 70.
  plan.ops = {plan_op(PlanOpKind::dispatch, 0),
              plan_op(PlanOpKind::dispatch, 1),
              plan_op(PlanOpKind::barrier_and, kNoDispatch, {0, 1}),
              plan_op(PlanOpKind::barrier_or, kNoDispatch, {0, 1}),
              plan_op(PlanOpKind::dispatch, 2),
              plan_op(PlanOpKind::barrier_or, kNoDispatch, {4}),
              plan_op(PlanOpKind::barrier_and, kNoDispatch, {}, 70)};
  plan.queues = {{"q0", 1, {}, {0}}, {"q1", 1, {}, {1, 2, 3, 4}}, {"q2", 1, {}, {5, 6}}};
  const std::vector<Tick> done =
      completion_times(plan, {ending_at(10), ending_at(30), ending_at(50)});
  EXPECT_EQ(done, (std::vector<Tick>{10, 30, 30, 30, 50, 50, 70}));
}

TEST(StreamResults, AnOrBarrierCompletesWithItsFirstDependency) {
  LaunchPlan plan;
  // q0: d0 (ends 40); q1: d1 (ends 5), then OR{0, 1}: done with d1, the first to end.
  plan.ops = {plan_op(PlanOpKind::dispatch, 0), plan_op(PlanOpKind::dispatch, 1),
              plan_op(PlanOpKind::barrier_or, kNoDispatch, {0, 1})};
  plan.queues = {{"q0", 1, {}, {0}}, {"q1", 1, {}, {1, 2}}};
  EXPECT_EQ(completion_times(plan, {ending_at(40), ending_at(5)}), (std::vector<Tick>{40, 5, 5}));
  // The same barrier as AND waits for the later one.
  plan.ops[2].kind = PlanOpKind::barrier_and;
  EXPECT_EQ(completion_times(plan, {ending_at(40), ending_at(5)}), (std::vector<Tick>{40, 5, 40}));
}

}  // namespace
}  // namespace aqlsim::hip
