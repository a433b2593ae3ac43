#pragma once
// AQL packets in the real HSA layouts from <hsa/hsa.h>: every packet is 64 bytes, with the
// header's type in bits 0-7, the barrier bit in bit 8 and the acquire and release fence scopes
// in bits 9-10 and 11-12.
#include <hsa/hsa.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

namespace aqlsim {

static_assert(sizeof(hsa_kernel_dispatch_packet_t) == 64);
static_assert(sizeof(hsa_barrier_and_packet_t) == 64);
static_assert(sizeof(hsa_barrier_or_packet_t) == 64);
static_assert(sizeof(hsa_agent_dispatch_packet_t) == 64);
static_assert(offsetof(hsa_kernel_dispatch_packet_t, kernel_object) == 32);
static_assert(offsetof(hsa_kernel_dispatch_packet_t, completion_signal) == 56);
static_assert(offsetof(hsa_barrier_and_packet_t, dep_signal) == 8);
static_assert(offsetof(hsa_barrier_and_packet_t, completion_signal) == 56);

inline constexpr std::size_t kAqlPacketBytes = 64;
inline constexpr std::size_t kBarrierDependencies = 5;  // dep_signal[5] in both barrier packets

// The decoded 16-bit packet header.
struct PacketHeader {
  std::uint8_t type = HSA_PACKET_TYPE_INVALID;  // hsa_packet_type_t
  bool barrier = false;
  std::uint8_t acquire_scope = HSA_FENCE_SCOPE_NONE;  // hsa_fence_scope_t
  std::uint8_t release_scope = HSA_FENCE_SCOPE_NONE;

  friend bool operator==(const PacketHeader&, const PacketHeader&) = default;
};

constexpr std::uint16_t encode_header(const PacketHeader& h) {
  return static_cast<std::uint16_t>(
      (h.type << HSA_PACKET_HEADER_TYPE) | ((h.barrier ? 1 : 0) << HSA_PACKET_HEADER_BARRIER) |
      ((h.acquire_scope & 0x3) << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
      ((h.release_scope & 0x3) << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
}

constexpr PacketHeader decode_header(std::uint16_t bits) {
  return PacketHeader{
      .type = static_cast<std::uint8_t>((bits >> HSA_PACKET_HEADER_TYPE) & 0xFF),
      .barrier = ((bits >> HSA_PACKET_HEADER_BARRIER) & 0x1) != 0,
      .acquire_scope =
          static_cast<std::uint8_t>((bits >> HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) & 0x3),
      .release_scope =
          static_cast<std::uint8_t>((bits >> HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE) & 0x3),
  };
}

// The packet types the model executes; everything else is reported as an invalid packet.
constexpr bool is_supported_packet_type(std::uint8_t type) {
  return type == HSA_PACKET_TYPE_KERNEL_DISPATCH || type == HSA_PACKET_TYPE_BARRIER_AND ||
         type == HSA_PACKET_TYPE_BARRIER_OR;
}

std::string_view packet_type_name(std::uint8_t type);

// One 64-byte ring slot. Typed access copies through memcpy, as the layouts alias.
struct alignas(64) AqlPacket {
  std::array<std::byte, kAqlPacketBytes> bytes{};

  std::uint16_t header_bits() const {
    std::uint16_t bits = 0;
    std::memcpy(&bits, bytes.data(), sizeof bits);
    return bits;
  }
  PacketHeader header() const { return decode_header(header_bits()); }
  void set_header_bits(std::uint16_t bits) { std::memcpy(bytes.data(), &bits, sizeof bits); }

  template <class Layout>
  Layout as() const {
    static_assert(sizeof(Layout) == kAqlPacketBytes);
    Layout layout;
    std::memcpy(&layout, bytes.data(), sizeof layout);
    return layout;
  }
  template <class Layout>
  static AqlPacket from(const Layout& layout) {
    static_assert(sizeof(Layout) == kAqlPacketBytes);
    AqlPacket packet;
    std::memcpy(packet.bytes.data(), &layout, sizeof layout);
    return packet;
  }
};
static_assert(sizeof(AqlPacket) == kAqlPacketBytes);

// What a host needs to say to build a kernel dispatch packet (1-D work-groups and grid).
struct DispatchFields {
  std::uint64_t kernel_object = 0;
  std::uint32_t workgroup_size = 1;  // work-items per work-group
  std::uint64_t workgroups = 1;      // work-groups in the grid
  std::uint32_t group_segment_bytes = 0;
  hsa_signal_t completion_signal{0};
  bool barrier = false;
};

// Throws std::invalid_argument when the fields do not fit the packet: no work-groups, a
// work-group size of 0 or over the 16-bit field, or a grid of 2^32 work-items or more (the
// 32-bit grid_size_x; write a 2-D or 3-D packet for a larger grid).
AqlPacket make_dispatch_packet(const DispatchFields& fields);
// A barrier-AND (or, with `any`, barrier-OR) packet over up to five dependency signals (more
// throw std::invalid_argument: chain barrier packets to wait for more).
AqlPacket make_barrier_packet(bool any, std::span<const hsa_signal_t> dependencies,
                              hsa_signal_t completion_signal, bool barrier);

// Work-groups in a dispatch packet's grid (ceiling division in each dimension); 0 if a size
// is 0, kTooManyWorkgroups if the count is 2^64 - 1 or more (a count the model refuses).
inline constexpr std::uint64_t kTooManyWorkgroups = UINT64_MAX;
std::uint64_t workgroup_count(const hsa_kernel_dispatch_packet_t& packet);
std::uint64_t workitems_per_workgroup(const hsa_kernel_dispatch_packet_t& packet);

}  // namespace aqlsim
