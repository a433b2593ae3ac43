// The HSA-style host API used as a runtime engineer may misuse it: each misuse is refused with
// an exception that says what is wrong, or behaves as the HSA runtime does, never silently
// otherwise. Timelines by hand on host_api_fixture.hpp's device: one CU of 8 one-wave slots, 1 us
// per packet, no mapping latency, exact work-group durations.
#include <gtest/gtest.h>

#include <array>

#include "hsa_model/host_api.hpp"
#include "queue_sched/fifo.hpp"
#include "queue_sched/rr_timeslice.hpp"
#include "tests/hsa_model/host_api_fixture.hpp"
#include "tests/support/microseconds.hpp"

namespace aqlsim {
namespace {

using testing::us;

class HostApiMisuse : public ::testing::Test {
 protected:
  HostApiMisuse()
      : rt(testing::host_api_device(4), std::make_unique<RrTimeslice>(PolicyParams{}),
           std::make_unique<FifoBackfill>(PolicyParams{})) {
    kernel10 = rt.register_kernel(testing::host_api_kernel("k10", 10 * us));
    kernel5 = rt.register_kernel(testing::host_api_kernel("k5", 5 * us));
  }
  static AqlPacket dispatch(std::uint64_t kernel, hsa_signal_t signal) {
    return make_dispatch_packet({.kernel_object = kernel,
                                 .workgroup_size = 64,
                                 .workgroups = 1,
                                 .completion_signal = signal});
  }
  // The queue error that ends a wait on `signal`, which the model cannot satisfy.
  RunOutcome failed_wait(hsa_signal_t signal) {
    try {
      rt.signal_wait(signal, HSA_SIGNAL_CONDITION_EQ, 0);
    } catch (const hsa::SimulationError& e) {
      return e.outcome();
    }
    ADD_FAILURE() << "the wait was satisfied";
    return {};
  }

