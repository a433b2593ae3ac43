// A barrier that waits on a signal nothing will signal must end the run with a report naming
// the queue, packet and signal — also when queues outnumber slots and the quantum timer would
// otherwise rotate forever.
#include <gtest/gtest.h>

#include "tests/support/simulate.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim {
namespace {

const std::string kWorkload = std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
signals:
  - {name: never, initial: 1}
queues:
  - name: stuck
    packets:
      - {name: first, dispatch: k}
      - {name: wait, barrier_and: [never]}
      - {name: after, dispatch: k}
  - {name: fine, packets: [{name: other, dispatch: k}]}
)";

void expect_reported(const testing::Simulation& sim) {
  ASSERT_EQ(sim.outcome.status, RunStatus::deadlock);
  ASSERT_EQ(sim.outcome.blocked.size(), 1u);
  const BlockedQueue& b = sim.outcome.blocked[0];
  EXPECT_EQ(b.queue, "stuck");
  EXPECT_EQ(b.packet_index, 1u);
  EXPECT_EQ(b.packet_type, "barrier-and");
  ASSERT_EQ(b.signal_values.size(), 1u);
  EXPECT_EQ(b.signal_values[0].first, "never");
  EXPECT_EQ(b.signal_values[0].second, 1);
}

TEST(Deadlock, IsDetectedAndNamesQueuePacketAndSignal) {
  auto sim = testing::simulate(kWorkload);
  expect_reported(*sim);
  EXPECT_TRUE(sim->kernel("other").finished());
  EXPECT_EQ(sim->gpu().kernels().size(), 2u);  // `after` never launched
}

TEST(Deadlock, IsDetectedWhenQueuesOutnumberSlots) {
  for (const char* policy : {"rr-timeslice", "rr-idle"}) {
    auto sim = testing::simulate(kWorkload, {"device.front_end.hw_queues=1",
                                             std::string("scheduling.queue_mapping=") + policy});
    expect_reported(*sim);
    EXPECT_TRUE(sim->kernel("other").finished()) << policy;
    // The timer stops within a quantum or two of the last progress.
    EXPECT_LT(sim->gpu().engine().now(), 500 * kMicrosecond) << policy;
  }
}

TEST(Deadlock, ABarrierOnALaterPacketOfItsOwnQueueNeverResolves) {
  auto sim = testing::simulate(std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us}
queues:
  - name: q
    packets:
      - {name: wait, barrier_and: [later]}
      - {name: later, dispatch: k}
)");
  ASSERT_EQ(sim->outcome.status, RunStatus::deadlock);
  EXPECT_EQ(sim->outcome.blocked[0].signal_values[0].first, "later");
}

}  // namespace
}  // namespace aqlsim
