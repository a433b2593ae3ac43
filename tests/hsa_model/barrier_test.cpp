// Barrier-AND, barrier-OR and barrier-bit semantics, on timelines worked out by hand with the
// tiny device (1 us per packet, kernels of one 1-wave work-group, exact durations).
#include <gtest/gtest.h>

#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim {
namespace {

using testing::kTinyDevice;
using testing::simulate;
using testing::us;

const std::string kKernels = R"(
kernels:
  - {name: k5, workgroup_size: 64, vgprs: 1, wg_time: 5us, contention: 0}
  - {name: k10, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: k20, workgroup_size: 64, vgprs: 1, wg_time: 20us, contention: 0}
)";

// Queues a and b each launch a kernel at 1 us (after 1 us of processing); a ends at 11 us,
// b at 21 us. Queue c's barrier is processed over [0,1] and then waits.
std::string two_producers_and(const std::string& barrier_kind) {
  return std::string(kTinyDevice) + kKernels + R"(
queues:
  - {name: a, packets: [{name: a0, dispatch: k10}]}
  - {name: b, packets: [{name: b0, dispatch: k20}]}
  - name: c
    packets:
      - {name: wait, )" +
         barrier_kind + R"(: [a0, b0]}
      - {name: c1, dispatch: k5}
)";
}

TEST(Barrier, AndWaitsForEveryDependency) {
  // Both dependencies are 0 at 21 us; c1 is processed over [21,22] and runs [22,27].
  auto sim = simulate(two_producers_and("barrier_and"));
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("a0").end, 11 * us);
  EXPECT_EQ(sim->kernel("b0").end, 21 * us);
  EXPECT_EQ(sim->kernel("c1").launch, 22 * us);
  EXPECT_EQ(sim->kernel("c1").end, 27 * us);
}

TEST(Barrier, OrWaitsForAnyOneDependency) {
  // a0 reaches 0 at 11 us; c1 is processed over [11,12] and runs [12,17].
  auto sim = simulate(two_producers_and("barrier_or"));
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("c1").launch, 12 * us);
  EXPECT_EQ(sim->kernel("c1").end, 17 * us);
}

TEST(Barrier, CompletionSignalOfABarrierIsDecremented) {
  auto sim = simulate(std::string(kTinyDevice) + kKernels + R"(
queues:
  - {name: a, packets: [{name: a0, dispatch: k10}]}
  - name: b
    packets:
      - {name: join, barrier_and: [a0]}
  - name: c
    packets:
      - {name: after_join, barrier_and: [join]}
      - {name: c1, dispatch: k5}
)");
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  // a0 ends at 11; `join` completes then and decrements its signal; `after_join` completes at
  // the same tick; c1 is processed over [11,12].
  EXPECT_EQ(sim->kernel("c1").launch, 12 * us);
}

TEST(Barrier, WithoutTheBarrierBitTheNextDispatchOverlaps) {
  // k10 launches at 1; the second packet is processed over [1,2] and launches at once.
  auto sim = simulate(std::string(kTinyDevice) + kKernels + R"(
queues:
  - {name: q, packets: [{name: first, dispatch: k10}, {name: second, dispatch: k5}]}
)");
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("second").launch, 2 * us);
  EXPECT_EQ(sim->kernel("second").end, 7 * us);
}

TEST(Barrier, TheBarrierBitWaitsForEveryEarlierPacket) {
  // The second packet is processed by 2 us but waits until `first` ends at 11 us.
  auto sim = simulate(std::string(kTinyDevice) + kKernels + R"(
queues:
  - name: q
    packets:
      - {name: first, dispatch: k10}
      - {name: second, dispatch: k5, barrier: true}
)");
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("second").launch, 11 * us);
  EXPECT_EQ(sim->kernel("second").end, 16 * us);
}

TEST(Barrier, ABarrierOnADeclaredSignalCountsDownSharedCompletions) {
  // Two kernels share one completion signal starting at 2; the barrier passes when both end.
  auto sim = simulate(std::string(kTinyDevice) + kKernels + R"(
signals:
  - {name: both, initial: 2}
queues:
  - {name: a, packets: [{name: a0, dispatch: k10, completion_signal: both}]}
  - {name: b, packets: [{name: b0, dispatch: k20, completion_signal: both}]}
  - name: c
    packets:
      - {name: wait, barrier_and: [both]}
      - {name: c1, dispatch: k5}
)");
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("c1").launch, 22 * us);
}

}  // namespace
}  // namespace aqlsim
