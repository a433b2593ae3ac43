// The hardware scheduler's mapping timeline with 1 slot and 3 queues, worked out by hand for
// both round-robin policies. Map 2 us, unmap 3 us, quantum 100 us, 1 us per packet; queue q0
// runs one 150 us kernel, q1 and q2 one 30 us kernel each.
#include <gtest/gtest.h>

#include <tuple>
#include <utility>
#include <vector>

#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

using testing::simulate;
using testing::us;

struct MappingLog final : ModelObserver {
  // (time, "map"/"unmap", queue name)
  std::vector<std::tuple<Tick, std::string, std::string>> events;
  void on_queue_mapped(SlotIndex, const UserQueue& q, Tick t) override {
    events.emplace_back(t, "map", q.name());
  }
  void on_queue_unmapped(SlotIndex, const UserQueue& q, Tick t) override {
    events.emplace_back(t, "unmap", q.name());
  }
};

std::string one_slot_three_queues(std::uint32_t slots) {
  return R"(
device:
  compute_units: 1
  wave_size: 64
  cu: {simds: 1, waves_per_simd: 8, vgprs_per_simd: 1024, vgpr_granule: 1}
  front_end: {hw_queues: )" +
         std::to_string(slots) + R"(, quantum: 100us, map_latency: 2us,
              unmap_latency: 3us, packet_latency: 1us}
kernels:
  - {name: long, workgroup_size: 64, vgprs: 1, wg_time: 150us, contention: 0}
  - {name: short, workgroup_size: 64, vgprs: 1, wg_time: 30us, contention: 0}
queues:
  - {name: q0, packets: [{name: k0, dispatch: long}]}
  - {name: q1, packets: [{name: k1, dispatch: short}]}
  - {name: q2, packets: [{name: k2, dispatch: short}]}
)";
}

using Log = std::vector<std::tuple<Tick, std::string, std::string>>;

TEST(QueueMapping, RrTimesliceRotatesWhateverTheQueuesHold) {
  // 0: map q0 (ready at 2), k0 processed [2,3], runs [3,153] even after q0 is unmapped.
  // 100: unmap q0 [100,103], map q1 [103,105], k1 processed [105,106], runs [106,136].
  // 200: unmap q1 [200,203], map q2 [203,205], k2 runs [206,236].
  // 300: nothing left anywhere: the timer stops.
  MappingLog log;
  auto sim = simulate(one_slot_three_queues(1), {"scheduling.queue_mapping=rr-timeslice"}, {&log});
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  const Log expected{{0, "map", "q0"},
                     {103 * us, "unmap", "q0"},
                     {103 * us, "map", "q1"},
                     {203 * us, "unmap", "q1"},
                     {203 * us, "map", "q2"}};
  EXPECT_EQ(log.events, expected);
  EXPECT_EQ(sim->kernel("k0").start, 3 * us);
  EXPECT_EQ(sim->kernel("k0").end, 153 * us);
  EXPECT_EQ(sim->kernel("k1").start, 106 * us);
  EXPECT_EQ(sim->kernel("k2").start, 206 * us);
  EXPECT_EQ(sim->kernel("k2").end, 236 * us);
  EXPECT_EQ(sim->gpu().map_count(), 3u);
  EXPECT_EQ(sim->gpu().unmap_count(), 2u);
}

TEST(QueueMapping, RrIdleOnlyReplacesASlotWithNothingInFlight) {
  // 100: q0's kernel is still running, so the slot is not idle: no swap.
  // 200: q0 idle since 153: unmap [200,203], map q1 [203,205], k1 runs [206,236].
  // 300: q1 idle: unmap [300,303], map q2 [303,305], k2 runs [306,336].
  MappingLog log;
  auto sim = simulate(one_slot_three_queues(1), {"scheduling.queue_mapping=rr-idle"}, {&log});
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  const Log expected{{0, "map", "q0"},
                     {203 * us, "unmap", "q0"},
                     {203 * us, "map", "q1"},
                     {303 * us, "unmap", "q1"},
                     {303 * us, "map", "q2"}};
  EXPECT_EQ(log.events, expected);
  EXPECT_EQ(sim->kernel("k1").start, 206 * us);
  EXPECT_EQ(sim->kernel("k2").start, 306 * us);
  EXPECT_EQ(sim->kernel("k2").end, 336 * us);
  EXPECT_EQ(sim->gpu().map_count(), 3u);
  EXPECT_EQ(sim->gpu().unmap_count(), 2u);
}

TEST(QueueMapping, WithNoMoreQueuesThanSlotsEveryQueueStaysMapped) {
  for (const char* policy : {"rr-timeslice", "rr-idle"}) {
    MappingLog log;
    auto sim = simulate(one_slot_three_queues(3),
                        {std::string("scheduling.queue_mapping=") + policy}, {&log});
    ASSERT_EQ(sim->outcome.status, RunStatus::completed);
    const Log expected{{0, "map", "q0"}, {0, "map", "q1"}, {0, "map", "q2"}};
    EXPECT_EQ(log.events, expected) << policy;
    for (const char* k : {"k0", "k1", "k2"})
      EXPECT_EQ(sim->kernel(k).start, 3 * us) << policy;
    EXPECT_EQ(sim->gpu().unmap_count(), 0u);
  }
}

