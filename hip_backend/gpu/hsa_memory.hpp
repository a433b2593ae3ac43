#pragma once
// The memory one planned dispatch's launches use (durations, work-group records, the persistent
// kernels' task counter and evict flag, the kernel arguments) and the copies between it and
// the host.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "hip_backend/gpu/hsa_packets.hpp"
#include "hip_backend/gpu/hsa_runtime.hpp"
#include "hip_backend/kernels/spin_args.h"
#include "hip_backend/launch_plan.hpp"

namespace aqlsim::hip {

// What a run needs of the executor's device.
struct HsaDevice {
  const hsa::Agent* gpu = nullptr;
  const hsa::Pools* pools = nullptr;
  const hsa::Executable* code = nullptr;
  std::uint8_t abi_version = 0;  // the code object's ELF EI_ABIVERSION (kernarg_image)
  double clock_hz = 0;           // the wall clock's rate, to turn durations into device ticks
};

using BufferPtr = std::unique_ptr<hsa::Buffer>;

// Everything one planned dispatch's launches use.
struct DispatchMemory {
  KernelCode kernel;
  std::uint64_t workgroups = 0;  // per launch
  std::size_t tasks = 0;         // records: one per work-group (persistent: per task)
  BufferPtr durations;           // device ticks, coarse-grained device memory
  BufferPtr records;             // aqlsim_wg_record per task, device memory
  BufferPtr next_task;           // persistent only: the task counter, device memory
  BufferPtr evict;               // persistent only: the flag, fine-grained host memory
  BufferPtr kernarg;
};

// Allocates and fills it for `dispatch` on a queue that may use `compute_units` CUs.
DispatchMemory prepare_dispatch(const HsaDevice& device, const PlannedDispatch& dispatch,
                                std::uint32_t compute_units);

// The records as the kernel left them.
std::vector<aqlsim_wg_record> read_records(const HsaDevice& device, const DispatchMemory& m);

// `bytes` of device memory copied to the host.
void from_device(const HsaDevice& device, void* dst, const hsa::Buffer& src, std::size_t bytes);

// The host's view of a host-shared 32-bit word (the evict flag).
std::atomic_ref<std::uint32_t> shared_word(const hsa::Buffer& buffer);

}  // namespace aqlsim::hip
