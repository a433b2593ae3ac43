// What `aqlsim hip info` says about the HIP or CUDA runtime (compiled once per runtime, like
// stream_executor.cpp): its version, the devices it lists, or why it lists none.
#include <string>

#include "hip_backend/gpu/gpu_runtime.hpp"

namespace aqlsim::hip::AQLSIM_GPU_NS {

std::string api_name(const char* hip_call) {
  const std::string call = hip_call;
  return call.starts_with("hip") ? kRuntime.backend + call.substr(3) : call;
}

void check(hipError_t status, const char* call) {
  if (status == hipSuccess) return;
  throw std::runtime_error(api_name(call) + " failed: " + std::to_string(status) + " " +
                           hipGetErrorName(status) + " (" + hipGetErrorString(status) + ")");
}

std::string device_description(int device, const hipDeviceProp_t& properties) {
  return std::to_string(device) + ": " + properties.name + " (" + device_arch(properties) + ", " +
         std::to_string(properties.multiProcessorCount) + " CUs)";
}

BackendUnavailable no_device(hipError_t status, const char* call) {
  return BackendUnavailable(kRuntime.backend,
                            api_name(call) + " found no usable device: " + std::to_string(status) +
                                " " + hipGetErrorName(status) + " (" + hipGetErrorString(status) +
                                ")",
                            status, hipGetErrorName(status), kRuntime.no_device_hint);
}

int device_count() {
  int count = 0;
  hipError_t status = hipGetDeviceCount(&count);
  // A runtime that lists no device without saying so is answered as HIP and CUDA name it.
  if (status == hipSuccess && count == 0) status = hipErrorNoDevice;
  if (status != hipSuccess) throw no_device(status, "hipGetDeviceCount");
  return count;
}

BackendInfo probe_runtime() {
  BackendInfo info;
  info.backend = kRuntime.backend;
  info.built = true;
  int version = 0;
  if (hipRuntimeGetVersion(&version) == hipSuccess) {
    info.runtime = std::string(kRuntime.runtime) + " runtime " + runtime_version(version);
  }
  try {
    const int count = device_count();
    for (int device = 0; device < count; ++device) {
      hipDeviceProp_t properties{};
      check(hipGetDeviceProperties(&properties, device), "hipGetDeviceProperties");
      info.devices.push_back(device_description(device, properties));
    }
    info.usable = true;
  } catch (const BackendUnavailable& e) {
    info.reason = std::string(e.what()) + "; " + e.hint();
  } catch (const std::runtime_error& e) {
    info.reason = e.what();
  }
  return info;
}

}  // namespace aqlsim::hip::AQLSIM_GPU_NS
