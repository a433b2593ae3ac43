// One set of names for HIP and CUDA, so that the spin kernels (spin_kernels.hip) and the
// stream executor's host code (gpu/stream_executor.cpp) are written once with HIP's names and
// also build with nvcc / against the CUDA runtime. HIP 5.2's own NVIDIA headers do not compile
// with CUDA 13, hence this small mapping of only what aqlsim uses.
//
// Four ways in:
//   hip-clang (device code)          -> <hip/hip_runtime.h>
//   nvcc (device code)               -> <cuda_runtime.h> + the device mapping below
//   g++ with AQLSIM_GPU_CUDA (host)  -> <cuda_runtime_api.h> + the host mapping below
//   g++ otherwise (host)             -> <hip/hip_runtime_api.h> (needs __HIP_PLATFORM_AMD__)
#ifndef AQLSIM_HIP_GPU_COMPAT_HPP
#define AQLSIM_HIP_GPU_COMPAT_HPP

#if defined(__HIP__)
#include <hip/hip_runtime.h>
#elif defined(__CUDACC__) || defined(AQLSIM_GPU_CUDA)
#define AQLSIM_GPU_IS_CUDA 1
#if defined(__CUDACC__)
#include <cuda_runtime.h>
#else
#include <cuda_runtime_api.h>
#endif
#else
#include <hip/hip_runtime_api.h>
#endif

#if defined(AQLSIM_GPU_IS_CUDA)
#include <stdint.h>

#if defined(__CUDACC__)
// The device clock: %globaltimer counts nanoseconds (a constant rate, unlike clock64, which
// follows the SM clock), the counterpart of AMD's constant-rate wall_clock64.
__device__ inline uint64_t wall_clock64() {
  uint64_t ns;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(ns));
  return ns;
}
// The SM this thread runs on, the counterpart of AMD's __smid (the CU id).
__device__ inline unsigned __smid() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}
#endif

// The runtime API, hip* -> cuda*.
#define hipError_t cudaError_t
#define hipSuccess cudaSuccess
#define hipErrorNotReady cudaErrorNotReady
#define hipErrorNoDevice cudaErrorNoDevice
#define hipGetErrorName cudaGetErrorName
#define hipGetErrorString cudaGetErrorString
#define hipGetDeviceCount cudaGetDeviceCount
#define hipSetDevice cudaSetDevice
#define hipDeviceProp_t cudaDeviceProp
#define hipGetDeviceProperties cudaGetDeviceProperties
#define hipRuntimeGetVersion cudaRuntimeGetVersion
#define hipDriverGetVersion cudaDriverGetVersion
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipDeviceGetStreamPriorityRange cudaDeviceGetStreamPriorityRange
#define hipStream_t cudaStream_t
#define hipStreamNonBlocking cudaStreamNonBlocking
#define hipStreamCreateWithPriority cudaStreamCreateWithPriority
#define hipStreamDestroy cudaStreamDestroy
#define hipStreamSynchronize cudaStreamSynchronize
#define hipStreamWaitEvent cudaStreamWaitEvent
#define hipEvent_t cudaEvent_t
#define hipEventDisableTiming cudaEventDisableTiming
#define hipEventCreateWithFlags cudaEventCreateWithFlags
#define hipEventRecord cudaEventRecord
#define hipEventQuery cudaEventQuery
#define hipEventSynchronize cudaEventSynchronize
#define hipEventDestroy cudaEventDestroy
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipMemset cudaMemset
#define hipMemcpy cudaMemcpy
#define hipMemcpyAsync cudaMemcpyAsync
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipHostFree cudaFreeHost
// Host memory the running kernel sees without a copy (the eviction flag): mapped, and with
// unified addressing the host pointer is also the device pointer.
#define hipHostMalloc(ptr, size, flags) cudaHostAlloc((ptr), (size), (flags))
#define hipHostMallocCoherent cudaHostAllocMapped
#endif

#endif
