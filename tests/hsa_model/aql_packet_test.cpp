#include "hsa_model/aql_packet.hpp"

#include <gtest/gtest.h>

namespace aqlsim {
namespace {

TEST(AqlPacket, LayoutsAreSixtyFourBytesAtTheSpecOffsets) {
  EXPECT_EQ(sizeof(AqlPacket), 64u);
  EXPECT_EQ(alignof(AqlPacket), 64u);
  EXPECT_EQ(offsetof(hsa_kernel_dispatch_packet_t, grid_size_x), 12u);
  EXPECT_EQ(offsetof(hsa_kernel_dispatch_packet_t, group_segment_size), 28u);
  EXPECT_EQ(offsetof(hsa_barrier_or_packet_t, dep_signal), 8u);
  EXPECT_EQ(offsetof(hsa_barrier_or_packet_t, completion_signal), 56u);
}

TEST(PacketHeader, EncodesTypeBarrierAndFenceScopesInTheirBits) {
  // type 2 in bits 0-7, barrier in bit 8, acquire SYSTEM (2) in 9-10, release AGENT (1) in 11-12
  const PacketHeader h{.type = HSA_PACKET_TYPE_KERNEL_DISPATCH,
                       .barrier = true,
                       .acquire_scope = HSA_FENCE_SCOPE_SYSTEM,
                       .release_scope = HSA_FENCE_SCOPE_AGENT};
  EXPECT_EQ(encode_header(h), 2 + (1 << 8) + (2 << 9) + (1 << 11));
  EXPECT_EQ(decode_header(encode_header(h)), h);
  EXPECT_EQ(encode_header({.type = HSA_PACKET_TYPE_BARRIER_OR}), 5);
  EXPECT_EQ(decode_header(0x0103).type, HSA_PACKET_TYPE_BARRIER_AND);
  EXPECT_TRUE(decode_header(0x0103).barrier);
  EXPECT_FALSE(decode_header(0x0003).barrier);
}

TEST(PacketHeader, OnlyDispatchAndBarriersAreSupported) {
  EXPECT_TRUE(is_supported_packet_type(HSA_PACKET_TYPE_KERNEL_DISPATCH));
  EXPECT_TRUE(is_supported_packet_type(HSA_PACKET_TYPE_BARRIER_AND));
  EXPECT_TRUE(is_supported_packet_type(HSA_PACKET_TYPE_BARRIER_OR));
  EXPECT_FALSE(is_supported_packet_type(HSA_PACKET_TYPE_VENDOR_SPECIFIC));
  EXPECT_FALSE(is_supported_packet_type(HSA_PACKET_TYPE_INVALID));
  EXPECT_FALSE(is_supported_packet_type(HSA_PACKET_TYPE_AGENT_DISPATCH));
  EXPECT_FALSE(is_supported_packet_type(9));
}

TEST(DispatchPacket, CarriesGridWorkGroupLdsAndSignal) {
  const AqlPacket packet = make_dispatch_packet({.kernel_object = 7,
                                                 .workgroup_size = 256,
                                                 .workgroups = 10,
                                                 .group_segment_bytes = 4096,
                                                 .completion_signal = {3},
                                                 .barrier = true});
  const auto p = packet.as<hsa_kernel_dispatch_packet_t>();
  EXPECT_EQ(p.grid_size_x, 2560u);
  EXPECT_EQ(p.workgroup_size_x, 256);
  EXPECT_EQ(p.workgroup_size_y, 1);
  EXPECT_EQ(p.group_segment_size, 4096u);
  EXPECT_EQ(p.kernel_object, 7u);
  EXPECT_EQ(p.completion_signal.handle, 3u);
  EXPECT_EQ(packet.header().type, HSA_PACKET_TYPE_KERNEL_DISPATCH);
  EXPECT_TRUE(packet.header().barrier);
  EXPECT_EQ(workgroup_count(p), 10u);
  EXPECT_EQ(workitems_per_workgroup(p), 256u);
}

TEST(DispatchPacket, WorkGroupCountRoundsEachDimensionUp) {
  hsa_kernel_dispatch_packet_t p{};
  p.workgroup_size_x = 16;
  p.workgroup_size_y = 16;
  p.workgroup_size_z = 1;
  p.grid_size_x = 100;  // 7 groups
  p.grid_size_y = 33;   // 3 groups
  p.grid_size_z = 1;
  EXPECT_EQ(workgroup_count(p), 21u);
  p.workgroup_size_z = 0;
  EXPECT_EQ(workgroup_count(p), 0u);
}

// Each dimension fits in 32 bits, the product of three does not in 64: 769546 x 494770 x
// 48448661 one-item work-groups is 2^64 + 4 and ran as 4; 2^31 x 2^31 x 4 is 2^64 and was 0.
TEST(DispatchPacket, AWorkGroupCountPast64BitsIsTooMany) {
  hsa_kernel_dispatch_packet_t p{};
  p.workgroup_size_x = p.workgroup_size_y = p.workgroup_size_z = 1;
  p.grid_size_x = 769'546;
  p.grid_size_y = 494'770;
  p.grid_size_z = 48'448'661;
  EXPECT_EQ(workgroup_count(p), kTooManyWorkgroups);
  p.grid_size_x = p.grid_size_y = 1U << 31;
  p.grid_size_z = 4;
  EXPECT_EQ(workgroup_count(p), kTooManyWorkgroups);
  p.grid_size_z = 3;  // 3 x 2^62, which fits
  EXPECT_EQ(workgroup_count(p), 3ULL << 62);
}

TEST(BarrierPacket, FillsDependenciesInOrderAndLeavesTheRestNull) {
  const hsa_signal_t deps[] = {{4}, {9}};
  const AqlPacket packet = make_barrier_packet(/*any=*/true, deps, {12}, /*barrier=*/false);
  const auto p = packet.as<hsa_barrier_or_packet_t>();
  EXPECT_EQ(packet.header().type, HSA_PACKET_TYPE_BARRIER_OR);
  EXPECT_EQ(p.dep_signal[0].handle, 4u);
  EXPECT_EQ(p.dep_signal[1].handle, 9u);
  EXPECT_EQ(p.dep_signal[2].handle, 0u);
  EXPECT_EQ(p.dep_signal[4].handle, 0u);
  EXPECT_EQ(p.completion_signal.handle, 12u);
  EXPECT_EQ(make_barrier_packet(false, deps, {0}, true).header().type, HSA_PACKET_TYPE_BARRIER_AND);
}

}  // namespace
}  // namespace aqlsim
