// The CPU-thread executor follows HSA queue semantics: in-order launch with concurrent
// execution, the barrier bit, barrier-AND/OR, CU masks, submission times and persistent kernels
// that survive evictions. Orderings are asserted, not timings: the tests run in parallel and
// under sanitizers, so every margin is many times a scheduling delay.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "hip_backend/executor.hpp"

namespace aqlsim::hip {
namespace {

constexpr Tick kMs = kMillisecond;

// Plans built packet by packet; each adder returns the op's index.
class PlanBuilder {
 public:
  explicit PlanBuilder(std::uint32_t compute_units) { plan_.compute_units = compute_units; }

  std::uint32_t queue(std::vector<std::uint8_t> cu_mask = {}) {
    const auto q = static_cast<std::uint32_t>(plan_.queues.size());
    plan_.queues.push_back(
        {.name = "q" + std::to_string(q), .priority = 1, .cu_mask = std::move(cu_mask), .ops = {}});
    return q;
  }

  struct DispatchSpec {
    std::vector<Tick> durations;
    bool barrier_bit = false;
    Tick submit_at = 0;
    std::uint32_t persistent_workers_per_cu = 0;
  };
  std::uint32_t dispatch(std::uint32_t q, DispatchSpec spec) {
    const auto d = static_cast<std::uint32_t>(plan_.dispatches.size());
    PlannedDispatch dispatch;
    dispatch.name = dispatch.kernel = "d" + std::to_string(d);
    dispatch.workgroups = spec.durations.size();
    dispatch.workgroup_size = 64;
    dispatch.vgprs = dispatch.vgpr_bucket = kVgprBuckets[0];
    dispatch.persistent_workers_per_cu = spec.persistent_workers_per_cu;
    dispatch.durations = std::move(spec.durations);
    plan_.dispatches.push_back(std::move(dispatch));
    return add({.kind = PlanOpKind::dispatch,
                .name = "",
                .queue = q,
                .submit_at = spec.submit_at,
                .barrier_bit = spec.barrier_bit,
                .dispatch = d,
                .waits_for = {}});
  }

  std::uint32_t barrier(std::uint32_t q, PlanOpKind kind, std::vector<std::uint32_t> waits_for,
                        Tick submit_at = 0) {
    return add({.kind = kind,
                .name = "",
                .queue = q,
                .submit_at = submit_at,
                .barrier_bit = false,
                .dispatch = kNoDispatch,
                .waits_for = std::move(waits_for)});
  }

  const LaunchPlan& plan() const { return plan_; }
  LaunchPlan& plan() { return plan_; }

 private:
  std::uint32_t add(PlanOp op) {
    const auto index = static_cast<std::uint32_t>(plan_.ops.size());
    op.name = "op" + std::to_string(index);
    plan_.queues[op.queue].ops.push_back(index);
    plan_.ops.push_back(std::move(op));
    return index;
  }

