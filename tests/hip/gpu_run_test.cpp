// A small plan run on a real GPU by the hip and cuda executors: skipped where the backend has no
// device (on this project's build machines, always: these paths are untested there).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "hip_backend/executor.hpp"

namespace aqlsim::hip {
namespace {

PlannedDispatch spin(std::string name, std::uint64_t workgroups, std::uint32_t bucket,
                     std::uint32_t lds, Tick duration, std::uint32_t persistent_workers = 0) {
  PlannedDispatch d;
  d.name = name;
  d.kernel = std::move(name);
  d.workgroups = workgroups;
  d.workgroup_size = 64;
  d.vgprs = d.vgpr_bucket = bucket;
  d.lds_bytes = lds;
  d.persistent_workers_per_cu = persistent_workers;
  d.durations.assign(workgroups, duration);
  return d;
}

PlanOp queued_op(PlanOpKind kind, std::uint32_t queue, std::uint32_t dispatch,
                 std::vector<std::uint32_t> waits_for = {}) {
  PlanOp o;
  o.kind = kind;
  o.name = "op";
  o.queue = queue;
  o.dispatch = dispatch;
  o.waits_for = std::move(waits_for);
  return o;
}

// Two queues: q0 spins a kernel; q1 runs a persistent kernel, a barrier-AND on q0's kernel, a
// barrier-OR on either kernel (so the stream executors issue from a thread per queue), then
// another kernel, with 64 KiB of LDS (CUDA: past the 48 KiB a launch gets without opting in).
LaunchPlan small_plan() {
  LaunchPlan plan;
  plan.source = "gpu_run_test";
  plan.dispatches = {spin("a", 8, 32, 1024, 50 * kMicrosecond),
                     spin("p", 32, 128, 0, 20 * kMicrosecond, 1),
                     spin("b", 4, 256, 64 * 1024, 30 * kMicrosecond)};
  plan.ops = {queued_op(PlanOpKind::dispatch, 0, 0), queued_op(PlanOpKind::dispatch, 1, 1),
              queued_op(PlanOpKind::barrier_and, 1, kNoDispatch, {0}),
              queued_op(PlanOpKind::barrier_or, 1, kNoDispatch, {0, 1}),
              queued_op(PlanOpKind::dispatch, 1, 2)};
  plan.queues = {{"q0", 1, {}, {0}}, {"q1", 2, {}, {1, 2, 3, 4}}};
  return plan;
}

class GpuRun : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    for (const BackendInfo& info : probe_backends()) {
      if (info.backend == GetParam() && info.usable) return;
    }
    GTEST_SKIP() << GetParam() << " has no usable device here";
  }
};

// Every work-group recorded once, starting before it ends and spinning at least as asked.
void expect_measured(const PlannedDispatch& planned, const MeasuredDispatch& measured) {
  SCOPED_TRACE(planned.name);
  ASSERT_EQ(measured.workgroups.size(), planned.workgroups);
  EXPECT_GE(measured.launches, 1u);
  EXPECT_LE(measured.submit, measured.start);
  EXPECT_LE(measured.start, measured.end);
  for (std::size_t i = 0; i < measured.workgroups.size(); ++i) {
    const MeasuredWorkgroup& wg = measured.workgroups[i];
    EXPECT_LE(wg.start, wg.end) << i;
    // One device clock tick of rounding (at most 10 ns at AMD's 100 MHz wall clock).
    EXPECT_GE(wg.end - wg.start, planned.durations[i] - 10 * kNanosecond) << i;
  }
}

TEST_P(GpuRun, RunsEveryWorkgroupForAtLeastItsDurationInDependencyOrder) {
  const LaunchPlan plan = small_plan();
  const MeasuredRun run = make_executor(GetParam(), {})->run(plan);
  EXPECT_EQ(run.executor, GetParam());
  ASSERT_EQ(run.dispatches.size(), plan.dispatches.size());
  ASSERT_EQ(run.op_completed.size(), plan.ops.size());
  for (std::size_t i = 0; i < plan.dispatches.size(); ++i) {
    expect_measured(plan.dispatches[i], run.dispatches[i]);
  }
  EXPECT_GE(run.op_completed[2], run.op_completed[0]);  // barrier-AND after q0's kernel
  EXPECT_GE(run.op_completed[3], run.op_completed[2]);  // in-order stream
  // The last kernel starts after the barriers before it in its stream (clock anchor: 1 us).
  EXPECT_GE(run.dispatches[2].start + kMicrosecond, run.op_completed[3]);
}

