// Strict FIFO against FIFO with backfill on a case worked out by hand: on one CU of 8 wave
// slots, kernel A (4 work-groups of 3 waves, 10 us) and kernel B (2 one-wave work-groups,
// 5 us) are launched together at 1 us. A places 2 groups (6 waves) and its third does not fit.
#include <gtest/gtest.h>

#include "tests/support/simulate.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim {
namespace {

constexpr Tick us = kMicrosecond;

std::string workload(const std::string& policy) {
  return std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: wide, workgroup_size: 192, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: narrow, workgroup_size: 64, vgprs: 1, wg_time: 5us, contention: 0}
queues:
  - {name: qa, packets: [{name: A, dispatch: wide, workgroups: 4}]}
  - {name: qb, packets: [{name: B, dispatch: narrow, workgroups: 2}]}
scheduling: {thread_block: )" +
         policy + "}\n";
}

TEST(Fifo, StrictFifoMakesBWaitUntilAHasIssuedEveryGroup) {
  // A's last two groups are placed when its first two end at 11 us; only then may B go.
  auto sim = testing::simulate(workload("fifo"));
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("B").start, 11 * us);
  EXPECT_EQ(sim->kernel("B").end, 16 * us);
  EXPECT_EQ(sim->kernel("A").end, 21 * us);
}

TEST(Fifo, BackfillLetsBUseTheTwoWaveSlotsALeavesFree) {
  auto sim = testing::simulate(workload("fifo-backfill"));
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("B").start, 1 * us);
  EXPECT_EQ(sim->kernel("B").end, 6 * us);
  EXPECT_EQ(sim->kernel("A").end, 21 * us);
}

}  // namespace
}  // namespace aqlsim
