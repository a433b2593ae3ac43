#include "hsa_model/aql_packet.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace aqlsim {
namespace {

// Scopes a real runtime uses for a kernel that reads and writes global memory.
constexpr std::uint8_t kSystemScope = HSA_FENCE_SCOPE_SYSTEM;

std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) {
  return (a + b - 1) / b;
}

}  // namespace

std::string_view packet_type_name(std::uint8_t type) {
  switch (type) {
    case HSA_PACKET_TYPE_VENDOR_SPECIFIC:
      return "vendor-specific";
    case HSA_PACKET_TYPE_INVALID:
      return "invalid";
    case HSA_PACKET_TYPE_KERNEL_DISPATCH:
      return "kernel-dispatch";
    case HSA_PACKET_TYPE_BARRIER_AND:
      return "barrier-and";
    case HSA_PACKET_TYPE_AGENT_DISPATCH:
      return "agent-dispatch";
    case HSA_PACKET_TYPE_BARRIER_OR:
      return "barrier-or";
    default:
      return "unknown";
  }
}

AqlPacket make_dispatch_packet(const DispatchFields& fields) {
  // Checked, not asserted: a cast would wrap, and the packet would run another grid.
  if (fields.workgroups == 0)
    throw std::invalid_argument("a dispatch needs at least one work-group");
  if (fields.workgroup_size == 0 || fields.workgroup_size > UINT16_MAX) {
    throw std::invalid_argument(
        fmt::format("a work-group size of {} does not fit workgroup_size_x (1 to 65535)",
                    fields.workgroup_size));
  }
  if (fields.workgroups > UINT32_MAX / fields.workgroup_size) {
    throw std::invalid_argument(
        fmt::format("a grid of {} work-groups of {} work-items does not fit the 32-bit grid_size_x",
                    fields.workgroups, fields.workgroup_size));
  }
  hsa_kernel_dispatch_packet_t p{};
  p.header = encode_header({.type = HSA_PACKET_TYPE_KERNEL_DISPATCH,
                            .barrier = fields.barrier,
                            .acquire_scope = kSystemScope,
                            .release_scope = kSystemScope});
  p.setup = 1u << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS;  // one dimension
  p.workgroup_size_x = static_cast<std::uint16_t>(fields.workgroup_size);
  p.workgroup_size_y = 1;
  p.workgroup_size_z = 1;
  p.grid_size_x = static_cast<std::uint32_t>(fields.workgroups * fields.workgroup_size);
  p.grid_size_y = 1;
  p.grid_size_z = 1;
  p.group_segment_size = fields.group_segment_bytes;
  p.kernel_object = fields.kernel_object;
  p.completion_signal = fields.completion_signal;
  return AqlPacket::from(p);
}

AqlPacket make_barrier_packet(bool any, std::span<const hsa_signal_t> dependencies,
                              hsa_signal_t completion_signal, bool barrier) {
  if (dependencies.size() > kBarrierDependencies) {
    throw std::invalid_argument(fmt::format(
        "a barrier packet holds at most {} dependency signals, found {}: chain barrier packets "
        "for more",
        kBarrierDependencies, dependencies.size()));
  }
  // The AND and OR layouts are identical apart from the type.
  hsa_barrier_and_packet_t p{};
  p.header = encode_header({.type = static_cast<std::uint8_t>(any ? HSA_PACKET_TYPE_BARRIER_OR
                                                                  : HSA_PACKET_TYPE_BARRIER_AND),
                            .barrier = barrier,
                            .acquire_scope = kSystemScope,
                            .release_scope = kSystemScope});
  for (std::size_t i = 0; i < dependencies.size(); ++i)
    p.dep_signal[i] = dependencies[i];
  p.completion_signal = completion_signal;
  return AqlPacket::from(p);
}

std::uint64_t workgroup_count(const hsa_kernel_dispatch_packet_t& p) {
  if (p.workgroup_size_x == 0 || p.workgroup_size_y == 0 || p.workgroup_size_z == 0) return 0;
  // Each dimension fits in 32 bits, their product in 96: 2^32 x 2^32 x 4 wrapped to 0.
  std::uint64_t xy = 0;
  std::uint64_t xyz = 0;
  if (__builtin_mul_overflow(ceil_div(p.grid_size_x, p.workgroup_size_x),
                             ceil_div(p.grid_size_y, p.workgroup_size_y), &xy) ||
      __builtin_mul_overflow(xy, ceil_div(p.grid_size_z, p.workgroup_size_z), &xyz)) {
    return kTooManyWorkgroups;
  }
  return std::min(xyz, kTooManyWorkgroups);
}

std::uint64_t workitems_per_workgroup(const hsa_kernel_dispatch_packet_t& p) {
  // Up to 65535^3: in 32 bits, 18176 x 13824 x 32768 wrapped to 0 work-items.
  return std::uint64_t{p.workgroup_size_x} * p.workgroup_size_y * p.workgroup_size_z;
}

}  // namespace aqlsim
