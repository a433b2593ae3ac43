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

// Two queues on one slot of the tiny device (1 us per packet, no map cost) under rr-timeslice:
// with a 0.5 us quantum each queue is unmapped halfway through its head's processing, which is
// then cancelled, so no packet ever retires. After 1000 cancellations in a row the run stops as
// a deadlock that names the livelock (it once ran to the event limit, its cancelled events
// filling memory). With a 2 us quantum a and b each process their packet in their first
// quantum: a [0,1] and runs [1,11]; b, mapped at 2, processes [2,3] and runs [11,21].
TEST(Deadlock, AQuantumShorterThanAPacketsProcessingIsALivelock) {
  const std::string two_queues = std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 8}
queues:
  - {name: a, packets: [{name: A, dispatch: k}]}
  - {name: b, packets: [{name: B, dispatch: k}]}
scheduling: {queue_mapping: rr-timeslice}
)";
  auto thrashing = testing::simulate(
      two_queues, {"device.front_end.hw_queues=1", "device.front_end.quantum=500ns"});
  EXPECT_EQ(thrashing->outcome.status, RunStatus::deadlock);
  EXPECT_NE(thrashing->outcome.livelock.find(
                "unmapping cancelled a packet being processed 1000 times in a row"),
            std::string::npos)
      << thrashing->outcome.livelock;
  EXPECT_LT(thrashing->gpu().engine().events_processed(), 5000u);
  auto fine = testing::simulate(two_queues,
                                {"device.front_end.hw_queues=1", "device.front_end.quantum=2us"});
  ASSERT_EQ(fine->outcome.status, RunStatus::completed);
  EXPECT_TRUE(fine->outcome.livelock.empty());
  EXPECT_EQ(fine->kernel("B").end, 21 * kMicrosecond);
}

}  // namespace
}  // namespace aqlsim
