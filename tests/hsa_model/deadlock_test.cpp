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
                "unmapping undid a packet's processing or a barrier's dependency reads 1000 "
                "times in a row"),
            std::string::npos)
      << thrashing->outcome.livelock;
  EXPECT_LT(thrashing->gpu().engine().events_processed(), 5000u);
  auto fine = testing::simulate(two_queues,
                                {"device.front_end.hw_queues=1", "device.front_end.quantum=2us"});
  ASSERT_EQ(fine->outcome.status, RunStatus::completed);
  EXPECT_TRUE(fine->outcome.livelock.empty());
  EXPECT_EQ(fine->kernel("B").end, 21 * kMicrosecond);
}

// gem5 semantics on one slot (1 us per packet, no map cost, rr-idle): a barrier's first poll
// only reads its dependencies, the second retires it, and an unmap discards the reads. With a
// 2 us quantum, `wa` reads at 1 and the quantum expiring at 2 (scheduled first) unmaps `a`
// before its retiring poll, every time `a` comes back: no packet of `a` ever retires. That
// is a livelock too (it once ran to the event limit). With 10 us, wa reads at 1 and retires at
// 2, a1 is processed [2,3] and runs [3,13].
TEST(Deadlock, UnmapsThatDiscardABarriersReadsEveryTimeAreALivelock) {
  const std::string polled = std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
signals: [{name: s, initial: 0}]
queues:
  - {name: a, packets: [{name: wa, barrier_and: [s]}, {name: a1, dispatch: k}]}
  - {name: b, packets: [{name: wb, barrier_and: [s]}]}
scheduling: {queue_mapping: rr-idle}
)";
  const std::vector<std::string> gem5 = {"device.front_end.semantics=gem5",
                                         "device.front_end.hw_queues=1"};
  std::vector<std::string> short_quantum = gem5;
  short_quantum.push_back("device.front_end.quantum=2us");
  auto thrashing = testing::simulate(polled, short_quantum);
  EXPECT_EQ(thrashing->outcome.status, RunStatus::deadlock);
  EXPECT_NE(thrashing->outcome.livelock.find("a barrier's dependency reads 1000 times in a row "
                                             "(the last of queue 'a')"),
            std::string::npos)
      << thrashing->outcome.livelock;
  std::vector<std::string> long_quantum = gem5;
  long_quantum.push_back("device.front_end.quantum=10us");
  auto fine = testing::simulate(polled, long_quantum);
  ASSERT_EQ(fine->outcome.status, RunStatus::completed);
  EXPECT_EQ(fine->kernel("a1").end, 13 * kMicrosecond);
}

}  // namespace
}  // namespace aqlsim
