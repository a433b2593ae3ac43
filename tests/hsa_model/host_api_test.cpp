// The HSA-style host API, on timelines worked out by hand on host_api_fixture.hpp's device: one
// CU of 8 one-wave slots, 1 us per packet, exact work-group durations.
#include "hsa_model/host_api.hpp"

#include <gtest/gtest.h>

#include <set>

#include "queue_sched/fifo.hpp"
#include "queue_sched/rr_timeslice.hpp"
#include "tests/hsa_model/host_api_fixture.hpp"
#include "tests/support/invariant_checker.hpp"
#include "tests/support/microseconds.hpp"

namespace aqlsim {
namespace {

using testing::us;

class HostApi : public ::testing::Test {
 protected:
  explicit HostApi(std::uint32_t hw_queues = 4)
      : rt(testing::host_api_device(hw_queues), std::make_unique<RrTimeslice>(PolicyParams{}),
           std::make_unique<FifoBackfill>(PolicyParams{})) {
    rt.gpu().add_observer(&checker);
    kernel10 = rt.register_kernel(testing::host_api_kernel("k10", 10 * us));
    kernel5 = rt.register_kernel(testing::host_api_kernel("k5", 5 * us));
  }

  AqlPacket dispatch(std::uint64_t kernel, hsa_signal_t signal, std::uint64_t groups = 1) {
    return make_dispatch_packet({.kernel_object = kernel,
                                 .workgroup_size = 64,
                                 .workgroups = groups,
                                 .completion_signal = signal});
  }

