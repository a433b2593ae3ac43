// The runner measures T_SP by simulating each dispatch alone, and computes the metrics from it.
#include "scenario/runner.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "scenario/load_scenario.hpp"
#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim {
namespace {

using testing::us;

// A and B each fill the CU's 8 slots for 10 us. Alone, each is processed [0,1] and runs [1,11]:
// T_SP = 11 us. Together, A (first slot) launches first and B waits until 11: T_MP = 21 us.
const std::string kPair = std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 8}
queues:
  - {name: qa, packets: [{name: A, dispatch: k}]}
  - {name: qb, packets: [{name: B, dispatch: k}]}
)";

TEST(Runner, AloneRunsGiveTSpAndTheMetricsFollow) {
  const RunReport r = testing::run_checked(load_scenario_text(kPair, "pair.yaml"));
  ASSERT_EQ(r.outcome.status, RunStatus::completed);
  ASSERT_EQ(r.kernels.size(), 2u);
  EXPECT_EQ(r.kernels[0].name, "A");
  EXPECT_EQ(r.kernels[0].alone, 11 * us);
  EXPECT_EQ(r.kernels[0].turnaround(), 11 * us);
  EXPECT_EQ(r.kernels[1].alone, 11 * us);
  EXPECT_EQ(r.kernels[1].turnaround(), 21 * us);
  const double slow = 21.0 / 11.0;
  EXPECT_DOUBLE_EQ(r.kernels[1].ntt, slow);
  EXPECT_DOUBLE_EQ(r.metrics.stp, 1.0 + 1.0 / slow);
  EXPECT_DOUBLE_EQ(r.metrics.antt, (1.0 + slow) / 2);
  EXPECT_DOUBLE_EQ(r.metrics.fairness, 1.0 / slow);
  EXPECT_DOUBLE_EQ(r.metrics.dntt, (slow - 1.0) / 2);
  EXPECT_EQ(r.makespan, 21 * us);
  EXPECT_EQ(r.workgroups, 16u);
}

// Slot time is summed over the slots, and each slot's time may be a whole run (up to 2^62 ps):
// the 4 slots of the tiny device through a run of 3,000,000 s (five work-groups of 1,000,000 s,
// the longest duration read, two at a time) sum to more than an int64 of picoseconds holds.
// Slot 0 maps queue q at 0, processes its packet [0,1] us, then is starved until the kernel
// ends at 1 us + 3,000,000 s; slots 1-3 stay empty throughout.
// A processed [0,1], runs [1,11]; the barrier on it is submitted at 30 and processed [30,31]:
// the run ends at 31, after its last kernel.
TEST(Runner, TheRunEndsAtItsLastEventNotItsLastKernelEnd) {
  const RunReport r =
      testing::run_checked(load_scenario_text(std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 8}
queues:
  - {name: qa, packets: [{name: A, dispatch: k}, {name: wait, barrier_and: [A], at: 30us}]}
)",
                                              "tail.yaml"));
  ASSERT_EQ(r.outcome.status, RunStatus::completed);
  EXPECT_EQ(r.makespan, 11 * us);
  EXPECT_EQ(r.end, 31 * us);
}

TEST(Runner, SlotTimeSummedOverSlotsDoesNotOverflow) {
  const std::string yaml = std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 512, wg_time: 1000000s, contention: 0, workgroups: 5}
queues:
  - {name: q, packets: [{name: A, dispatch: k}]}
)";
  RunOptions options;
  options.measure_alone = false;
  const RunReport r = run_scenario(load_scenario_text(yaml, "long.yaml"), options);
  ASSERT_EQ(r.outcome.status, RunStatus::completed);
  const TickSum run = us + TickSum{3'000'000} * kSecond;
  ASSERT_EQ(r.makespan, run);
  const auto time = [&](SlotActivity a) { return r.hw.slot_time[static_cast<std::size_t>(a)]; };
  EXPECT_TRUE(time(SlotActivity::empty) == 3 * run);
  EXPECT_TRUE(time(SlotActivity::processing) == us);
  EXPECT_TRUE(time(SlotActivity::starved) == run - us);
  EXPECT_TRUE(r.hw.slot_idle() == 4 * run - us);
  EXPECT_TRUE(r.hw.slot_idle() > std::numeric_limits<Tick>::max());
}

