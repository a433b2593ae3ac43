// The runner measures T_SP by simulating each dispatch alone, and computes the metrics from it.
#include "scenario/runner.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "scenario/load_scenario.hpp"
#include "tests/support/simulate.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim {
namespace {

constexpr Tick us = kMicrosecond;

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

}  // namespace
}  // namespace aqlsim