  LaunchPlan plan_;
};

ExecutorOptions options(double time_scale, Tick eviction_period = 0, std::uint32_t workers = 0) {
  ExecutorOptions o;
  o.time_scale = time_scale;
  o.cpu_workers = workers;
  o.eviction_period = eviction_period;
  return o;
}

// The run, with how long it took on the host (every measured time lies within it).
struct Timed {
  MeasuredRun run;
  Tick elapsed = 0;
};

Timed run(const LaunchPlan& plan, const ExecutorOptions& o) {
  const auto executor = make_cpu_executor(o);
  const auto before = std::chrono::steady_clock::now();
  Timed timed{.run = executor->run(plan), .elapsed = 0};
  timed.elapsed = std::chrono::duration_cast<std::chrono::duration<Tick, std::pico>>(
                      std::chrono::steady_clock::now() - before)
                      .count();
  return timed;
}

const MeasuredDispatch& of(const Timed& timed, const PlanBuilder& b, std::uint32_t op) {
  return timed.run.dispatches[b.plan().ops[op].dispatch];
}

// Every work-group (task) ran once, inside the run, for at least its scaled duration, and the
// dispatch's start and end are its first start and last end.
void expect_ran_in_full(const Timed& timed, const PlanBuilder& b, std::uint32_t op,
                        double time_scale) {
  const MeasuredDispatch& d = of(timed, b, op);
  const auto& durations = b.plan().dispatches[b.plan().ops[op].dispatch].durations;
  ASSERT_EQ(d.workgroups.size(), durations.size());
  Tick first = kNever;
  Tick last = 0;
  for (std::size_t i = 0; i < durations.size(); ++i) {
    const MeasuredWorkgroup& wg = d.workgroups[i];
    EXPECT_GE(wg.start, d.submit) << "work-group " << i;
    EXPECT_GE(static_cast<double>(wg.end - wg.start),
              static_cast<double>(durations[i]) * time_scale)
        << "work-group " << i;
    EXPECT_LE(wg.end, timed.elapsed) << "work-group " << i;
    first = std::min(first, wg.start);
    last = std::max(last, wg.end);
  }
  EXPECT_EQ(d.start, first);
  EXPECT_EQ(d.end, last);
  EXPECT_EQ(timed.run.op_completed[op], d.end);
}

TEST(CpuExecutor, DispatchesWithoutTheBarrierBitRunConcurrently) {
  PlanBuilder b(2);
  const auto q = b.queue();
  const auto first = b.dispatch(q, {.durations = {60 * kMs}});
  const auto second = b.dispatch(q, {.durations = {60 * kMs}});
  const Timed t = run(b.plan(), options(1.0));
  EXPECT_LT(of(t, b, second).start, of(t, b, first).end);
  EXPECT_LT(of(t, b, first).start, of(t, b, second).end);
  EXPECT_NE(of(t, b, first).workgroups[0].cu, of(t, b, second).workgroups[0].cu);
  EXPECT_LE(of(t, b, first).submit, of(t, b, second).submit);  // launched in order
}

TEST(CpuExecutor, TheBarrierBitWaitsForEveryEarlierPacket) {
  PlanBuilder b(2);
  const auto q = b.queue();
  const auto first = b.dispatch(q, {.durations = {40 * kMs}});
  const auto second = b.dispatch(q, {.durations = {40 * kMs}, .barrier_bit = true});
  const Timed t = run(b.plan(), options(1.0));
  EXPECT_GE(of(t, b, second).submit, of(t, b, first).end);
  EXPECT_GE(of(t, b, second).start, of(t, b, first).end);
  expect_ran_in_full(t, b, first, 1.0);
  expect_ran_in_full(t, b, second, 1.0);
}

// A fast and a slow dispatch on queues of their own, and on a third queue a barrier of `kind`
// on both, then a short dispatch.
struct BarrierOnTwo {
  BarrierOnTwo(PlanOpKind kind, Tick fast_for, Tick slow_for) {
    const auto q0 = b.queue();
    const auto q1 = b.queue();
    const auto q2 = b.queue();
    fast = b.dispatch(q0, {.durations = {fast_for}});
    slow = b.dispatch(q1, {.durations = {slow_for}});
    barrier = b.barrier(q2, kind, {slow, fast});
    dependent = b.dispatch(q2, {.durations = {10 * kMs}});
    t = run(b.plan(), options(1.0));
  }
  const MeasuredDispatch& operator[](std::uint32_t op) const { return of(t, b, op); }
  Tick barrier_done() const { return t.run.op_completed[barrier]; }

