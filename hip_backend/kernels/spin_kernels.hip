// The spin kernels: every work-group busy-waits on the device clock for its planned duration
// while holding the launch's resources (its VGPR bucket and its dynamic LDS), and records when
// and where it ran. One template on the VGPR bucket gives the eight spin symbols of spin_args.h;
// the clock probe ties the device clock to the host's.
// Built with hip-clang for AMD (one code object per target) and with nvcc for NVIDIA, both
// through gpu_compat.hpp.
#include "hip_backend/kernels/gpu_compat.hpp"
#include "hip_backend/kernels/spin_args.h"

namespace {

// Makes the compiler allocate exactly `kVgprs` VGPRs per work-item: clobbering v(kVgprs-1)
// raises .vgpr_count to the bucket on AMD (the spin loop itself needs far fewer). NVIDIA has no
// named registers to clobber; there the bucket only selects the symbol.
template <unsigned kVgprs>
__device__ inline void hold_vgprs() {
#if defined(__HIP_DEVICE_COMPILE__)
  if constexpr (kVgprs == 32) asm volatile("" ::: "v31");
  if constexpr (kVgprs == 64) asm volatile("" ::: "v63");
  if constexpr (kVgprs == 128) asm volatile("" ::: "v127");
  if constexpr (kVgprs == 256) asm volatile("" ::: "v255");
#endif
}

// The launch's dynamic LDS: sized by the launch, not the kernel (group segment fixed size 0).
extern __shared__ __attribute__((aligned(16))) unsigned char dynamic_lds[];

// The launch's dynamic LDS in bytes. AMD: the dispatch packet's group_segment_size (byte 28 of
// hsa_kernel_dispatch_packet_t; the kernels have no static LDS); NVIDIA: %dynamic_smem_size.
__device__ inline uint32_t dynamic_lds_bytes() {
#if defined(__HIP_DEVICE_COMPILE__)
  return *reinterpret_cast<const uint32_t*>(
      static_cast<const char*>(__builtin_amdgcn_dispatch_ptr()) + 28);
#elif defined(__CUDA_ARCH__)
  uint32_t bytes;
  asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(bytes));
  return bytes;
#else
  return 0;
#endif
}

// Touches the dynamic LDS, when the launch has any (a write past a zero-byte allocation faults
// on NVIDIA), so that the work-group visibly uses it.
__device__ inline void hold_lds() {
  if (threadIdx.x == 0 && dynamic_lds_bytes() > 0) dynamic_lds[0] = 1;
}

// A constant-rate device clock as an unsigned count (HIP declares wall_clock64 as long long).
__device__ inline uint64_t device_clock() {
  return static_cast<uint64_t>(wall_clock64());
}

// Spins one work-group (task) for `duration` device clock ticks and records it.
__device__ inline void spin_task(uint64_t duration, aqlsim_wg_record* record) {
  uint64_t start = 0;
  if (threadIdx.x == 0) start = device_clock();
  __syncthreads();
  // Every thread spins on the same clock so that the whole work-group stays resident.
  const uint64_t until = device_clock() + duration;
  while (device_clock() < until) {
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    record->start = start;
    record->end = device_clock();
    record->cu = __smid();
  }
}

template <unsigned kVgprs>
__device__ inline void spin(const aqlsim_spin_args& args) {
  hold_vgprs<kVgprs>();
  hold_lds();
  spin_task(args.durations[blockIdx.x], &args.records[blockIdx.x]);
}

// Lopez-Albelda et al., listing 1: one thread of the worker takes the next task index and
// broadcasts it through shared memory; the worker leaves when the tasks are exhausted or the
// host has raised the eviction flag (checked between tasks, never inside one). The broadcast
// slot is the first word of the dynamic LDS (the host launches persistent kernels with at least
// 4 bytes of it), so that no kernel has static LDS and the launch alone sets the LDS held.
template <unsigned kVgprs>
__device__ inline void persistent(const aqlsim_persistent_args& args) {
  uint32_t* task = reinterpret_cast<uint32_t*>(dynamic_lds);
  hold_vgprs<kVgprs>();
  for (;;) {
    if (threadIdx.x == 0) *task = *args.evict != 0 ? args.tasks : atomicAdd(args.next_task, 1u);
    __syncthreads();
    const uint32_t mine = *task;
    if (mine >= args.tasks) return;
    spin_task(args.durations[mine], &args.records[mine]);
    __syncthreads();  // `task` is rewritten only once every thread has read it
  }
}

}  // namespace

#define AQLSIM_SPIN_KERNELS(V)                                                     \
  extern "C" __global__ void aqlsim_spin_v##V(aqlsim_spin_args args) {             \
    spin<V>(args);                                                                 \
  }                                                                                \
  extern "C" __global__ void aqlsim_persistent_v##V(aqlsim_persistent_args args) { \
    persistent<V>(args);                                                           \
  }

extern "C" __global__ void aqlsim_clock_probe(aqlsim_probe_args args) {
  *args.reading = 1;
  __threadfence_system();
  while (*args.go == 0) {
  }
  *args.reading = device_clock();
  __threadfence_system();
}

AQLSIM_SPIN_KERNELS(32)
AQLSIM_SPIN_KERNELS(64)
AQLSIM_SPIN_KERNELS(128)
AQLSIM_SPIN_KERNELS(256)
