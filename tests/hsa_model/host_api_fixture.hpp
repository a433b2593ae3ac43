#pragma once
// The device and kernels of the host API's tests, whose timelines are worked out by hand: one
// CU of 8 one-wave slots, 1 us per packet, no mapping latency, exact work-group durations.
#include "hsa_model/device_spec.hpp"
#include "hsa_model/kernel_profile.hpp"

namespace aqlsim::testing {

inline DeviceSpec host_api_device(std::uint32_t hw_queues) {
  DeviceSpec d;
  d.compute_units = 1;
  d.wave_size = 64;
  d.cu = {.simds = 1,
          .waves_per_simd = 8,
          .vgprs_per_simd = 1024,
          .vgpr_granule = 1,
          .sgprs_per_simd = 0,
          .sgpr_granule = 1,
          .lds_bytes = 65536,
          .max_workgroups = 8};
  d.front_end.hw_queues = hw_queues;
  d.front_end.packet_latency = kMicrosecond;
  return d;
}

// One 64-work-item wave a work-group, each taking exactly `t`.
inline KernelProfile host_api_kernel(const char* name, Tick t) {
  KernelProfile k;
  k.name = name;
  k.workgroup_size = 64;
  k.vgprs = 1;
  k.duration = {.mean = t, .reference_residency = 0, .rsd = 0, .contention = 0};
  return k;
}

}  // namespace aqlsim::testing
