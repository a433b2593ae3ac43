// The processor-sharing timing model (cu.timing: processor-sharing), on timelines worked out by
// hand. With contention 1 and wg_time given at residency 1, a work-group's speed at load L is
// 1/L: two co-resident work-groups each progress at half speed.
#include <gtest/gtest.h>

#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

using testing::simulate;
using testing::us;

// One CU of 8 one-wave slots; kernels `short` (10 us of work), `long` (30 us) and `wide` (10 us,
// two waves per work-group); `tail` is the packets that follow.
std::string shared_cu(const std::string& timing, const std::string& queues) {
  return R"(
device:
  compute_units: 1
  wave_size: 64
  cu: {simds: 1, waves_per_simd: 8, vgprs_per_simd: 1024, vgpr_granule: 1, timing: )" +
         timing + R"(}
  front_end: {packet_latency: 0}
kernels:
  - {name: short, workgroup_size: 64, vgprs: 1, wg_time: 10us, wg_time_residency: 1, contention: 1}
  - {name: long, workgroup_size: 64, vgprs: 1, wg_time: 30us, wg_time_residency: 1, contention: 1}
  - {name: wide, workgroup_size: 128, vgprs: 1, wg_time: 10us, wg_time_residency: 1, contention: 1}
queues:
)" + queues;
}

TEST(ProcessorSharing, TheSurvivorSpeedsUpWhenItsCoResidentEnds) {
  // Both start at 0 at load 2 (speed 1/2). `short` has done its 10 us of work at 20 us; `long`
  // has then done 10 of its 30 us and does the other 20 alone at full speed: it ends at 40 us.
  const std::string queues = R"(
  - packets: [{name: a, dispatch: long}]
  - packets: [{name: b, dispatch: short}]
)";
  auto sim = simulate(shared_cu("processor-sharing", queues));
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("b").end, 20 * us);
  EXPECT_EQ(sim->kernel("a").end, 40 * us);
  // Drawn at dispatch instead, `long` keeps the duration of load 2: 60 us.
  auto fixed = simulate(shared_cu("at-dispatch", queues));
  EXPECT_EQ(fixed->kernel("b").end, 20 * us);
  EXPECT_EQ(fixed->kernel("a").end, 60 * us);
}

TEST(ProcessorSharing, ALateArrivalSlowsTheWorkGroupAlreadyRunning) {
  // `long` runs alone until 10 us (10 us of work done), then both run at half speed: `short`
  // ends at 10 + 2 x 10 = 30 us, when `long` has done 20; its last 10 take 10 us: 40 us.
  const std::string queues = R"(
  - packets: [{name: a, dispatch: long}]
  - packets: [{name: b, dispatch: short, at: 10us}]
)";
  auto sim = simulate(shared_cu("processor-sharing", queues));
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("b").end, 30 * us);
  EXPECT_EQ(sim->kernel("a").end, 40 * us);
  // At dispatch: `long` keeps its load-1 duration (30 us); `short` takes the load-2 one (20 us).
  auto fixed = simulate(shared_cu("at-dispatch", queues));
  EXPECT_EQ(fixed->kernel("a").end, 30 * us);
  EXPECT_EQ(fixed->kernel("b").end, 30 * us);
}

TEST(ProcessorSharing, LoadCountsResidentWavesInEachKernelsOwnWorkGroups) {
  // 3 waves resident: for `wide` (2 waves) the load is 1.5, for `short` 3. `wide` does 10 us of
  // work at speed 1/1.5 and ends at 15 us; `short` has done 5 by then and ends at 20 us.
  const std::string queues = R"(
  - packets: [{name: a, dispatch: wide}]
  - packets: [{name: b, dispatch: short}]
)";
  auto sim = simulate(shared_cu("processor-sharing", queues));
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("a").end, 15 * us);
  EXPECT_EQ(sim->kernel("b").end, 20 * us);
}

TEST(ProcessorSharing, AnIsolatedStaircaseIsTheSameAsAtDispatch) {
  // 8 slots and 17 blocks of `short`: two full steps at load 8 (80 us each), then one block
  // alone (10 us). Every block of a step starts and ends together, so sharing changes nothing.
  const std::string queues = "  - packets: [{name: a, dispatch: short, workgroups: 17}]\n";
  for (const char* timing : {"at-dispatch", "processor-sharing"}) {
    auto sim = simulate(shared_cu(timing, queues));
    EXPECT_EQ(sim->kernel("a").end, 170 * us) << timing;
  }
}

}  // namespace
}  // namespace aqlsim
