// What the CUDA executor does differently from the HIP one: the spin kernels are compiled by
// nvcc from the same source into this program and launched by their host stubs, streams cannot
// be restricted to SMs, and the public entry points.
#include <string>

#include "hip_backend/gpu/gpu_runtime.hpp"
#include "hip_backend/gpu/stream_mapping.hpp"
#include "hip_backend/kernels/spin_args.h"

// The kernels' host stubs in the nvcc-compiled object (cmake/hip.cmake): launching by their
// address is how the CUDA runtime names a kernel linked into the program.
extern "C" {
void aqlsim_spin_v32(aqlsim_spin_args);
void aqlsim_spin_v64(aqlsim_spin_args);
void aqlsim_spin_v128(aqlsim_spin_args);
void aqlsim_spin_v256(aqlsim_spin_args);
void aqlsim_persistent_v32(aqlsim_persistent_args);
void aqlsim_persistent_v64(aqlsim_persistent_args);
void aqlsim_persistent_v128(aqlsim_persistent_args);
void aqlsim_persistent_v256(aqlsim_persistent_args);
void aqlsim_clock_probe(aqlsim_probe_args);
}

namespace aqlsim::hip {
namespace cuda_rt {

const RuntimeTraits kRuntime = {
    "cuda", "CUDA", "CUDA_DEVICE_MAX_CONNECTIONS",
    "check that the NVIDIA driver is installed and loaded (`nvidia-smi` lists the GPUs) and "
    "that /dev/nvidia* are accessible",
    false};

// CUDART_VERSION: major * 1000 + minor * 10.
std::string runtime_version(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

std::string device_arch(const cudaDeviceProp& properties) {
  return "sm_" + std::to_string(properties.major) + std::to_string(properties.minor);
}

// The kernels read %globaltimer, which PTX defines in nanoseconds.
double declared_clock_hz(int) {
  return 1e9;
}

// The executor has rejected CU masks before any stream is made (reject_cu_masks).
cudaStream_t create_stream(int priority, const std::vector<std::uint8_t>&) {
  cudaStream_t stream = nullptr;
  check(cudaStreamCreateWithPriority(&stream, cudaStreamNonBlocking, priority),
        "cudaStreamCreateWithPriority");
  return stream;
}

namespace {

template <typename Args>
using Stub = void (*)(Args);
const Stub<aqlsim_spin_args> kSpin[] = {aqlsim_spin_v32, aqlsim_spin_v64, aqlsim_spin_v128,
                                        aqlsim_spin_v256};
const Stub<aqlsim_persistent_args> kPersistent[] = {aqlsim_persistent_v32, aqlsim_persistent_v64,
                                                    aqlsim_persistent_v128, aqlsim_persistent_v256};
static_assert(std::size(kSpin) == std::size(kVgprBuckets));

class LinkedKernels final : public Kernels {
 public:
  void launch(std::uint32_t vgpr_bucket, bool persistent, std::uint64_t workgroups,
              std::uint32_t workgroup_size, std::uint32_t lds_bytes, cudaStream_t stream,
              const void* args, std::size_t) const override {
    const std::size_t i = vgpr_bucket_index(vgpr_bucket);
    const void* kernel = persistent ? reinterpret_cast<const void*>(kPersistent[i])
                                    : reinterpret_cast<const void*>(kSpin[i]);
    launch_linked(kernel, workgroups, workgroup_size, lds_bytes, stream, args);
  }

  void launch_probe(const aqlsim_probe_args& args, cudaStream_t stream) const override {
    launch_linked(reinterpret_cast<const void*>(aqlsim_clock_probe), 1, 1, 0, stream, &args);
  }

 private:
  static void launch_linked(const void* kernel, std::uint64_t workgroups,
                            std::uint32_t workgroup_size, std::uint32_t lds_bytes,
                            cudaStream_t stream, const void* args) {
    // cudaLaunchKernel takes a pointer per argument; the kernels take one struct by value.
    void* params[] = {const_cast<void*>(args)};
    check(cudaLaunchKernel(kernel, dim3(static_cast<unsigned>(workgroups)), dim3(workgroup_size),
                           params, lds_bytes, stream),
          "cudaLaunchKernel");
  }
};

}  // namespace

// The kernels are part of the program; a device that none of their SASS or PTX targets can run
// is reported here rather than at the first launch. Each may use all of an SM's shared memory,
// as the model's LDS does: a launch may ask for more than 48 KiB only after opting in, and the
// carveout preference asks for the largest shared share of the SM's L1 (a hint to the driver).
std::unique_ptr<Kernels> load_kernels(const cudaDeviceProp& properties) {
  cudaFuncAttributes attributes{};
  const cudaError_t status =
      cudaFuncGetAttributes(&attributes, reinterpret_cast<const void*>(kSpin[0]));
  if (status != cudaSuccess) {
    const std::string arch = device_arch(properties);
    throw BackendUnavailable(
        "cuda", "no spin kernels for " + arch + ": " + cudaGetErrorName(status), status,
        cudaGetErrorName(status),
        "reconfigure with -DAQLSIM_CUDA_ARCHS=\"" + arch.substr(3) + "\" (compute capabilities)");
  }
  for (std::size_t i = 0; i < std::size(kSpin); ++i) {
    for (const void* kernel :
         {reinterpret_cast<const void*>(kSpin[i]), reinterpret_cast<const void*>(kPersistent[i])}) {
      check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 static_cast<int>(properties.sharedMemPerBlockOptin)),
            "cudaFuncSetAttribute");
      check(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                 cudaSharedmemCarveoutMaxShared),
            "cudaFuncSetAttribute");
    }
  }
  return std::make_unique<LinkedKernels>();
}

}  // namespace cuda_rt

std::unique_ptr<Executor> make_cuda_executor(const ExecutorOptions& options) {
  return cuda_rt::make_stream_executor(options);
}

BackendInfo probe_cuda() {
  return cuda_rt::probe_runtime();
}

}  // namespace aqlsim::hip
