#pragma once
// The stream executor's view of one GPU runtime. stream_executor.cpp is written once with HIP's
// names and compiled twice: against HIP (AQLSIM_GPU_NS=hip_rt) and, through gpu_compat.hpp's
// mapping, against CUDA (AQLSIM_GPU_CUDA, AQLSIM_GPU_NS=cuda_rt). What the runtimes do
// differently (loading the kernels, CU masks, the clock's rate, naming the device) is declared
// here and defined once per runtime in hip_device.cpp and cuda_device.cpp.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hip_backend/executor.hpp"
#include "hip_backend/kernels/gpu_compat.hpp"
#include "hip_backend/kernels/spin_args.h"

#ifndef AQLSIM_GPU_NS
#error "AQLSIM_GPU_NS names the runtime's namespace (cmake/hip.cmake sets it)"
#endif

namespace aqlsim::hip::AQLSIM_GPU_NS {

struct RuntimeTraits {
  const char* backend;              // "hip" or "cuda"
  const char* runtime;              // "HIP" or "CUDA"
  const char* hardware_queues_env;  // read once, when the runtime initialises
  const char* no_device_hint;       // what to check when the runtime finds no device
  bool cu_masks;                    // whether streams can be restricted to CUs
};
extern const RuntimeTraits kRuntime;

// "HIP_VERSION"-style number from hipRuntimeGetVersion, in words (e.g. 5.2.21153, 13.0).
std::string runtime_version(int version);
// The runtime's name for a call written with HIP's name (hipMalloc -> cudaMalloc on CUDA).
std::string api_name(const char* hip_call);
// Throws std::runtime_error naming the call and the runtime's error unless `status` is success.
void check(hipError_t status, const char* call);

// The device's architecture: gcnArchName on AMD (e.g. "gfx90a:sramecc+:xnack-"), sm_XY on NVIDIA.
std::string device_arch(const hipDeviceProp_t& properties);
// The rate of the clock the kernels read (wall_clock64 / %globaltimer), as the runtime declares it.
double declared_clock_hz(int device);
// A non-blocking stream at `priority`, restricted to the CUs of `cu_mask` when it restricts any.
hipStream_t create_stream(int priority, const std::vector<std::uint8_t>& cu_mask);

// The spin kernels on one device: loaded (AMD: the embedded code object for the device's
// target) and launched by bucket. Throws BackendUnavailable when the device has no kernels.
class Kernels {
 public:
  virtual ~Kernels() = default;
  // `args` is an aqlsim_spin_args or aqlsim_persistent_args of `size` bytes.
  virtual void launch(std::uint32_t vgpr_bucket, bool persistent, std::uint64_t workgroups,
                      std::uint32_t workgroup_size, std::uint32_t lds_bytes, hipStream_t stream,
                      const void* args, std::size_t size) const = 0;
  // The clock probe, one work-item.
  virtual void launch_probe(const aqlsim_probe_args& args, hipStream_t stream) const = 0;
};
std::unique_ptr<Kernels> load_kernels(const hipDeviceProp_t& properties);

// runtime_probe.cpp: "0: NAME (ARCH, N CUs)"; the devices the runtime lists (throws
// BackendUnavailable with the runtime's error when none); the probe.
std::string device_description(int device, const hipDeviceProp_t& properties);
int device_count();

// The executor (stream_executor.cpp) and the probe (runtime_probe.cpp) on this runtime.
std::unique_ptr<Executor> make_stream_executor(const ExecutorOptions& options);
BackendInfo probe_runtime();

}  // namespace aqlsim::hip::AQLSIM_GPU_NS
