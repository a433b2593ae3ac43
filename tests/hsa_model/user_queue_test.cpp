#include "hsa_model/user_queue.hpp"

#include <gtest/gtest.h>

#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

using testing::us;

AqlPacket dispatch_of(std::uint64_t kernel_object) {
  return make_dispatch_packet(
      {.kernel_object = kernel_object, .workgroup_size = 64, .workgroups = 1});
}

TEST(UserQueue, IndicesAre64BitAndTheRingWrapsAround) {
  UserQueue q(0, "q", 4, 1);
  EXPECT_EQ(q.add_write_index(1), 0u);
  EXPECT_EQ(q.add_write_index(2), 1u);
  EXPECT_EQ(q.write_index(), 3u);
  EXPECT_EQ(&q.slot(1), &q.slot(5));  // index 5 wraps onto slot 1
  EXPECT_EQ(&q.slot(2), &q.slot(2 + (std::uint64_t{1} << 40)));
  EXPECT_EQ(q.head().header().type, HSA_PACKET_TYPE_INVALID);  // the ring starts INVALID
}

TEST(UserQueue, ASlotIsFreeOnlyAfterTheReadIndexPassedIt) {
  UserQueue q(0, "q", 2, 1);
  EXPECT_TRUE(q.slot_free(0));
  EXPECT_TRUE(q.slot_free(1));
  EXPECT_FALSE(q.slot_free(2));  // would overwrite index 0, not yet consumed
  for (std::uint64_t i = 0; i < 2; ++i) {
    q.publish(q.add_write_index(1), dispatch_of(i + 1), 0, 1);
    q.ring_doorbell(i);
  }
  EXPECT_EQ(q.pending(), 2u);
  EXPECT_EQ(q.head().as<hsa_kernel_dispatch_packet_t>().kernel_object, 1u);
  q.advance_read_index();
  EXPECT_TRUE(q.slot_free(2));
  EXPECT_EQ(q.slot(0).header().type, HSA_PACKET_TYPE_INVALID);  // handed back to the producer
  EXPECT_EQ(q.head().as<hsa_kernel_dispatch_packet_t>().kernel_object, 2u);
}

TEST(UserQueue, DoorbellExposesPacketsUpToItsIndex) {
  UserQueue q(0, "q", 8, 1);
  for (std::uint64_t i = 0; i < 3; ++i)
    q.publish(q.add_write_index(1), dispatch_of(1), 0, 1);
  EXPECT_FALSE(q.has_pending());  // written but not rung
  q.ring_doorbell(1);
  EXPECT_EQ(q.pending(), 2u);
  q.ring_doorbell(0);  // a stale doorbell value does not hide packets
  EXPECT_EQ(q.pending(), 2u);
}

// A ring of 2 slots, five 10 us kernels and one kernel at a time: the host must wait for the
// packet processor to free slots. By hand (packet latency 1 us): packets 0 and 1 are written at
// 0; packet 0 is processed over [0,1] and launched at 1, freeing slot 0, so packet 2 is written
// at 1. Packet 1 is processed over [1,2] and waits for the dispatcher until kernel 0 ends at 11;
// its launch frees a slot and packet 3 is written at 11; and so on.
TEST(UserQueue, AFullRingMakesTheHostWaitAndNothingIsOverwritten) {
  auto sim = testing::simulate(R"(
device:
  compute_units: 1
  cu: {simds: 1, waves_per_simd: 8, vgprs_per_simd: 1024, vgpr_granule: 1, max_workgroups: 8}
  front_end: {hw_queues: 1, packet_latency: 1us, max_concurrent_kernels: 1}
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
queues:
  - name: q
    size: 2
    packets:
      - {name: p0, dispatch: k}
      - {name: p1, dispatch: k}
      - {name: p2, dispatch: k}
      - {name: p3, dispatch: k}
      - {name: p4, dispatch: k}
)");
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  const Tick arrival[] = {0, 0, 1 * us, 11 * us, 21 * us};
  const Tick start[] = {1 * us, 11 * us, 21 * us, 31 * us, 41 * us};
  for (int i = 0; i < 5; ++i) {
    const KernelState& k = sim->kernel("p" + std::to_string(i));
    EXPECT_EQ(k.arrival, arrival[i]) << "p" << i;
    EXPECT_EQ(k.start, start[i]) << "p" << i;
    EXPECT_EQ(k.end, start[i] + 10 * us) << "p" << i;
  }
  EXPECT_EQ(sim->gpu().queue(0).read_index(), 5u);
  EXPECT_EQ(sim->gpu().kernels().size(), 5u);
}

}  // namespace
}  // namespace aqlsim
