#include "hip_backend/gpu/hsa_packets.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>

#include "config/input_error.hpp"

namespace aqlsim::hip {

std::string kernel_symbol(const PlannedDispatch& dispatch) {
  const char* family =
      dispatch.persistent_workers_per_cu > 0 ? "aqlsim_persistent_v" : "aqlsim_spin_v";
  return family + std::to_string(dispatch.vgpr_bucket) + ".kd";
}

AqlPacket dispatch_packet(const PlannedDispatch& dispatch, std::uint64_t workgroups,
                          const KernelCode& kernel, const void* kernarg,
                          hsa_signal_t completion_signal, bool barrier, const std::string& source) {
  const SourceLocation where{.file = source, .line = 0, .column = 0};
  if (dispatch.workgroup_size == 0 || dispatch.workgroup_size > 0xFFFF || workgroups == 0)
    throw InputError(where, "dispatch '" + dispatch.name + "': work-group size " +
                                std::to_string(dispatch.workgroup_size) + " x " +
                                std::to_string(workgroups) +
                                " work-groups cannot be an AQL dispatch");
  if (workgroups > std::numeric_limits<std::uint32_t>::max() / dispatch.workgroup_size)
    throw InputError(where, "dispatch '" + dispatch.name + "': " + std::to_string(workgroups) +
                                " work-groups of " + std::to_string(dispatch.workgroup_size) +
                                " work-items exceed the 32-bit grid_size_x of an AQL packet");
  // The model's own encoder sets the header, setup, sizes and signal; the host-only fields
  // (kernarg address, scratch) are added here.
  auto packet =
      make_dispatch_packet({.kernel_object = kernel.object,
                            .workgroup_size = dispatch.workgroup_size,
                            .workgroups = workgroups,
                            .group_segment_bytes = kernel.group_bytes + dispatch.lds_bytes,
                            .completion_signal = completion_signal,
                            .barrier = barrier});
  auto fields = packet.as<hsa_kernel_dispatch_packet_t>();
  fields.kernarg_address = const_cast<void*>(kernarg);  // the packet's field is not const
  fields.private_segment_size = kernel.private_bytes;
  return AqlPacket::from(fields);
}

std::vector<std::byte> kernarg_image(std::span<const std::byte> args, std::size_t kernarg_bytes,
                                     std::uint8_t abi_version, std::uint64_t workgroups,
                                     std::uint32_t workgroup_size) {
  const std::size_t hidden = (args.size() + 7) / 8 * 8;
  constexpr std::size_t kHiddenV5Bytes = 66;  // up to and including hidden_grid_dims
  const bool v5 = abi_version >= kCodeObjectV5;
  std::vector<std::byte> image(std::max(kernarg_bytes, v5 ? hidden + kHiddenV5Bytes : args.size()));
  std::memcpy(image.data(), args.data(), args.size());
  if (!v5) return image;
  const auto put = [&](std::size_t offset, auto value) {
    std::memcpy(image.data() + hidden + offset, &value, sizeof value);
  };
  put(0, static_cast<std::uint32_t>(workgroups));  // hidden_block_count_x, y, z
  put(4, std::uint32_t{1});
  put(8, std::uint32_t{1});
  put(12, static_cast<std::uint16_t>(workgroup_size));  // hidden_group_size_x, y, z
  put(14, std::uint16_t{1});
  put(16, std::uint16_t{1});
  // hidden_remainder_x/y/z (+18) stay 0: the grid is whole work-groups.
  put(64, std::uint16_t{1});  // hidden_grid_dims
  return image;
}

std::vector<BarrierStep> lower_barrier(const PlanOp& op, const std::string& source) {
  const auto& deps = op.waits_for;
  const bool any = op.kind == PlanOpKind::barrier_or;
  if (deps.empty()) return {BarrierStep{.any = false, .waits_for = {}, .completes_op = true}};
  if (any && deps.size() > kBarrierDependencies)
    throw InputError({.file = source, .line = 0, .column = 0},
                     "barrier-or '" + op.name + "' waits for " + std::to_string(deps.size()) +
                         " packets; the hsa executor runs at most " +
                         std::to_string(kBarrierDependencies) +
                         " (one AQL barrier-OR packet): barrier-ORs in series would wait for one "
                         "packet of every group, not one of all");
  std::vector<BarrierStep> steps;
  for (std::size_t first = 0; first < deps.size(); first += kBarrierDependencies) {
    const auto last = std::min(deps.size(), first + kBarrierDependencies);
    steps.push_back({.any = any,
                     .waits_for = {deps.begin() + static_cast<std::ptrdiff_t>(first),
                                   deps.begin() + static_cast<std::ptrdiff_t>(last)},
                     .completes_op = last == deps.size()});
  }
  return steps;
}

std::vector<BarrierStep> relaunch_waits(const PlanOp& op,
                                        const std::vector<std::uint32_t>& persistent_before,
                                        bool evicting, const std::string& source) {
  if (!op.barrier_bit || !evicting || persistent_before.empty()) return {};
  PlanOp wait;
  wait.kind = PlanOpKind::barrier_and;
  wait.name = op.name;
  wait.waits_for = persistent_before;
  auto steps = lower_barrier(wait, source);
  for (auto& step : steps)
    step.completes_op = false;
  return steps;
}

AqlPacket barrier_step_packet(const BarrierStep& step, std::span<const hsa_signal_t> op_signals,
                              hsa_signal_t op_completion, bool barrier) {
  std::vector<hsa_signal_t> deps;
  for (std::uint32_t op : step.waits_for)
    deps.push_back(op_signals[op]);
  return make_barrier_packet(step.any, deps, step.completes_op ? op_completion : hsa_signal_t{0},
                             barrier);
}

hsa_amd_queue_priority_t queue_priority(std::uint32_t priority) {
  if (priority == 0) return HSA_AMD_QUEUE_PRIORITY_LOW;
  if (priority == 1) return HSA_AMD_QUEUE_PRIORITY_NORMAL;
  return HSA_AMD_QUEUE_PRIORITY_HIGH;
}

std::vector<std::uint32_t> cu_mask_words(const std::vector<std::uint8_t>& cu_mask,
                                         const std::string& source) {
  std::vector<std::uint32_t> words((cu_mask.size() + 31) / 32, 0);
  for (std::size_t cu = 0; cu < cu_mask.size(); ++cu)
    if (cu_mask[cu] != 0) words[cu / 32] |= std::uint32_t{1} << (cu % 32);
  if (!cu_mask.empty() && std::ranges::all_of(words, [](std::uint32_t w) { return w == 0; }))
    throw InputError({.file = source, .line = 0, .column = 0}, "a queue's CU mask enables no CU");
  return words;
}

std::uint32_t enabled_cus(const std::vector<std::uint8_t>& cu_mask, std::uint32_t device_cus) {
  if (cu_mask.empty()) return device_cus;
  const auto shown = std::min<std::size_t>(cu_mask.size(), device_cus);
  return static_cast<std::uint32_t>(
      std::count_if(cu_mask.begin(), cu_mask.begin() + static_cast<std::ptrdiff_t>(shown),
                    [](std::uint8_t enabled) { return enabled != 0; }));
}

std::uint32_t ring_size(std::uint64_t packets, std::uint32_t min_size, std::uint32_t max_size) {
  const auto wanted = std::bit_ceil(std::max<std::uint64_t>(packets, 1));
  return static_cast<std::uint32_t>(
      std::clamp<std::uint64_t>(wanted, std::max<std::uint32_t>(min_size, 1), max_size));
}

}  // namespace aqlsim::hip