// A run stopped by a limit reports its slots' time up to where it got, not to its last packet
// retired. Five work-groups of 100 us, two at a time: the packet is processed [0,1] on slot 0,
// the first two run [1,101], the next two would end at 201. A time limit of 150 us: slot 0
// processing 1 us and starved 149, slots 1-3 empty 150 each. A limit of 5 events, reached at
// 101: starved 100, empty 101 each. (Both once stopped the slots' time at 1 us.)
TEST(Runner, ARunStoppedByALimitCountsSlotTimeToWhereItGot) {
  const std::string yaml = std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 512, wg_time: 100us, contention: 0, workgroups: 5}
queues:
  - {name: q, packets: [{name: A, dispatch: k}]}
)";
  const auto slot_time = [&](const RunLimits& limits) {
    Scenario s = load_scenario_text(yaml, "limited.yaml");
    s.limits = limits;
    RunOptions options;
    options.measure_alone = false;
    const RunReport r = run_scenario(s, options);
    EXPECT_EQ(r.outcome.status, RunStatus::limit);
    return r.hw.slot_time;
  };
  const auto expect = [](const auto& time, Tick end) {
    const auto of = [&](SlotActivity a) { return time[static_cast<std::size_t>(a)]; };
    EXPECT_TRUE(of(SlotActivity::processing) == us);
    EXPECT_TRUE(of(SlotActivity::starved) == end - us);
    EXPECT_TRUE(of(SlotActivity::empty) == 3 * end);
  };
  expect(slot_time({.max_sim_time = 150 * us}), 150 * us);
  expect(slot_time({.max_events = 5}), 101 * us);
}

TEST(Runner, TheAloneScenarioKeepsOnlyTheDispatchAtTimeZero) {
  Scenario s = load_scenario_text(
      kPair, "pair.yaml", {"queues.qb.packets.0.at=5us", "queues.qb.packets.0.barrier=true"});
  const Scenario alone = alone_scenario(s, 1, 0);
  ASSERT_EQ(alone.queues.size(), 1u);
  EXPECT_EQ(alone.queues[0].name, "qb");
  ASSERT_EQ(alone.queues[0].packets.size(), 1u);
  EXPECT_EQ(alone.queues[0].packets[0].name, "B");
  EXPECT_EQ(alone.queues[0].packets[0].at, 0);
  EXPECT_FALSE(alone.queues[0].packets[0].barrier);
}

TEST(Runner, AloneRunsDrawTheSameWorkGroupDurations) {
  // With spread, a kernel alone on the device must take exactly as long as its alone run:
  // both key the random streams by (seed, packet name, work-group).
  const std::string yaml = std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, rsd: 0.3, workgroups: 40}
queues:
  - {name: q, packets: [{name: only, dispatch: k}]}
)";
  const RunReport r = testing::run_checked(load_scenario_text(yaml, "one.yaml"));
  ASSERT_EQ(r.kernels.size(), 1u);
  EXPECT_EQ(r.kernels[0].turnaround(), r.kernels[0].alone);
  EXPECT_DOUBLE_EQ(r.kernels[0].ntt, 1.0);
}

