#pragma once
// Owners of the runtime's streams, events and memory for the stream executor, in the names of
// gpu_runtime.hpp (so compiled once per runtime, in its namespace). Included only by
// stream_executor.cpp.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "hip_backend/gpu/gpu_runtime.hpp"

namespace aqlsim::hip::AQLSIM_GPU_NS {

// Releases cannot report failure from a destructor; their errors are dropped.
struct DeviceFree {
  void operator()(void* p) const { (void)hipFree(p); }
};
struct HostFree {
  void operator()(volatile void* p) const { (void)hipHostFree(const_cast<void*>(p)); }
};
struct StreamDestroy {
  void operator()(hipStream_t s) const { (void)hipStreamDestroy(s); }
};
struct EventDestroy {
  void operator()(hipEvent_t e) const { (void)hipEventDestroy(e); }
};
template <typename T>
using DeviceArray = std::unique_ptr<T[], DeviceFree>;
using Stream = std::unique_ptr<std::remove_pointer_t<hipStream_t>, StreamDestroy>;
using Event = std::unique_ptr<std::remove_pointer_t<hipEvent_t>, EventDestroy>;
// A word of coherent host memory (the clock probe's): the host's write reaches the running
// kernel without a copy, and the kernel's reaches the host.
template <typename T>
using HostWord = std::unique_ptr<volatile T, HostFree>;

template <typename T>
inline DeviceArray<T> device_array(std::size_t count) {
  void* p = nullptr;
  check(hipMalloc(&p, std::max<std::size_t>(count, 1) * sizeof(T)), "hipMalloc");
  check(hipMemset(p, 0, std::max<std::size_t>(count, 1) * sizeof(T)), "hipMemset");
  return DeviceArray<T>(static_cast<T*>(p));
}

template <typename T = std::uint32_t>
inline HostWord<T> host_word() {
  void* p = nullptr;
  check(hipHostMalloc(&p, sizeof(T), hipHostMallocCoherent), "hipHostMalloc");
  HostWord<T> word(static_cast<volatile T*>(p));
  *word = 0;
  return word;
}

inline Event make_event() {
  hipEvent_t e = nullptr;
  check(hipEventCreateWithFlags(&e, hipEventDisableTiming), "hipEventCreateWithFlags");
  return Event(e);
}

inline bool event_done(hipEvent_t event) {
  const hipError_t status = hipEventQuery(event);
  if (status == hipErrorNotReady) return false;
  check(status, "hipEventQuery");
  return true;
}

}  // namespace aqlsim::hip::AQLSIM_GPU_NS
