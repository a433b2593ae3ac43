// Alone runs (T_SP): identical ones are simulated once, and the shared result must be what each
// dispatch alone gives when simulated by itself.
#include "scenario/alone_runs.hpp"

#include <gtest/gtest.h>

#include "scenario/load_scenario.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim {
namespace {

constexpr Tick us = kMicrosecond;

// Fixed kernel f (rsd 0): alone, 1 us of packet processing, then ceil(N / 8) steps of 10 us.
// Random kernel r (rsd 0.5): each dispatch draws its own durations, keyed by its name.
const std::string kMixed = std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: f, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 8}
  - {name: r, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, rsd: 0.5, workgroups: 8}
queues:
  - name: a
    packets:
      - {name: f1, dispatch: f}
      - {name: f2, dispatch: f, at: 30us, barrier: true}
      - {name: f16, dispatch: f, workgroups: 16}
      - {name: r1, dispatch: r}
  - name: b
    packets:
      - {name: f3, dispatch: f, at: 7us}
      - {name: r2, dispatch: r, at: 9us}
      - {name: f24, dispatch: f, workgroups: 24, at: 9us}
)";

TEST(AloneRuns, SharedRunsEqualEachDispatchSimulatedByItself) {
  const Scenario s = load_scenario_text(kMixed, "mixed.yaml");
  const IsolatedRuntimes alone = isolated_runtimes(s);
  ASSERT_EQ(alone.size(), 7u);
  // Worked by hand from the tiny device: 1 us of packet latency, then 10 us per 8 work-groups.
  EXPECT_EQ(alone.at("f1"), 11 * us);
  EXPECT_EQ(alone.at("f2"), 11 * us);
  EXPECT_EQ(alone.at("f3"), 11 * us);
  EXPECT_EQ(alone.at("f16"), 21 * us);
  EXPECT_EQ(alone.at("f24"), 31 * us);
  for (std::size_t q = 0; q < s.queues.size(); ++q) {
    for (std::size_t p = 0; p < s.queues[q].packets.size(); ++p) {
      const std::string& name = s.queues[q].packets[p].name;
      EXPECT_EQ(alone.at(name), turnaround_of(alone_scenario(s, q, p))) << name;
    }
  }
  // The random kernel's dispatches draw differently, so they are not shared: with rsd 0.5 over
  // 8 work-groups two equal maxima would be a coincidence of the draws.
  EXPECT_NE(alone.at("r1"), alone.at("r2"));
  EXPECT_NE(alone.at("r1"), 11 * us);
}

TEST(AloneRuns, TheQueueAloneStartsAtZeroAndKeepsItsSpacing) {
  const Scenario s = load_scenario_text(kMixed, "mixed.yaml");
  const Scenario b = alone_queue_scenario(s, 1);
  ASSERT_EQ(b.queues.size(), 1u);
  EXPECT_EQ(b.queues[0].name, "b");
  ASSERT_EQ(b.queues[0].packets.size(), 3u);
  EXPECT_EQ(b.queues[0].packets[0].at, 0);
  EXPECT_EQ(b.queues[0].packets[1].at, 2 * us);
  EXPECT_EQ(b.queues[0].packets[2].at, 2 * us);
  EXPECT_EQ(b.queues[0].packets[2].name, "f24");
  EXPECT_EQ(b.kernels.size(), 2u);
  EXPECT_EQ(b.seed, s.seed);
}

}  // namespace
}  // namespace aqlsim