// A plan without a barrier-OR goes from one host thread, its time-0 ops queued before plan time
// 0 behind the gate; an op due later is issued at its time.
TEST_P(GpuRun, OneThreadQueuesTheTimeZeroOpsAndTheGpuResolvesTheirBarriers) {
  LaunchPlan plan;
  plan.dispatches = {spin("a", 8, 32, 0, 50 * kMicrosecond), spin("b", 8, 32, 0, 20 * kMicrosecond),
                     spin("c", 8, 32, 0, 20 * kMicrosecond)};
  plan.ops = {queued_op(PlanOpKind::dispatch, 0, 0),
              queued_op(PlanOpKind::barrier_and, 1, kNoDispatch, {0}),
              queued_op(PlanOpKind::dispatch, 1, 1), queued_op(PlanOpKind::dispatch, 2, 2)};
  plan.ops[3].submit_at = 300 * kMicrosecond;
  plan.queues = {{"q0", 1, {}, {0}}, {"q1", 1, {}, {1, 2}}, {"q2", 1, {}, {3}}};
  const MeasuredRun run = make_executor(GetParam(), {})->run(plan);
  for (std::size_t i = 0; i < plan.dispatches.size(); ++i)
    expect_measured(plan.dispatches[i], run.dispatches[i]);
  EXPECT_EQ(run.dispatches[0].submit, 0);  // queued behind the gate
  EXPECT_EQ(run.dispatches[1].submit, 0);
  // b waits on the GPU for a (clock anchor: 1 us).
  EXPECT_GE(run.dispatches[1].start + kMicrosecond, run.dispatches[0].end);
  EXPECT_GE(run.dispatches[2].submit, 300 * kMicrosecond);  // issued at its time
  EXPECT_GE(run.dispatches[2].start + kMicrosecond, 300 * kMicrosecond);
}

TEST_P(GpuRun, EvictedPersistentKernelsAreRelaunchedUntilEveryTaskRan) {
  LaunchPlan plan;
  plan.dispatches = {spin("p", 2048, 64, 0, 100 * kMicrosecond, 1)};
  plan.ops = {queued_op(PlanOpKind::dispatch, 0, 0)};
  plan.queues = {{"q0", 1, {}, {0}}};
  ExecutorOptions options;
  options.eviction_period = 300 * kMicrosecond;
  const MeasuredRun run = make_executor(GetParam(), options)->run(plan);
  const MeasuredDispatch& measured = run.dispatches[0];
  expect_measured(plan.dispatches[0], measured);
  EXPECT_GE(measured.launches, 2u);
  // One delay per eviction. The last one may find every task taken (seen on an H100): the
  // workers finish theirs and nothing is relaunched.
  EXPECT_GE(measured.eviction_delays.size(), measured.launches - 1);
  EXPECT_LE(measured.eviction_delays.size(), measured.launches);
}

TEST_P(GpuRun, CalibrationMeasuresTheClockAndSaysHow) {
  const Calibration c = make_executor(GetParam(), {})->calibrate();
  EXPECT_GT(c.compute_units, 0u);
  EXPECT_GT(c.clock_hz_measured, 0);
  if (c.clock_hz_declared > 0) {
    EXPECT_NEAR(c.clock_hz_measured / c.clock_hz_declared, 1, 0.01);
  }
  EXPECT_GT(c.launch_latency, 0);
  EXPECT_GE(c.spin_error, 0);
  EXPECT_EQ(c.sources.size(), 5u);
}

INSTANTIATE_TEST_SUITE_P(Backends, GpuRun, ::testing::Values("hip", "cuda"));

}  // namespace
}  // namespace aqlsim::hip