  hsa::Runtime rt;
  std::uint64_t kernel10 = 0;
  std::uint64_t kernel5 = 0;
};

// A device built in code gets the checks a workload's `device` gets: with no slot, a quantum of
// 0 or no kernel place, a wait on the first kernel hung (the quantum timer re-armed forever), and
// a 65,537th slot's events went to slot 0 (a false deadlock).
TEST(HostApiDevice, ASettingTheModelCannotRunIsRefusedByName) {
  const auto refusal = [](void (*change)(DeviceSpec&)) -> std::string {
    DeviceSpec device = testing::host_api_device(4);
    change(device);
    try {
      hsa::Runtime rt(device, std::make_unique<RrTimeslice>(PolicyParams{}),
                      std::make_unique<FifoBackfill>(PolicyParams{}));
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(refusal([](DeviceSpec& d) { d.front_end.hw_queues = 0; }),
            "device front_end.hw_queues must be from 1 to 65536, found 0");
  EXPECT_EQ(refusal([](DeviceSpec& d) { d.front_end.hw_queues = 65537; }),
            "device front_end.hw_queues must be from 1 to 65536, found 65537");
  EXPECT_EQ(refusal([](DeviceSpec& d) { d.front_end.max_concurrent_kernels = 0; }),
            "device front_end.max_concurrent_kernels must be from 1 to 4294967295, found 0");
  EXPECT_EQ(refusal([](DeviceSpec& d) { d.front_end.quantum = 0; }),
            "device front_end.quantum must be at least 0.1 us and longer than map_latency + "
            "unmap_latency (0 us), found 0 us");
  EXPECT_EQ(refusal([](DeviceSpec& d) { d.front_end.map_latency = 100 * us; }),
            "device front_end.quantum must be at least 0.1 us and longer than map_latency + "
            "unmap_latency (100 us), found 100 us");
  EXPECT_EQ(refusal([](DeviceSpec& d) { d.front_end.packet_latency = -1; }),
            "device front_end.packet_latency must not be negative, found -1e-06 us");
  EXPECT_EQ(refusal([](DeviceSpec& d) { d.compute_units = 0; }),
            "device compute_units must be from 1 to 4294967295, found 0");
  EXPECT_EQ(refusal([](DeviceSpec& d) { d.cu.max_workgroups = 65; }),
            "device cu.max_workgroups must be from 1 to 64, found 65");
  EXPECT_EQ(refusal([](DeviceSpec& d) { d.preemption.save_gbps = 0; }),
            "device preemption.save_gbps must be above 0, found 0");
  EXPECT_EQ(refusal([](DeviceSpec& d) { d.front_end.hw_queues = 65536; }), "accepted");
}

// The fields are wider than the packet's: a cast would wrap and run another grid (2^24 + 1
// work-groups of 256 ran as one; a work-group of 65,600 work-items as 4,100 of 64).
TEST(PacketBuilders, RefuseWhatThePacketCannotHold) {
  const auto grid = [](std::uint32_t size, std::uint64_t groups) {
    return make_dispatch_packet({.kernel_object = 1, .workgroup_size = size, .workgroups = groups});
  };
  EXPECT_THROW(grid(256, (1ULL << 24) + 1), std::invalid_argument);
  EXPECT_THROW(grid(256, 1ULL << 24), std::invalid_argument);  // 2^32 work-items
  EXPECT_EQ(grid(256, (1ULL << 24) - 1).as<hsa_kernel_dispatch_packet_t>().grid_size_x,
            4'294'967'040U);  // 2^32 - 256
  EXPECT_THROW(grid(65'600, 4), std::invalid_argument);
  EXPECT_THROW(grid(65'536, 1), std::invalid_argument);
  EXPECT_EQ(grid(65'535, 1).as<hsa_kernel_dispatch_packet_t>().workgroup_size_x, 65'535);
  EXPECT_THROW(grid(0, 1), std::invalid_argument);
  EXPECT_THROW(grid(64, 0), std::invalid_argument);

  // Five dependencies fit dep_signal[5]; a sixth landed in a reserved field and was ignored.
  std::array<hsa_signal_t, 6> deps{};
  for (std::size_t i = 0; i < deps.size(); ++i)
    deps[i] = hsa_signal_t{i + 1};
  const auto five = make_barrier_packet(false, std::span(deps).first(5), {0}, false);
  EXPECT_EQ(five.as<hsa_barrier_and_packet_t>().dep_signal[4].handle, 5U);
  EXPECT_THROW(make_barrier_packet(false, deps, {0}, false), std::invalid_argument);
}

// HSA puts only the failing queue in its error state. Both queues are processed in [0,1]; X's
// packet names no kernel and X stops at 1 us; Y's runs [1,11], and Y's next, written at 11,
// is processed [11,12] and runs [12,22]. The run's end still reports X's error.
TEST_F(HostApiMisuse, AQueueErrorStopsOnlyItsQueue) {
  hsa::Queue& x = rt.queue_create(4, 1, "X");
  hsa::Queue& y = rt.queue_create(4, 1, "Y");
  rt.submit(x, make_dispatch_packet({.kernel_object = 99, .workgroup_size = 64}));
  const hsa_signal_t first = rt.signal_create(1);
  const hsa_signal_t second = rt.signal_create(1);
  rt.submit(y, dispatch(kernel10, first));
  EXPECT_EQ(rt.signal_wait(first, HSA_SIGNAL_CONDITION_EQ, 0), 0);
  EXPECT_EQ(rt.now(), 11 * us);
  rt.submit(y, dispatch(kernel10, second));
  EXPECT_EQ(rt.signal_wait(second, HSA_SIGNAL_CONDITION_EQ, 0), 0);
  EXPECT_EQ(rt.now(), 22 * us);
  const RunOutcome end = rt.run();
  EXPECT_EQ(end.status, RunStatus::queue_error);
  ASSERT_EQ(end.errors.size(), 1U);
  EXPECT_EQ(end.errors[0].queue_name, "X");
  EXPECT_EQ(end.errors[0].time, 1 * us);
  // The stopped queue stays at its error: work behind it never runs.
  const hsa_signal_t never = rt.signal_create(1);
  rt.submit(x, dispatch(kernel5, never));
  EXPECT_EQ(failed_wait(never).status, RunStatus::queue_error);
  EXPECT_EQ(x.load_read_index(), 0U);
  EXPECT_EQ(rt.signal_load(never), 1);
}

// Two producers' pattern: indices 0 and 1 reserved, 1 published and rung first. The processor
// waits at index 0 (its header is still INVALID) instead of failing. Queue O's kernel runs
// [1,6]; index 0 is written at 6, processed [6,7] and runs [7,17]; index 1 is processed [7,8]
// and runs [8,13].
TEST_F(HostApiMisuse, AnUnpublishedPacketIsWaitedFor) {
  hsa::Queue& q = rt.queue_create(4, 1, "Q");
  hsa::Queue& other = rt.queue_create(4, 1, "O");
  const hsa_signal_t s0 = rt.signal_create(1);
  const hsa_signal_t s1 = rt.signal_create(1);
  const hsa_signal_t so = rt.signal_create(1);
  const std::uint64_t index = q.add_write_index(2);
  q.write(index + 1, dispatch(kernel5, s1));
  q.ring_doorbell(index + 1);
  rt.submit(other, dispatch(kernel5, so));
  rt.signal_wait(so, HSA_SIGNAL_CONDITION_EQ, 0);
  EXPECT_EQ(rt.now(), 6 * us);
  EXPECT_EQ(q.load_read_index(), 0U);
  q.write(index, dispatch(kernel10, s0));
  rt.signal_wait(s1, HSA_SIGNAL_CONDITION_EQ, 0);
  EXPECT_EQ(rt.now(), 13 * us);
  rt.signal_wait(s0, HSA_SIGNAL_CONDITION_EQ, 0);
  EXPECT_EQ(rt.now(), 17 * us);
  EXPECT_EQ(rt.run().status, RunStatus::completed);
}

// Index 0 (0.5 us, barrier bit) is processed [0,1] and runs [1,1.5]; index 1 is rung with it
// but written only at 6 us, when queue O's kernel ([1,6]) has ended.
struct RungBeforeWritten {
  explicit RungBeforeWritten(DeviceSpec device)
      : rt(std::move(device), std::make_unique<RrTimeslice>(PolicyParams{}),
           std::make_unique<FifoBackfill>(PolicyParams{})) {
    const std::uint64_t brief = rt.register_kernel(testing::host_api_kernel("brief", us / 2));
    const std::uint64_t k10 = rt.register_kernel(testing::host_api_kernel("k10", 10 * us));
    const std::uint64_t k5 = rt.register_kernel(testing::host_api_kernel("k5", 5 * us));
    hsa::Queue& q = rt.queue_create(4, 1, "Q");
    hsa::Queue& other = rt.queue_create(4, 1, "O");
    const hsa_signal_t so = rt.signal_create(1);
    const std::uint64_t index = q.add_write_index(2);
    q.write(index, make_dispatch_packet({.kernel_object = brief, .barrier = true}));
    q.ring_doorbell(index + 1);
    rt.submit(other, make_dispatch_packet({.kernel_object = k5, .completion_signal = so}));
    rt.signal_wait(so, HSA_SIGNAL_CONDITION_EQ, 0);
    EXPECT_EQ(rt.now(), 6 * us);
    q.write(index + 1, make_dispatch_packet({.kernel_object = k10, .completion_signal = done}));
  }
  hsa::Runtime rt;
  const hsa_signal_t done = rt.signal_create(1);
};

// Under gem5's barrier timing, the dummy wake-up one delay after the barrier-bit kernel's
// launch (at 2 us) finds index 1 not yet written: that is no processing of it. Written at 6, it
// is processed [6,7] and runs [7,17], as under HSA rules.
TEST(HostApiGem5, APacketWrittenAfterItsDoorbellPaysItsProcessing) {
  DeviceSpec device = testing::host_api_device(4);
  device.front_end.gem5_barrier_bit = true;
  RungBeforeWritten run(device);
  run.rt.signal_wait(run.done, HSA_SIGNAL_CONDITION_EQ, 0);
  EXPECT_EQ(run.rt.gpu().kernels().back().launch, 7 * us);
  EXPECT_EQ(run.rt.now(), 17 * us);
}

// gem5 copies the ring when the doorbell rings and never processes an INVALID copy, nor fetches
// it again: the queue stops for good. Under its semantics that is Q's queue error, at the dummy
// wake-up (2 us).
TEST(HostApiGem5, UnderGem5SemanticsAnUnwrittenPacketIsAQueueError) {
  DeviceSpec device = testing::host_api_device(4);
  device.front_end.semantics = FrontEndSemantics::gem5;
  RungBeforeWritten run(device);
  try {
    run.rt.signal_wait(run.done, HSA_SIGNAL_CONDITION_EQ, 0);
    FAIL() << "expected a SimulationError";
  } catch (const hsa::SimulationError& e) {
    ASSERT_EQ(e.outcome().errors.size(), 1U);
    EXPECT_EQ(e.outcome().errors[0].queue_name, "Q");
    EXPECT_EQ(e.outcome().errors[0].packet_index, 1U);
    EXPECT_EQ(e.outcome().errors[0].time, 2 * us);
    EXPECT_NE(e.outcome().errors[0].message.find("gem5 never processes the copy it fetched"),
              std::string::npos);
  }
}

// With one slot, queue B's head cannot run (unwritten; behind a closed barrier): at the 100 us
// quantum nothing is ready, the timer stops and the wait is a deadlock. What the host does next
// restarts the timer, as a doorbell does, and a quantum later (200 us) B is mapped. The packet
// written at 100 is processed [200,201] and runs [201,206]; opened at 100, the barrier is
// processed [200,201] and the dispatch behind it [201,202], which runs [202,207].
TEST(HostApiOneSlot, PublishingOrStoringASignalMapsAQueueThatWaited) {
  for (const bool by_signal : {false, true}) {
    hsa::Runtime rt(testing::host_api_device(1), std::make_unique<RrTimeslice>(PolicyParams{}),
                    std::make_unique<FifoBackfill>(PolicyParams{}));
    const std::uint64_t k5 = rt.register_kernel(testing::host_api_kernel("k5", 5 * us));
    rt.queue_create(4, 1, "A");
    hsa::Queue& b = rt.queue_create(4, 1, "B");
    const hsa_signal_t done = rt.signal_create(1);
    const hsa_signal_t gate = rt.signal_create(1);
    const AqlPacket work = make_dispatch_packet({.kernel_object = k5, .completion_signal = done});
    std::uint64_t index = 0;
    if (by_signal) {
      rt.submit(b, make_barrier_packet(false, std::span(&gate, 1), {0}, false));
      rt.submit(b, work);
    } else {
      index = b.add_write_index(1);
      b.ring_doorbell(index);
    }
    EXPECT_THROW(rt.signal_wait(done, HSA_SIGNAL_CONDITION_EQ, 0), hsa::SimulationError);
    EXPECT_EQ(rt.now(), 100 * us);
    if (by_signal) {
      rt.signal_store(gate, 0);
    } else {
      b.write(index, work);
    }
    rt.signal_wait(done, HSA_SIGNAL_CONDITION_EQ, 0);
    EXPECT_EQ(rt.now(), (by_signal ? 207 : 206) * us) << "by signal: " << by_signal;
  }
}

// Never published, it is a deadlock that says so.
TEST_F(HostApiMisuse, APacketNeverPublishedIsADeadlockThatSaysSo) {
  hsa::Queue& q = rt.queue_create(4, 1, "Q");
  const hsa_signal_t done = rt.signal_create(1);
  const std::uint64_t index = q.add_write_index(2);
  q.write(index + 1, dispatch(kernel5, done));
  q.ring_doorbell(index + 1);
  const RunOutcome outcome = failed_wait(done);
  EXPECT_EQ(outcome.status, RunStatus::deadlock);
  ASSERT_EQ(outcome.blocked.size(), 1U);
  EXPECT_EQ(outcome.blocked[0].packet_index, 0U);
  EXPECT_EQ(outcome.blocked[0].packet_type, "invalid");
  EXPECT_TRUE(outcome.blocked[0].wait.unpublished);
}

// A submit whose wait for space throws reserves nothing, so the queue recovers. A one-packet
// ring holds a barrier on `gate`; the dispatch behind it cannot be written: a deadlock at 1 us
// (the barrier processed [0,1]). The host opens the gate at 1 us: the barrier retires, and the
// dispatch, written at 1, is processed [1,2] and runs [2,12].
TEST_F(HostApiMisuse, ASubmitThatThrowsLeavesNoIndexReserved) {
  hsa::Queue& q = rt.queue_create(1, 1, "Q");
  const hsa_signal_t gate = rt.signal_create(1);
  const hsa_signal_t done = rt.signal_create(1);
  rt.submit(q, make_barrier_packet(false, std::span(&gate, 1), {0}, false));
  EXPECT_THROW(rt.submit(q, dispatch(kernel10, done)), hsa::SimulationError);
  EXPECT_EQ(q.load_write_index(), 1U);
  rt.signal_store(gate, 0);
  EXPECT_EQ(rt.submit(q, dispatch(kernel10, done)), 1U);
  EXPECT_EQ(rt.signal_wait(done, HSA_SIGNAL_CONDITION_EQ, 0), 0);
  EXPECT_EQ(rt.now(), 12 * us);
}

TEST_F(HostApiMisuse, IndicesOutsideThoseReservedAndNotConsumedAreRefused) {
  hsa::Queue& q = rt.queue_create(2, 1, "Q");
  const hsa_signal_t done = rt.signal_create(2);
  rt.submit(q, dispatch(kernel5, done));
  rt.submit(q, dispatch(kernel5, done));
  rt.signal_wait(done, HSA_SIGNAL_CONDITION_EQ, 0);
  ASSERT_EQ(q.load_read_index(), 2U);
  // Index 0 has been consumed: its slot now belongs to index 2.
  EXPECT_THROW(q.write(0, dispatch(kernel5, done)), std::logic_error);
  EXPECT_THROW(q.write(2, dispatch(kernel5, done)), std::logic_error);  // nothing reserved at 2
  EXPECT_THROW(q.ring_doorbell(2), std::logic_error);
  EXPECT_THROW(q.ring_doorbell(UINT64_MAX), std::logic_error);
}

TEST_F(HostApiMisuse, SignalHandlesThisRuntimeDidNotCreateAreRefused) {
  rt.signal_create(1);
  for (const hsa_signal_t bad : {hsa_signal_t{0}, hsa_signal_t{2}, hsa_signal_t{UINT64_MAX}}) {
    EXPECT_THROW(rt.signal_load(bad), std::invalid_argument);
    EXPECT_THROW(rt.signal_store(bad, 0), std::invalid_argument);
    EXPECT_THROW(rt.signal_wait(bad, HSA_SIGNAL_CONDITION_EQ, 0), std::invalid_argument);
  }
}

// As hsa_amd_queue_cu_set_mask: bit counts are multiples of 32, and 0 enables every CU again.
TEST_F(HostApiMisuse, CuMasksFollowTheRuntimesRules) {
  hsa::Queue& q = rt.queue_create(4);
  const std::uint32_t cu0 = 1;
  EXPECT_THROW(q.cu_set_mask(5, std::span(&cu0, 1)), std::invalid_argument);
  EXPECT_THROW(q.cu_set_mask(64, std::span(&cu0, 1)), std::invalid_argument);  // 2 words named
  q.cu_set_mask(32, std::span(&cu0, 1));
  EXPECT_EQ(rt.gpu().queue(q.id()).cu_mask(), std::vector<std::uint8_t>{1});
  q.cu_set_mask(0, {});
  EXPECT_TRUE(rt.gpu().queue(q.id()).cu_mask().empty());
}

TEST_F(HostApiMisuse, QueuesLargerThanTheAgentsLargestAreRefused) {
  EXPECT_THROW(rt.queue_create(kMaxQueueSize * 2), std::invalid_argument);
  EXPECT_THROW(rt.queue_create(1U << 31), std::invalid_argument);
  EXPECT_EQ(rt.queue_create(kMaxQueueSize).size(), kMaxQueueSize);
}

// HSA: `dimensions` is 1 to 3, and the sizes of unused dimensions are 1 (a 1-D packet with
// grid_size_y = 1000 ran 1000 times its grid).
TEST_F(HostApiMisuse, PacketsWithBadDimensionsAreQueueErrors) {
  const auto with = [&](std::uint16_t setup, std::uint32_t grid_y) {
    auto p = dispatch(kernel5, {0}).as<hsa_kernel_dispatch_packet_t>();
    p.setup = setup;
    p.grid_size_y = grid_y;
    return AqlPacket::from(p);
  };
  hsa::Queue& none = rt.queue_create(4, 1, "none");
  hsa::Queue& stray = rt.queue_create(4, 1, "stray");
  hsa::Queue& two = rt.queue_create(4, 1, "two");
  rt.submit(none, with(0, 1));
  rt.submit(stray, with(1, 1000));
  const hsa_signal_t done = rt.signal_create(1);
  auto fine = with(2, 2).as<hsa_kernel_dispatch_packet_t>();  // 2-D: 1 x 2 work-groups
  fine.completion_signal = done;
  rt.submit(two, AqlPacket::from(fine));
  EXPECT_EQ(rt.signal_wait(done, HSA_SIGNAL_CONDITION_EQ, 0), 0);
  EXPECT_EQ(rt.gpu().kernels().back().total_workgroups, 2U);
  const RunOutcome end = rt.run();
  ASSERT_EQ(end.errors.size(), 2U);
  EXPECT_EQ(end.errors[0].message, "the packet's setup gives 0 dimensions (1 to 3 expected)");
  EXPECT_EQ(end.errors[1].message,
            "a 1-dimensional packet's unused dimensions must be 1 (work-group 64 x 1 x 1, grid "
            "64 x 1000 x 1)");
}

// hsa.h: a null dependency is satisfied for barrier-AND and not for barrier-OR, so an OR over
// none never completes (it completed after its 1 us of processing); an AND over none does.
TEST_F(HostApiMisuse, ABarrierOrOverNoSignalNeverCompletes) {
  hsa::Queue& q = rt.queue_create(4, 1, "Q");
  const hsa_signal_t and_done = rt.signal_create(1);
  const hsa_signal_t or_done = rt.signal_create(1);
  rt.submit(q, make_barrier_packet(false, {}, and_done, false));
  EXPECT_EQ(rt.signal_wait(and_done, HSA_SIGNAL_CONDITION_EQ, 0), 0);
  EXPECT_EQ(rt.now(), 1 * us);
  rt.submit(q, make_barrier_packet(true, {}, or_done, false));
  EXPECT_EQ(failed_wait(or_done).status, RunStatus::deadlock);
  EXPECT_EQ(rt.signal_load(or_done), 1);
}

// A published packet belongs to the packet processor until consumed: a second write to its index
// dropped it (k10's signal never moved, and the run said `completed`).
TEST_F(HostApiMisuse, APublishedPacketIsNotWrittenOver) {
  hsa::Queue& q = rt.queue_create(4, 1, "Q");
  const hsa_signal_t first = rt.signal_create(1);
  const hsa_signal_t second = rt.signal_create(1);
  const std::uint64_t index = q.add_write_index(1);
  q.write(index, dispatch(kernel10, first));
  EXPECT_THROW(q.write(index, dispatch(kernel5, second)), std::logic_error);
  q.ring_doorbell(index);
  EXPECT_THROW(q.write(index, dispatch(kernel5, second)), std::logic_error);
  EXPECT_EQ(rt.signal_wait(first, HSA_SIGNAL_CONDITION_EQ, 0), 0);
  EXPECT_EQ(rt.now(), 11 * us);  // processed [0,1], run [1,11]
}

// 769546 x 494770 x 48448661 one-item work-groups is 2^64 + 4: it ran as 4.
TEST_F(HostApiMisuse, AGridOf2To64WorkGroupsOrMoreIsAQueueError) {
  hsa::Queue& q = rt.queue_create(4, 1, "Q");
  auto p = dispatch(kernel5, {0}).as<hsa_kernel_dispatch_packet_t>();
  p.setup = 3;
  p.workgroup_size_x = 1;
  p.grid_size_x = 769'546;
  p.grid_size_y = 494'770;
  p.grid_size_z = 48'448'661;
  rt.submit(q, AqlPacket::from(p));
  const RunOutcome end = rt.run();
  ASSERT_EQ(end.errors.size(), 1U);
  EXPECT_EQ(end.errors[0].message,
            "the grid holds 2^64 - 1 work-groups or more (work-group 1 x 1 x 1, grid 769546 x "
            "494770 x 48448661)");
  EXPECT_TRUE(rt.gpu().kernels().empty());
}

// A queue of another runtime raised vector::_M_range_check, or, where this runtime has a queue of
// that id, waited on this runtime's queue and wrote into the other's.
TEST_F(HostApiMisuse, AQueueOfAnotherRuntimeIsRefused) {
  rt.queue_create(4, 1, "here");
  hsa::Runtime other(testing::host_api_device(4), std::make_unique<RrTimeslice>(PolicyParams{}),
                     std::make_unique<FifoBackfill>(PolicyParams{}));
  hsa::Queue& there = other.queue_create(4, 1, "there");
  EXPECT_THROW(rt.submit(there, dispatch(kernel5, {0})), std::invalid_argument);
  EXPECT_THROW(rt.wait_for_space(there, 0), std::invalid_argument);
  EXPECT_EQ(there.load_write_index(), 0U);
}

// A wait that no simulated time can end is refused before any runs: an index past write index +
// size, which the read index (at most the write index) cannot bring into the ring. It ran the
// model to its end. (A condition outside hsa_signal_condition_t cannot be made in C++: the
// enumeration's values are 0 to 3.)
TEST_F(HostApiMisuse, AWaitForSpaceThatCanNeverEndIsRefusedUpFront) {
  hsa::Queue& q = rt.queue_create(4, 1, "Q");
  EXPECT_THROW(rt.wait_for_space(q, 4), std::invalid_argument);
  rt.wait_for_space(q, 3);  // free now: the ring holds 0 to 3
  EXPECT_EQ(rt.now(), 0);
}

// A packet written and never rung is never processed: the wait that cannot end says where.
TEST_F(HostApiMisuse, AWaitThatCannotEndNamesIndicesNeverRung) {
  hsa::Queue& q = rt.queue_create(4, 1, "Q");
  const hsa_signal_t done = rt.signal_create(1);
  q.write(q.add_write_index(1), dispatch(kernel5, done));
  try {
    rt.signal_wait(done, HSA_SIGNAL_CONDITION_EQ, 0);
    ADD_FAILURE() << "the wait was satisfied";
  } catch (const hsa::SimulationError& e) {
    EXPECT_STREQ(e.what(),
                 "the model ran every packet it was given while the host waited for a signal; "
                 "queue Q has indices reserved up to 0 and none rung");
  }
  q.ring_doorbell(0);
  EXPECT_EQ(rt.signal_wait(done, HSA_SIGNAL_CONDITION_EQ, 0), 0);
  EXPECT_EQ(rt.now(), 6 * us);
}

// run() says so too: it returned `completed` with the kernel never run and its signal at 1.
TEST_F(HostApiMisuse, ARunThatLeavesIndicesNeverRungSaysWhere) {
  hsa::Queue& q = rt.queue_create(4, 1, "Q");
  const hsa_signal_t done = rt.signal_create(1);
  rt.submit(q, dispatch(kernel5, rt.signal_create(1)));
  q.write(q.add_write_index(1), dispatch(kernel5, done));
  try {
    rt.run();
    ADD_FAILURE() << "the run completed";
  } catch (const hsa::SimulationError& e) {
    EXPECT_STREQ(e.what(),
                 "the model ran every packet it was given; queue Q has indices reserved up to 1 "
                 "and rung up to 0");
    EXPECT_EQ(e.outcome().status, RunStatus::completed);
  }
  EXPECT_EQ(rt.signal_load(done), 1);
  q.ring_doorbell(1);
  EXPECT_EQ(rt.run().status, RunStatus::completed);
  EXPECT_EQ(rt.signal_load(done), 0);
}

// A deadlock that a packet never rung causes names that packet's queue as well: A's barrier waits
// for B's kernel, written and not rung (the deadlock report alone named only A).
TEST_F(HostApiMisuse, ADeadlockBehindIndicesNeverRungSaysWhere) {
  hsa::Queue& a = rt.queue_create(4, 1, "A");
  hsa::Queue& b = rt.queue_create(4, 1, "B");
  const hsa_signal_t b_done = rt.signal_create(1);
  b.write(b.add_write_index(1), dispatch(kernel5, b_done));
  rt.submit(a, make_barrier_packet(false, std::span(&b_done, 1), {0}, false));
  try {
    rt.run();
    ADD_FAILURE() << "the run returned";
  } catch (const hsa::SimulationError& e) {
    EXPECT_EQ(e.outcome().status, RunStatus::deadlock);
    EXPECT_STREQ(e.what(),
                 "the model stopped (deadlock); queue A waits at packet 0 (barrier-and); queue B "
                 "has indices reserved up to 0 and none rung");
  }
}

}  // namespace
}  // namespace aqlsim