  PlanBuilder b{2};
  std::uint32_t fast = 0, slow = 0, barrier = 0, dependent = 0;
  Timed t;
};

TEST(CpuExecutor, BarrierAndWaitsForEveryDependency) {
  const BarrierOnTwo r(PlanOpKind::barrier_and, 30 * kMs, 60 * kMs);
  EXPECT_GE(r.barrier_done(), r[r.slow].end);
  EXPECT_GE(r.barrier_done(), r[r.fast].end);
  EXPECT_GE(r[r.dependent].submit, r.barrier_done());
  EXPECT_GE(r[r.dependent].start, r[r.slow].end);
}

TEST(CpuExecutor, BarrierOrCompletesWithItsFirstDependency) {
  const BarrierOnTwo r(PlanOpKind::barrier_or, 20 * kMs, 150 * kMs);
  EXPECT_GE(r.barrier_done(), r[r.fast].end);
  EXPECT_LT(r.barrier_done(), r[r.slow].end);
  EXPECT_LT(r[r.dependent].start, r[r.slow].end);
}

TEST(CpuExecutor, BarriersWithoutDependenciesAreSatisfiedAtOnce) {
  PlanBuilder b(1);
  const auto q = b.queue();
  const auto any = b.barrier(q, PlanOpKind::barrier_or, {});
  const auto all = b.barrier(q, PlanOpKind::barrier_and, {});
  const auto last = b.dispatch(q, {.durations = {kMs}});
  const Timed t = run(b.plan(), options(1.0));
  EXPECT_LE(t.run.op_completed[any], t.run.op_completed[all]);
  EXPECT_LE(t.run.op_completed[all], of(t, b, last).submit);
}

TEST(CpuExecutor, WorkgroupsRunOnlyWhereTheQueuesCuMaskAllows) {
  PlanBuilder b(4);
  const std::vector<std::vector<std::uint8_t>> masks = {{0, 1, 0, 1}, {1, 0, 0, 0}, {0, 0, 1, 1}};
  std::vector<std::uint32_t> ops;
  for (const auto& mask : masks) {
    const auto q = b.queue(mask);
    ops.push_back(b.dispatch(q, {.durations = std::vector<Tick>(8, 2 * kMs)}));
  }
  // A persistent kernel's workers stand for the CUs its queue enables.
  ops.push_back(
      b.dispatch(2, {.durations = std::vector<Tick>(8, 2 * kMs), .persistent_workers_per_cu = 1}));
  const Timed t = run(b.plan(), options(1.0));
  for (const auto op : ops) {
    const auto& mask = b.plan().queues[b.plan().ops[op].queue].cu_mask;
    for (const auto& wg : of(t, b, op).workgroups) {
      EXPECT_EQ(mask.at(wg.cu % 4), 1) << "op " << op << " ran on worker " << wg.cu;
    }
  }
}

TEST(CpuExecutor, PersistentKernelRunsEveryTaskOnceAcrossEvictions) {
  constexpr std::uint64_t kTasks = 40;
  PlanBuilder b(2);
  const auto q = b.queue();
  const auto op = b.dispatch(
      q, {.durations = std::vector<Tick>(kTasks, 4 * kMs), .persistent_workers_per_cu = 2});
  // 40 tasks on 4 workers take 40 ms at least: an eviction every 10 ms hits it several times.
  // A task run twice fails the run (each record is written once).
  const Timed t = run(b.plan(), options(1.0, 10 * kMs));
  const MeasuredDispatch& d = of(t, b, op);
  expect_ran_in_full(t, b, op, 1.0);
  for (const auto& task : d.workgroups)
    EXPECT_LT(task.cu, 2U);
  EXPECT_GT(d.launches, 1U);
  // Every eviction is recorded; each is followed by a relaunch, but the last one when the
  // workers leaving it had taken the last tasks (one read the flag just before it was set).
  EXPECT_GE(d.eviction_delays.size() + 1, d.launches);
  EXPECT_LE(d.eviction_delays.size(), d.launches);
  for (const Tick delay : d.eviction_delays) {
    EXPECT_GE(delay, 0);
    EXPECT_LE(delay, t.elapsed);
  }
}

TEST(CpuExecutor, PersistentKernelWithoutEvictionsLaunchesOnce) {
  PlanBuilder b(2);
  const auto q = b.queue({0, 1});
  const auto op =
      b.dispatch(q, {.durations = std::vector<Tick>(6, 2 * kMs), .persistent_workers_per_cu = 3});
  const Timed t = run(b.plan(), options(1.0));
  expect_ran_in_full(t, b, op, 1.0);
  EXPECT_EQ(of(t, b, op).launches, 1U);
  EXPECT_TRUE(of(t, b, op).eviction_delays.empty());
  for (const auto& task : of(t, b, op).workgroups)
    EXPECT_EQ(task.cu, 1U);
}

TEST(CpuExecutor, PacketsWaitForTheirSubmissionTime) {
  constexpr double kScale = 0.5;
  PlanBuilder b(2);
  const auto q0 = b.queue();
  const auto q1 = b.queue();
  const auto late = b.dispatch(q0, {.durations = {kMs}, .submit_at = 100 * kMs});
  const auto early = b.dispatch(q1, {.durations = {kMs}});
  const auto barrier = b.barrier(q1, PlanOpKind::barrier_and, {}, 60 * kMs);
  const Timed t = run(b.plan(), options(kScale));
  EXPECT_GE(static_cast<double>(of(t, b, late).submit), 100 * kMs * kScale);
  EXPECT_GE(of(t, b, late).start, of(t, b, late).submit);
  EXPECT_LT(of(t, b, early).submit, of(t, b, late).submit);
  EXPECT_GE(static_cast<double>(t.run.op_completed[barrier]), 60 * kMs * kScale);
}

TEST(CpuExecutor, EveryWorkgroupOfAPlanRunsOnceForItsScaledDuration) {
  constexpr double kScale = 0.25;
  PlanBuilder b(3);
  const auto q0 = b.queue();
  const auto q1 = b.queue({1, 1, 0});
  const auto q2 = b.queue({0, 0, 1});
  std::vector<std::uint32_t> dispatches;
  const auto first = b.dispatch(q0, {.durations = {4 * kMs, 12 * kMs, 8 * kMs, 4 * kMs, 6 * kMs}});
  dispatches.push_back(first);
  dispatches.push_back(
      b.dispatch(q0, {.durations = {10 * kMs, 2 * kMs, 5 * kMs}, .barrier_bit = true}));
  dispatches.push_back(b.dispatch(q1, {.durations = std::vector<Tick>(6, 7 * kMs)}));
  b.barrier(q1, PlanOpKind::barrier_and, {first});
  dispatches.push_back(b.dispatch(q1, {.durations = {3 * kMs, 9 * kMs, 3 * kMs, 9 * kMs}}));
  dispatches.push_back(b.dispatch(
      q2, {.durations = {5 * kMs, 1 * kMs, 5 * kMs, 1 * kMs}, .persistent_workers_per_cu = 2}));
  const auto empty = b.dispatch(q2, {.durations = {}});
  const Timed t = run(b.plan(), options(kScale));
  EXPECT_EQ(t.run.executor, "cpu");
  ASSERT_EQ(t.run.dispatches.size(), b.plan().dispatches.size());
  ASSERT_EQ(t.run.op_completed.size(), b.plan().ops.size());
  for (const auto op : dispatches) {
    SCOPED_TRACE("op " + std::to_string(op));
    expect_ran_in_full(t, b, op, kScale);
    EXPECT_EQ(of(t, b, op).launches, 1U);
  }
  // An empty grid completes as it is submitted.
  EXPECT_EQ(of(t, b, empty).start, of(t, b, empty).submit);
  EXPECT_EQ(t.run.op_completed[empty], of(t, b, empty).submit);
  for (const Tick completed : t.run.op_completed) {
    EXPECT_GT(completed, 0);
    EXPECT_LE(completed, t.elapsed);
  }
}

TEST(CpuExecutor, APlanThatCannotCompleteFailsInsteadOfHanging) {
  PlanBuilder b(1);
  const auto q0 = b.queue();
  const auto q1 = b.queue();
  // Each queue's barrier waits for the dispatch behind the other's.
  b.barrier(q0, PlanOpKind::barrier_and, {3});
  b.dispatch(q0, {.durations = {kMs}});
  b.barrier(q1, PlanOpKind::barrier_or, {1});
  b.dispatch(q1, {.durations = {kMs}});
  EXPECT_THROW(run(b.plan(), options(1.0)), std::runtime_error);
}

TEST(CpuExecutor, RejectsWhatItCannotRun) {
  EXPECT_THROW(make_cpu_executor(options(0.0)), std::invalid_argument);
  EXPECT_THROW(make_cpu_executor(options(-1.0)), std::invalid_argument);
  EXPECT_THROW(make_cpu_executor(options(1.0, -kMs)), std::invalid_argument);
  const auto rejected = [](PlanBuilder& b, std::uint32_t workers) {
    EXPECT_THROW(make_cpu_executor(options(1.0, 0, workers))->run(b.plan()), std::invalid_argument);
  };
  PlanBuilder no_cus(0);
  rejected(no_cus, 1);
  PlanBuilder no_worker(4);  // two workers stand for CUs 0 and 1 only
  no_worker.dispatch(no_worker.queue({0, 0, 0, 1}), {.durations = {kMs}});
  rejected(no_worker, 2);
  PlanBuilder short_mask(4);
  short_mask.dispatch(short_mask.queue({1, 1}), {.durations = {kMs}});
  rejected(short_mask, 0);
  PlanBuilder missing_durations(1);
  missing_durations.dispatch(missing_durations.queue(), {.durations = {kMs}});
  missing_durations.plan().dispatches[0].workgroups = 2;
  rejected(missing_durations, 0);
  PlanBuilder twice(1);
  const auto q = twice.queue();
  twice.dispatch(q, {.durations = {kMs}});
  twice.plan().queues[q].ops.push_back(0);
  rejected(twice, 0);
}

TEST(CpuExecutor, CalibrateMeasuresTheExecutorItself) {
  const auto executor = make_cpu_executor(options(0.1, 0, 2));
  const Calibration c = executor->calibrate();
  EXPECT_EQ(c.device, executor->device());
  EXPECT_NE(c.device.find("CPU threads (2 workers"), std::string::npos);
  EXPECT_EQ(c.compute_units, 2U);
  EXPECT_GT(c.clock_hz_declared, 0);
  EXPECT_EQ(c.clock_hz_measured, c.clock_hz_declared);
  EXPECT_GE(c.launch_latency, 0);
  EXPECT_GE(c.packet_overhead, 0);
  EXPECT_GE(c.spin_error, 0);  // a sleep never ends before its deadline
  EXPECT_EQ(c.sources.size(), 5U);
}

}  // namespace
}  // namespace aqlsim::hip
