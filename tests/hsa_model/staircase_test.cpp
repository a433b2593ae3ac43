// The staircase of Pai et al. §3.1 and the residency shape of figures 7-8, exactly.
#include <gtest/gtest.h>

#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

using testing::simulate;
using testing::us;

// Two CUs, each holding R = 4 one-wave work-groups (wave slots), no packet latency.
std::string staircase(std::uint64_t workgroups, const std::string& residency) {
  return R"(
device:
  compute_units: 2
  wave_size: 64
  cu: {simds: 1, waves_per_simd: 4, vgprs_per_simd: 1024, vgpr_granule: 1, max_workgroups: 8}
  front_end: {packet_latency: 0}
kernels:
  - name: k
    workgroup_size: 64
    vgprs: 1
    wg_time: 10us
    wg_time_residency: )" +
         residency + R"(
    contention: 0.3
    rsd: 0
queues:
  - packets: [{name: grid, dispatch: k, workgroups: )" +
         std::to_string(workgroups) + "}]\n";
}

TEST(Staircase, KStepsOfRTimesCusBlocksTakeExactlyKTimesT) {
  // N = k*R*CUs with k = 3: three full waves of 10 us each.
  auto sim = simulate(staircase(3 * 4 * 2, "max"));
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("grid").start, 0);
  EXPECT_EQ(sim->kernel("grid").end, 30 * us);
  // k = 5
  EXPECT_EQ(simulate(staircase(5 * 4 * 2, "max"))->kernel("grid").end, 50 * us);
}

TEST(Staircase, ALastPartialStepRunsAtItsOwnLowerResidency) {
  // One block more than 3 full waves: it runs alone on a CU, at load 1, taking
  // 10 us * (1 + 0.3*0) / (1 + 0.3*3) = 10/1.9 us = 5263157.9 ps, rounded to the tick.
  auto sim = simulate(staircase(3 * 4 * 2 + 1, "max"));
  EXPECT_EQ(sim->kernel("grid").end, 30 * us + 5'263'158);
}

TEST(Staircase, WgTimeGivenAtResidencyOneScalesToTheMaximum) {
  // t(4) = 10 us * (1 + 0.3*3) = 19 us per step.
  auto sim = simulate(staircase(3 * 4 * 2, "1"));
  EXPECT_EQ(sim->kernel("grid").end, 57 * us);
}

// Pai et al. figures 7 and 8: as residency r grows, the time per block grows while the total
// runtime falls and saturates. With t(r) = 10 us * (1 + 0.25 (r-1)) and 840 blocks on one CU
// the runtime is (840 / r) * t(r): 8400, 5250, 3675 and 2887.5 us for r = 1, 2, 4, 8.
TEST(Staircase, PerBlockTimeGrowsWithResidencyWhileRuntimeFallsAndSaturates) {
  const std::string yaml = R"(
device:
  compute_units: 1
  wave_size: 64
  cu: {simds: 1, waves_per_simd: 8, vgprs_per_simd: 1024, vgpr_granule: 1}
  front_end: {packet_latency: 0}
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, wg_time_residency: 1, contention: 0.25}
queues:
  - packets: [{name: grid, dispatch: k, workgroups: 840}]
)";
  const std::pair<int, Tick> expected[] = {
      {1, 8400 * us}, {2, 5250 * us}, {4, 3675 * us}, {8, 2'887'500'000}};
  Tick previous = kNever;
  double previous_gain = 0;
  for (const auto& [r, runtime] : expected) {
    auto sim = simulate(yaml, {"device.cu.max_workgroups=" + std::to_string(r)});
    const Tick t = sim->kernel("grid").end;
    EXPECT_EQ(t, runtime) << "residency " << r;
    const double per_block = static_cast<double>(t) / (840.0 / r);
    EXPECT_DOUBLE_EQ(per_block, 10e6 * (1 + 0.25 * (r - 1))) << "residency " << r;
    if (previous != kNever) {
      EXPECT_LT(t, previous);
      const double gain = static_cast<double>(previous) / static_cast<double>(t);
      if (previous_gain > 0) {
        EXPECT_LT(gain, previous_gain) << "gains shrink: saturation";
      }
      previous_gain = gain;
    }
    previous = t;
  }
}

}  // namespace
}  // namespace aqlsim
