#pragma once
// The HSA executor's decisions that need no GPU: which kernel symbol a dispatch runs, the AQL
// packets an op becomes, how a queue's priority and CU mask are handed to the runtime, and how
// large its ring is. Pure functions, so the unit tests pin them down without a device.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "hip_backend/launch_plan.hpp"
#include "hsa_model/aql_packet.hpp"

namespace aqlsim::hip {

// One loaded kernel symbol (hsa_executable_symbol_get_info).
struct KernelCode {
  std::uint64_t object = 0;         // HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT
  std::uint32_t kernarg_bytes = 0;  // ..._KERNARG_SEGMENT_SIZE
  std::uint32_t group_bytes = 0;    // ..._GROUP_SEGMENT_SIZE: the kernel's own LDS
  std::uint32_t private_bytes = 0;  // ..._PRIVATE_SEGMENT_SIZE: scratch per work-item
};

// The kernel descriptor symbol a dispatch runs, e.g. "aqlsim_spin_v64.kd" (kernels/spin_args.h).
std::string kernel_symbol(const PlannedDispatch& dispatch);

// The kernel dispatch packet of one launch: 1-D, grid = workgroups x workgroup_size, LDS = the
// kernel's fixed LDS + the dispatch's dynamic LDS, system-scope acquire and release fences (the
// host reads the records the kernel writes). Throws InputError (at `source`) when the geometry
// does not fit the packet's fields (16-bit work-group size, 32-bit grid).
AqlPacket dispatch_packet(const PlannedDispatch& dispatch, std::uint64_t workgroups,
                          const KernelCode& kernel, const void* kernarg,
                          hsa_signal_t completion_signal, bool barrier, const std::string& source);

// The kernarg segment of one launch: the explicit arguments (`args`), then zeros up to the
// kernel's kernarg size, with code object v5's hidden arguments that a HIP kernel reads for
// blockDim and gridDim (block counts at +0, group sizes at +12, remainders at +18, grid
// dimensions at +64 from the 8-aligned end of the explicit arguments). `abi_version` is the code
// object's ELF EI_ABIVERSION (2: v4, which takes these from the dispatch packet; 3: v5).
inline constexpr std::uint8_t kCodeObjectV5 = 3;
std::vector<std::byte> kernarg_image(std::span<const std::byte> args, std::size_t kernarg_bytes,
                                     std::uint8_t abi_version, std::uint64_t workgroups,
                                     std::uint32_t workgroup_size);

// One barrier packet an op is lowered to: the ops it waits for (at most kBarrierDependencies)
// and whether it carries the op's completion signal (only the last packet does).
struct BarrierStep {
  bool any = false;  // barrier-OR; otherwise barrier-AND
  std::vector<std::uint32_t> waits_for;
  bool completes_op = false;

  friend bool operator==(const BarrierStep&, const BarrierStep&) = default;
};

// Lowers a barrier op to the packets written for it, in order, each with the op's barrier bit.
// AND over n > 5 ops: ceil(n/5) AND packets in series (a barrier packet holds its queue until
// it is satisfied, so the series is satisfied when all of them are). OR over 0 ops: one empty
// AND, which is satisfied at once (the plan's meaning; an OR with only null signals would wait
// for ever). OR over n > 5 ops: InputError (at `source`), since ORs in series would wait for
// one op of *every* group, and a correct OR tree needs packets running in parallel on extra
// queues, which would change the queue set being measured.
std::vector<BarrierStep> lower_barrier(const PlanOp& op, const std::string& source);

// The barrier-ANDs written before `op` when its queue's earlier persistent kernels
// (`persistent_before`) may be relaunched on a companion queue after an eviction (`evicting`):
// the packet processor counts a kernel's first launch as the whole kernel, so the op's barrier
// bit alone would not wait for the relaunches. None without the barrier bit or eviction. The
// steps carry no completion signal.
std::vector<BarrierStep> relaunch_waits(const PlanOp& op,
                                        const std::vector<std::uint32_t>& persistent_before,
                                        bool evicting, const std::string& source);

// The barrier packet of one step: the completion signals of the ops it waits for (`op_signals`
// is indexed by op) and `op_completion` when the step completes the op, else none.
AqlPacket barrier_step_packet(const BarrierStep& step, std::span<const hsa_signal_t> op_signals,
                              hsa_signal_t op_completion, bool barrier);

// The runtime's three queue priorities for a plan priority (larger is more urgent, the model's
// default is 1): 0 -> low, 1 -> normal, 2 and above -> high.
hsa_amd_queue_priority_t queue_priority(std::uint32_t priority);

// hsa_amd_queue_cu_set_mask's words: CU i is bit i % 32 of word i / 32. Empty mask: empty
// (every CU, no call). Throws InputError (at `source`) for a mask that enables no CU.
std::vector<std::uint32_t> cu_mask_words(const std::vector<std::uint8_t>& cu_mask,
                                         const std::string& source);
// CUs a queue may use on a device of `device_cus` CUs.
std::uint32_t enabled_cus(const std::vector<std::uint8_t>& cu_mask, std::uint32_t device_cus);

// The ring size for `packets` packets: the smallest power of two that holds them all, within
// [min_size, max_size] (HSA_AGENT_INFO_QUEUE_MIN_SIZE/_MAX_SIZE); a smaller ring only makes
// the writer wait for free slots.
std::uint32_t ring_size(std::uint64_t packets, std::uint32_t min_size, std::uint32_t max_size);

}  // namespace aqlsim::hip
