// The SJF oracle: shortest isolated runtime first, strictly. Two CUs of four one-wave slots
// (two_cu_device.hpp). Isolated runtimes come from run_scenario's alone runs.
#include <gtest/gtest.h>

#include "tests/queue_sched/two_cu_device.hpp"
#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

using testing::us;

// X: 16 one-wave work-groups of 10 us at 0 (alone 20 us). S: 4 work-groups of 3 waves, 2 us,
// arriving at `at` (alone: one per CU at a time, 4 us).
RunReport x_then_s(const std::string& at, const std::string& params) {
  const Scenario s = load_scenario_text(std::string(testing::kTwoCuDevice) + R"(
kernels:
  - {name: x, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: s, workgroup_size: 192, vgprs: 1, wg_time: 2us, contention: 0}
queues:
  - {name: qx, packets: [{name: X, dispatch: x, workgroups: 16}]}
  - {name: qs, packets: [{name: S, dispatch: s, workgroups: 4, at: )" +
                                            at + R"(}]}
scheduling: {thread_block: sjf, params: )" + params +
                                            "}\n",
                                        "sjf.yaml");
  RunReport r = testing::run_checked(s);
  EXPECT_EQ(r.kernels.size(), 2u);
  EXPECT_EQ(r.kernels[0].alone, 20 * us);
  EXPECT_EQ(r.kernels[1].alone, 4 * us);
  return r;
}

TEST(Sjf, ALongerKernelNeverTakesResourcesTheShortestCannotUse) {
  // Without foresight, at 10 X's first 8 end and S goes first: one per CU [10,12]. Each CU then
  // has one free slot that X could use but S cannot: it stays idle until S's next work-groups
  // [12,14]. X's last 8 run [14,24].
  const RunReport r = x_then_s("1us", "{sjf: {foresight: 0}}");
  EXPECT_EQ(r.kernels[1].start, 10 * us);
  EXPECT_EQ(r.kernels[1].end, 14 * us);
  EXPECT_EQ(r.kernels[0].end, 24 * us);
}

TEST(Sjf, WithForesightItWaitsForAShorterKernelDueWithinOneWorkGroup) {
  // S arrives at 1 us, before a 10 us work-group of X started at 0 would end: both CUs stay
  // idle until then. S runs one per CU [1,3], then its last two [3,5]; with S fully issued, X
  // takes the slot S leaves free on each CU [3,13] and three more per CU at 5 [5,15]; its
  // last 8 follow at 13 (2) and 15 (6) and end at 25.
  const RunReport r = x_then_s("1us", "{}");
  EXPECT_EQ(r.kernels[1].start, 1 * us);
  EXPECT_EQ(r.kernels[1].end, 5 * us);
  EXPECT_EQ(r.kernels[0].start, 3 * us);
  EXPECT_EQ(r.kernels[0].end, 25 * us);
}

TEST(Sjf, WithForesightItWaitsOnlyForAShorterKernelDueWithinOneWorkGroup) {
  // S arrives at 12 us. At 0 that is after a work-group of X would end (10), so X starts at
  // once; at 10 it is before (20), so the CUs X frees stay idle until 12. S runs [12,14] and
  // [14,16]; X takes one slot per CU at 14 [14,24] and three at 16 [16,26].
  const RunReport r = x_then_s("12us", "{}");
  EXPECT_EQ(r.kernels[0].start, 0);
  EXPECT_EQ(r.kernels[1].start, 12 * us);
  EXPECT_EQ(r.kernels[1].end, 16 * us);
  EXPECT_EQ(r.kernels[0].end, 26 * us);
}

TEST(Sjf, ACuHeldForAKernelThatCannotLaunchIsReleasedJustAfterItsArrival) {
  // S is submitted at 1 us behind a barrier on X, so it launches only when X has finished. The
  // oracle holds the CUs for it until 1 us, looks again one tick later and runs X: two steps
  // of 10 us from 1 us + 1 ps. Without that second look nothing would ever wake the CUs.
  const Scenario s = load_scenario_text(std::string(testing::kTwoCuDevice) + R"(
kernels:
  - {name: x, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: s, workgroup_size: 64, vgprs: 1, wg_time: 2us, contention: 0}
queues:
  - {name: qx, packets: [{name: X, dispatch: x, workgroups: 16}]}
  - {name: qs, packets: [{barrier_and: [X], at: 1us}, {name: S, dispatch: s, at: 1us}]}
scheduling: {thread_block: sjf}
)",
                                        "sjf.yaml");
  const RunReport r = testing::run_checked(s);
  ASSERT_EQ(r.outcome.status, RunStatus::completed);
  ASSERT_EQ(r.kernels.size(), 2u);
  EXPECT_EQ(r.kernels[0].start, 1 * us + 1);
  EXPECT_EQ(r.kernels[0].end, 21 * us + 1);
  EXPECT_EQ(r.kernels[1].start, 21 * us + 1);
}

TEST(Sjf, WithoutKnownRuntimesItKeepsLaunchOrder) {
  // simulate() gives no isolated runtimes (all 0: unknown), so SJF orders by launch, as fifo:
  // A's last 8 are placed at 10 and B waits until they end at 20.
  auto sim = testing::simulate(std::string(testing::kTwoCuDevice) + R"(
kernels:
  - {name: long, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: short, workgroup_size: 64, vgprs: 1, wg_time: 4us, contention: 0}
queues:
  - {name: qa, packets: [{name: A, dispatch: long, workgroups: 16}]}
  - {name: qb, packets: [{name: B, dispatch: short, workgroups: 16, at: 1us}]}
scheduling: {thread_block: sjf}
)");
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("A").end, 20 * us);
  EXPECT_EQ(sim->kernel("B").start, 20 * us);
}

}  // namespace
}  // namespace aqlsim
