// What the HIP executor does differently from the CUDA one: the spin kernels come from the
// embedded AMD code object for the device's target (hipModuleLoadData), streams may be
// restricted to CUs (hipExtStreamCreateWithCUMask), and the public entry points.
#include <string>

#include "hip_backend/gpu/code_objects.hpp"
#include "hip_backend/gpu/gpu_runtime.hpp"
#include "hip_backend/gpu/stream_mapping.hpp"

namespace aqlsim::hip {
namespace hip_rt {

const RuntimeTraits kRuntime = {
    "hip", "HIP", "GPU_MAX_HW_QUEUES",
    "check that /dev/kfd and /dev/dri/renderD* exist and that this user is in the render and "
    "video groups (ROCm's amdgpu driver must be loaded; `rocminfo` lists the GPUs it sees)",
    true};

// HIP_VERSION: major * 10'000'000 + minor * 100'000 + patch.
std::string runtime_version(int version) {
  return std::to_string(version / 10'000'000) + "." + std::to_string(version / 100'000 % 100) +
         "." + std::to_string(version % 100'000);
}

std::string device_arch(const hipDeviceProp_t& properties) {
  return properties.gcnArchName;
}

// HIP 5.2 declares no rate for wall_clock64 (hipDeviceAttributeWallClockRate came later, and
// clockInstructionRate is clock64's): the executor measures it instead.
double declared_clock_hz(int) {
  return 0;
}

hipStream_t create_stream(int priority, const std::vector<std::uint8_t>& cu_mask) {
  hipStream_t stream = nullptr;
  if (restricts_cus(cu_mask)) {
    // HIP has no call taking both a CU mask and a priority: a masked queue keeps the default
    // priority (README: hip backend).
    const std::vector<std::uint32_t> words = cu_mask_words(cu_mask);
    check(hipExtStreamCreateWithCUMask(&stream, static_cast<std::uint32_t>(words.size()),
                                       words.data()),
          "hipExtStreamCreateWithCUMask");
  } else {
    check(hipStreamCreateWithPriority(&stream, hipStreamNonBlocking, priority),
          "hipStreamCreateWithPriority");
  }
  return stream;
}

namespace {

class ModuleKernels final : public Kernels {
 public:
  explicit ModuleKernels(const hipDeviceProp_t& properties) {
    const std::string arch = device_arch(properties);
    const auto code = amd_code_object(arch);
    if (code.empty()) {
      std::string built;
      for (const std::string& a : amd_code_object_archs())
        built += (built.empty() ? "" : ", ") + a;
      throw BackendUnavailable(
          "hip", "no spin-kernel code object for " + arch + " (built: " + built + ")", 0, "",
          "reconfigure with -DAQLSIM_HIP_ARCHS=\"" + arch.substr(0, arch.find(':')) +
              "\" (a list; Debian's ROCm 5.2 compiles gfx90a, gfx908, gfx940 and gfx1030)");
    }
    check(hipModuleLoadData(&module_, code.data()), "hipModuleLoadData");
    for (std::size_t i = 0; i < std::size(kVgprBuckets); ++i) {
      const std::string bucket = std::to_string(kVgprBuckets[i]);
      check(hipModuleGetFunction(&spin_[i], module_, ("aqlsim_spin_v" + bucket).c_str()),
            "hipModuleGetFunction");
      check(
          hipModuleGetFunction(&persistent_[i], module_, ("aqlsim_persistent_v" + bucket).c_str()),
          "hipModuleGetFunction");
    }
    check(hipModuleGetFunction(&probe_, module_, "aqlsim_clock_probe"), "hipModuleGetFunction");
  }
  ~ModuleKernels() override { (void)hipModuleUnload(module_); }
  ModuleKernels(const ModuleKernels&) = delete;
  ModuleKernels& operator=(const ModuleKernels&) = delete;

  void launch(std::uint32_t vgpr_bucket, bool persistent, std::uint64_t workgroups,
              std::uint32_t workgroup_size, std::uint32_t lds_bytes, hipStream_t stream,
              const void* args, std::size_t size) const override {
    const std::size_t i = vgpr_bucket_index(vgpr_bucket);
    launch_function(persistent ? persistent_[i] : spin_[i], workgroups, workgroup_size, lds_bytes,
                    stream, args, size);
  }

  void launch_probe(const aqlsim_probe_args& args, hipStream_t stream) const override {
    launch_function(probe_, 1, 1, 0, stream, &args, sizeof args);
  }

 private:
  static void launch_function(hipFunction_t function, std::uint64_t workgroups,
                              std::uint32_t workgroup_size, std::uint32_t lds_bytes,
                              hipStream_t stream, const void* args, std::size_t size) {
    // The kernel's only argument is the struct, so its kernarg bytes are the struct's.
    void* config[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, const_cast<void*>(args),
                      HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END};
    check(hipModuleLaunchKernel(function, static_cast<unsigned>(workgroups), 1, 1, workgroup_size,
                                1, 1, lds_bytes, stream, nullptr, config),
          "hipModuleLaunchKernel");
  }

  hipModule_t module_ = nullptr;
  hipFunction_t spin_[std::size(kVgprBuckets)] = {};
  hipFunction_t persistent_[std::size(kVgprBuckets)] = {};
  hipFunction_t probe_ = nullptr;
};

}  // namespace

std::unique_ptr<Kernels> load_kernels(const hipDeviceProp_t& properties) {
  return std::make_unique<ModuleKernels>(properties);
}

}  // namespace hip_rt

std::unique_ptr<Executor> make_hip_executor(const ExecutorOptions& options) {
  return hip_rt::make_stream_executor(options);
}

BackendInfo probe_hip() {
  return hip_rt::probe_runtime();
}

}  // namespace aqlsim::hip