// metrics_per: queue. Queue X is a pipeline (k1, then k2 behind a barrier bit), queue Y one
// kernel; every kernel is 8 work-groups of 10 us, which fill the tiny device's CU.
//   X alone: k1 [1,11]; k2's packet was processed by 2 and waits for k1: [11,21]. T_SP 21.
//   Y alone: [1,11]. T_SP 11.
//   Together: k1 and k3 launch at 1, k1 first (queue X is processed first): k1 [1,11], k3
//   [11,21], then k2, launched at 11 after k3, [21,31]. X: 31 / 21, Y: 21 / 11.
TEST(Runner, QueuesMeasuredAsApplications) {
  const Scenario s = load_scenario_text(std::string(testing::kTinyDevice) + R"(
kernels: [{name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 8}]
queues:
  - {name: X, packets: [{name: k1, dispatch: k}, {name: k2, dispatch: k, barrier: true}]}
  - {name: Y, packets: [{name: k3, dispatch: k}]}
metrics_per: queue
)",
                                        "apps.yaml");
  const RunReport r = testing::run_checked(s);
  ASSERT_EQ(r.applications.size(), 2u);
  const ApplicationResult& x = r.applications[0];
  const ApplicationResult& y = r.applications[1];
  EXPECT_EQ(x.queue, "X");
  EXPECT_EQ(x.kernels, 2u);
  EXPECT_EQ(x.end, 31 * kMicrosecond);
  EXPECT_EQ(x.alone, 21 * kMicrosecond);
  EXPECT_EQ(y.end, 21 * kMicrosecond);
  EXPECT_EQ(y.alone, 11 * kMicrosecond);
  EXPECT_DOUBLE_EQ(x.ntt, 31.0 / 21.0);
  EXPECT_DOUBLE_EQ(r.metrics.antt, (31.0 / 21.0 + 21.0 / 11.0) / 2);
  EXPECT_DOUBLE_EQ(r.metrics.stp, 21.0 / 31.0 + 11.0 / 21.0);
}

// A dispatch the host submits later than its `at` runs alone as it was submitted. Map latency
// 5 us; queue a holds a0 at 50 us, then a1 at 0: the host submits in order, so a1 goes at 50,
// when the queue has long been mapped. Shared: a0 processed [50,51] and run [51,61], a1
// processed [51,52] and run [52,62] beside it (4 + 4 slots): T_MP 12. Alone, submitted at 50, a1
// is processed [50,51] and runs [51,61]: T_SP 11, NTT 12/11. (Submitted alone at its `at`, 0,
// it waited for the map: 16 us, NTT 0.75, below 1 for a kernel that only waited.)
TEST(Runner, ADispatchSubmittedLateRunsAloneAsItWasSubmitted) {
  const RunReport r =
      testing::run_checked(load_scenario_text(std::string(testing::kTinyDevice) + R"(
kernels: [{name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 4}]
queues:
  - {name: a, packets: [{name: a0, dispatch: k, at: 50us}, {name: a1, dispatch: k, at: 0us}]}
)",
                                              "late.yaml", {"device.front_end.map_latency=5us"}));
  ASSERT_EQ(r.kernels.size(), 2u);
  const KernelResult& a1 = r.kernels[1];
  ASSERT_EQ(a1.name, "a1");
  EXPECT_EQ(a1.arrival, 50 * us);
  EXPECT_EQ(a1.turnaround(), 12 * us);
  EXPECT_EQ(a1.alone, 11 * us);
  EXPECT_DOUBLE_EQ(a1.ntt, 12.0 / 11.0);
  EXPECT_EQ(r.kernels[0].alone, 11 * us);
}

// An application alone on the device has NTT 1, with an oracle too: its queue's alone run tells
// sjf what the shared run told it. One queue: L (8 work-groups of 50 us) at 0, S (8 of 10 us)
// at 20 us. L is launched at 1; the oracle knows S is due at 20, within one of L's work-groups,
// and holds the CU. One tick (1 ps) after 20 it looks again: S is not launched yet (its packet
// is processed [20,21]), so L runs from then for 50 us and S 10 us after that: T_MP 80 us + 1 ps,
// and the queue alone is the same run. (Alone without the oracle's knowledge, L ran at once
// [1,51] and S [51,61]: T_SP 61 us, NTT 1.31.)
TEST(Runner, AQueueAloneTellsOraclesWhatTheSharedRunToldThem) {
  const RunReport r =
      testing::run_checked(load_scenario_text(std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: long, workgroup_size: 64, vgprs: 1, wg_time: 50us, contention: 0, workgroups: 8}
  - {name: short, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 8}
queues:
  - {name: a, packets: [{name: L, dispatch: long}, {name: S, dispatch: short, at: 20us}]}
metrics_per: queue
scheduling: {thread_block: sjf}
)",
                                              "oracle.yaml"));
  ASSERT_EQ(r.applications.size(), 1u);
  EXPECT_EQ(r.applications[0].end, 80 * us + 1);
  EXPECT_EQ(r.applications[0].alone, 80 * us + 1);
  EXPECT_DOUBLE_EQ(r.applications[0].ntt, 1.0);
}

}  // namespace
}  // namespace aqlsim