  hsa::Runtime rt;
  testing::InvariantChecker checker;
  std::uint64_t kernel10 = 0;
  std::uint64_t kernel5 = 0;
};

TEST_F(HostApi, ASubmittedDispatchCompletesItsSignalInSimulatedTime) {
  hsa::Queue& q = rt.queue_create(16, /*priority=*/3, "work");
  EXPECT_EQ(q.priority(), 3u);
  const hsa_signal_t done = rt.signal_create(1);
  // Written by hand, step by step: reserve, write (publishes the header), ring.
  const std::uint64_t index = q.add_write_index(1);
  EXPECT_EQ(index, 0u);
  q.write(index, dispatch(kernel10, done));
  q.ring_doorbell(index);
  EXPECT_EQ(rt.signal_wait(done, HSA_SIGNAL_CONDITION_LT, 1), 0);
  EXPECT_EQ(rt.now(), 11 * us);  // processed [0,1], runs [1,11]
  EXPECT_EQ(q.load_read_index(), 1u);
  EXPECT_EQ(rt.run().status, RunStatus::completed);
  checker.expect_clean_finish(rt.gpu(), rt.gpu().signals());
}

TEST_F(HostApi, TheHostActsAtTheTimeItWokeUp) {
  hsa::Queue& q = rt.queue_create(16);
  const hsa_signal_t first = rt.signal_create(1);
  const hsa_signal_t second = rt.signal_create(1);
  rt.submit(q, dispatch(kernel10, first));
  rt.signal_wait(first, HSA_SIGNAL_CONDITION_EQ, 0);  // at 11 us
  rt.submit(q, dispatch(kernel5, second));            // written at 11, runs [12,17]
  rt.signal_wait(second, HSA_SIGNAL_CONDITION_EQ, 0);
  EXPECT_EQ(rt.now(), 17 * us);
  EXPECT_EQ(rt.gpu().kernels()[1].arrival, 11 * us);
}

TEST_F(HostApi, ABarrierAndPacketBuiltByHandOrdersTwoQueues) {
  hsa::Queue& producer = rt.queue_create(16);
  hsa::Queue& consumer = rt.queue_create(16);
  const hsa_signal_t made = rt.signal_create(1);
  const hsa_signal_t used = rt.signal_create(1);
  rt.submit(producer, dispatch(kernel10, made));  // runs [1,11]
  const hsa_signal_t deps[] = {made};
  rt.submit(consumer, make_barrier_packet(false, deps, {0}, true));
  rt.submit(consumer, dispatch(kernel5, used));  // processed [11,12], runs [12,17]
  rt.signal_wait(used, HSA_SIGNAL_CONDITION_LT, 1);
  EXPECT_EQ(rt.now(), 17 * us);
}

TEST_F(HostApi, SubmitWaitsForRingSpaceInsteadOfOverwriting) {
  hsa::Queue& q = rt.queue_create(2);
  const hsa_signal_t done = rt.signal_create(3);
  // Three 8-group kernels: each fills the CU. Index 2 needs slot 0, freed when packet 0 is
  // launched at 1 us; the host writes it then.
  for (int i = 0; i < 3; ++i)
    rt.submit(q, dispatch(kernel10, done, 8));
  EXPECT_EQ(rt.gpu().queue(q.id()).submit_time(2), 1 * us);
  EXPECT_THROW(q.write(q.load_write_index() + 5, dispatch(kernel10, done)), std::logic_error);
  rt.signal_wait(done, HSA_SIGNAL_CONDITION_EQ, 0);
  EXPECT_EQ(rt.now(), 31 * us);  // [1,11], [11,21], [21,31]
}

TEST_F(HostApi, WaitingOnASignalNothingWillChangeIsADeadlockNotAHang) {
  const hsa_signal_t never = rt.signal_create(1);
  try {
    rt.signal_wait(never, HSA_SIGNAL_CONDITION_EQ, 0);
    FAIL() << "expected a SimulationError";
  } catch (const hsa::SimulationError& e) {
    EXPECT_EQ(e.outcome().status, RunStatus::completed);  // nothing was left to run
    EXPECT_STREQ(e.what(),
                 "the model ran every packet it was given while the host waited for a signal");
  }
}

TEST_F(HostApi, AnInvalidPacketEndsTheWaitWithTheQueueError) {
  hsa::Queue& q = rt.queue_create(4, 1, "broken");
  const hsa_signal_t done = rt.signal_create(1);
  AqlPacket agent;
  agent.set_header_bits(encode_header({.type = HSA_PACKET_TYPE_AGENT_DISPATCH}));
  rt.submit(q, agent);
  rt.submit(q, dispatch(kernel10, done));
  try {
    rt.signal_wait(done, HSA_SIGNAL_CONDITION_EQ, 0);
    FAIL() << "expected a SimulationError";
  } catch (const hsa::SimulationError& e) {
    ASSERT_EQ(e.outcome().status, RunStatus::queue_error);
    EXPECT_EQ(e.outcome().errors[0].queue_name, "broken");
    EXPECT_EQ(e.outcome().errors[0].packet_index, 0u);
    // The message says what went wrong, not only the status.
    EXPECT_EQ(std::string(e.what()),
              "the model stopped (queue_error) while the host waited for a signal; queue broken, "
              "packet 0: " +
                  e.outcome().errors[0].message);
  }
}

// A work-group of 18176 x 13824 x 32768 work-items (2^32 x 1917) once wrapped to 0 work-items
// in 32 bits: 0 waves, and a division by zero in the occupancy. It is a queue error, as any
// work-group larger than a CU: this one holds 8 waves of 64, 512 work-items.
TEST_F(HostApi, AWorkGroupLargerThanACuIsAQueueError) {
  hsa::Queue& q = rt.queue_create(4, 1, "huge");
  const hsa_signal_t done = rt.signal_create(1);
  auto packet = dispatch(kernel10, done).as<hsa_kernel_dispatch_packet_t>();
  packet.setup = 3;  // three dimensions
  packet.workgroup_size_x = 18176;
  packet.workgroup_size_y = 13824;
  packet.workgroup_size_z = 32768;
  packet.grid_size_x = 18176;
  packet.grid_size_y = 13824;
  packet.grid_size_z = 32768;
  rt.submit(q, AqlPacket::from(packet));
  try {
    rt.signal_wait(done, HSA_SIGNAL_CONDITION_EQ, 0);
    FAIL() << "expected a SimulationError";
  } catch (const hsa::SimulationError& e) {
    ASSERT_EQ(e.outcome().status, RunStatus::queue_error);
    EXPECT_EQ(e.outcome().errors[0].status, HSA_STATUS_ERROR_OUT_OF_RESOURCES);
    EXPECT_EQ(e.outcome().errors[0].message,
              "a work-group of 8233452306432 work-items fits on no compute unit (at most 512)");
  }
}

TEST_F(HostApi, QueueSizesMustBePowersOfTwoAndPrioritiesCanChange) {
  EXPECT_THROW(rt.queue_create(12), std::invalid_argument);
  hsa::Queue& q = rt.queue_create(8, 1);
  q.set_priority(7);
  EXPECT_EQ(rt.gpu().queue(q.id()).priority(), 7u);
}

// hsa_amd_queue_cu_set_mask: on two CUs, a queue masked to CU 1 (word 0b10) puts all four
// work-groups there; without the mask they spread over both CUs. A mask enabling no CU of the
// device is rejected (host_api_misuse_test.cpp has the other refusals).
TEST(HostApiCuMask, AMaskedQueueRunsOnlyOnItsCus) {
  struct Cus final : ModelObserver {
    void on_workgroup_started(const KernelState&, const WorkgroupRecord& wg,
                              const ComputeUnit&) override {
      used.insert(wg.cu);
    }
    std::set<CuIndex> used;
  };
  for (const bool masked : {false, true}) {
    DeviceSpec device = testing::host_api_device(4);
    device.compute_units = 2;
    hsa::Runtime rt(device, std::make_unique<RrTimeslice>(PolicyParams{}),
                    std::make_unique<FifoBackfill>(PolicyParams{}));
    Cus cus;
    testing::InvariantChecker checker;
    rt.gpu().add_observer(&cus);
    rt.gpu().add_observer(&checker);
    const std::uint64_t kernel = rt.register_kernel(testing::host_api_kernel("k", 10 * us));
    hsa::Queue& q = rt.queue_create(16);
    const std::uint32_t only_cu1 = 0b10;
    if (masked) q.cu_set_mask(32, std::span(&only_cu1, 1));
    const hsa_signal_t done = rt.signal_create(1);
    rt.submit(q, make_dispatch_packet({.kernel_object = kernel,
                                       .workgroup_size = 64,
                                       .workgroups = 4,
                                       .completion_signal = done}));
    EXPECT_EQ(rt.signal_wait(done, HSA_SIGNAL_CONDITION_EQ, 0), 0);
    const std::set<CuIndex> expected = masked ? std::set<CuIndex>{1} : std::set<CuIndex>{0, 1};
    EXPECT_EQ(cus.used, expected);
    const std::uint32_t beyond = 0b100;  // CU 2 does not exist
    EXPECT_THROW(q.cu_set_mask(32, std::span(&beyond, 1)), std::invalid_argument);
  }
}

}  // namespace
}  // namespace aqlsim