TEST(QueueMapping, SlotTimeIsAccountedByActivity) {
  auto sim = simulate(one_slot_three_queues(1), {"scheduling.queue_mapping=rr-timeslice"});
  const FrontEndState& fe = sim->gpu().front_end();
  // Switching: [0,2] + [100,105] + [200,205]; processing: three packets of 1 us.
  EXPECT_EQ(fe.activity_time(SlotActivity::switching), 12 * us);
  EXPECT_EQ(fe.activity_time(SlotActivity::processing), 3 * us);
  // Starved: [3,100] + [106,200] + [206,236] (the run ends when k2 does).
  EXPECT_EQ(fe.activity_time(SlotActivity::starved), (97 + 94 + 30) * us);
  EXPECT_EQ(fe.activity_time(SlotActivity::empty), 0);
}

}  // namespace
}  // namespace aqlsim

namespace aqlsim {
namespace {

// The quantum timer sleeps through a quiet period (no packet in any queue, no kernel in
// flight, no slot switching) and wakes on its own grid. 1 slot, map 2 us, unmap 3 us, quantum
// 100 us, 1 us per packet: q0 is mapped at 2 us and runs k0 from 3 to 33 us; the 100 us tick
// finds nothing to do and the timer sleeps. q1's packet arrives at 1 s + `late`; the first tick
// of the grid (100 us, 200 us, ...) not before it serves it: q0 (idle) is unmapped 3 us after
// that tick, q1 mapped 2 us later, its packet processed in 1 us, and k1 runs 30 us. A packet
// on the grid (1 s = 10,000 quanta) is served by that very tick, as a ticking timer would,
// not by the next one. Ticking through the 10,000 empty quanta would cost tens of thousands
// of events.
TEST(QueueMapping, TheQuantumSleepsThroughAQuietPeriodAndWakesOnItsGrid) {
  constexpr Tick second = 1'000'000 * us;
  for (const auto& [late, tick] : {std::pair{0 * us, second}, std::pair{1 * us, second + 100 * us},
                                   std::pair{99 * us, second + 100 * us}}) {
    auto sim = simulate(R"(
device:
  compute_units: 1
  wave_size: 64
  cu: {simds: 1, waves_per_simd: 8, vgprs_per_simd: 1024, vgpr_granule: 1}
  front_end: {hw_queues: 1, quantum: 100us, map_latency: 2us, unmap_latency: 3us,
              packet_latency: 1us}
kernels:
  - {name: short, workgroup_size: 64, vgprs: 1, wg_time: 30us, contention: 0}
queues:
  - {name: q0, packets: [{name: k0, dispatch: short}]}
  - {name: q1, packets: [{name: k1, dispatch: short, at: )" +
                        std::to_string(1'000'000 + late / us) + R"(us}]}
scheduling: {queue_mapping: rr-idle}
)");
    ASSERT_EQ(sim->outcome.status, RunStatus::completed);
    EXPECT_EQ(sim->kernel("k0").start, 3 * us);
    EXPECT_EQ(sim->kernel("k1").start, tick + 6 * us) << "late " << late;
    EXPECT_EQ(sim->kernel("k1").end, tick + 36 * us) << "late " << late;
    EXPECT_EQ(sim->gpu().map_count(), 2u);
    EXPECT_EQ(sim->gpu().unmap_count(), 1u);
    EXPECT_LT(sim->gpu().engine().events_processed(), 40u);
  }
}

// A submission a day later still costs a handful of events, not 864 million quanta.
TEST(QueueMapping, AFarFutureSubmissionDoesNotTickThroughEveryQuantum) {
  auto sim = simulate(R"(
device: {preset: cdna, front_end: {hw_queues: 1, quantum: 100us}}
kernels: [{name: k, workgroups: 1, wg_time: 10us}]
queues:
  - {name: a, packets: [{name: a0, dispatch: k}]}
  - {name: b, packets: [{name: b0, dispatch: k, at: 86400s}]}
)");
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_GT(sim->kernel("b0").start, 86400 * kSecond);
  EXPECT_LT(sim->gpu().engine().events_processed(), 40u);
}

// Who each switching interval belongs to (the trace's slot track): an unmap is the old
// queue's, the map after it the new one's. rr-timeslice as above: q0's map [0,2], its unmap
// [100,103], q1's map [103,105], q1's unmap [200,203], q2's map [203,205]. (The unmap and the
// map after it were one interval, [100,105], given to the queue being mapped.)
TEST(QueueMapping, AnUnmapsSwitchingTimeIsTheOldQueues) {
  struct Switching final : ModelObserver {
    Log intervals;  // (start, end, queue)
    void on_slot_activity(SlotIndex, SlotActivity activity, const UserQueue* queue, Tick start,
                          Tick end) override {
      if (activity == SlotActivity::switching)
        intervals.emplace_back(start, std::to_string(end / us), queue ? queue->name() : "-");
    }
  } switching;
  auto sim =
      simulate(one_slot_three_queues(1), {"scheduling.queue_mapping=rr-timeslice"}, {&switching});
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  const Log expected{{0, "2", "q0"},
                     {100 * us, "103", "q0"},
                     {103 * us, "105", "q1"},
                     {200 * us, "203", "q1"},
                     {203 * us, "205", "q2"}};
  EXPECT_EQ(switching.intervals, expected);
}

}  // namespace
}  // namespace aqlsim
