// The SJF oracle: shortest isolated runtime first, strictly. Two CUs of four one-wave slots
// (two_cu_device.hpp). Isolated runtimes come from run_scenario's alone runs.
#include <gtest/gtest.h>

#include "tests/queue_sched/two_cu_device.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

constexpr Tick us = kMicrosecond;

TEST(Sjf, ALongerKernelNeverTakesResourcesTheShortestCannotUse) {
  // X: 16 one-wave work-groups of 10 us at 0 (alone 20 us). S: 4 work-groups of 3 waves, 2 us,
  // at 1 us (alone: one per CU at a time, 4 us). At 10 X's first 8 end and S goes first: one
  // per CU [10,12]. Each CU then has one free slot that X could use but S cannot: it stays
  // idle until S's next work-groups [12,14]. X's last 8 run [14,24].
  const Scenario s = load_scenario_text(std::string(testing::kTwoCuDevice) + R"(
kernels:
  - {name: x, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: s, workgroup_size: 192, vgprs: 1, wg_time: 2us, contention: 0}
queues:
  - {name: qx, packets: [{name: X, dispatch: x, workgroups: 16}]}
  - {name: qs, packets: [{name: S, dispatch: s, workgroups: 4, at: 1us}]}
scheduling: {thread_block: sjf}
)",
                                        "sjf.yaml");
  const RunReport r = testing::run_checked(s);
  ASSERT_EQ(r.kernels.size(), 2u);
  EXPECT_EQ(r.kernels[0].alone, 20 * us);
  EXPECT_EQ(r.kernels[1].alone, 4 * us);
  EXPECT_EQ(r.kernels[1].start, 10 * us);
  EXPECT_EQ(r.kernels[1].end, 14 * us);
  EXPECT_EQ(r.kernels[0].end, 24 * us);
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
