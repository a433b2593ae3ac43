#pragma once
// A device for thread-block policy cases worked out by hand: two CUs, each holding four
// one-wave work-groups (wave slots and work-group slots both 4), no packet latency. Kernels in
// these tests use one-wave work-groups with rsd 0 and contention 0, so every work-group takes
// exactly its wg_time and every kernel has R = 4.
namespace aqlsim::testing {

inline constexpr const char* kTwoCuDevice = R"(
device:
  name: two-cu
  clock_mhz: 1000
  compute_units: 2
  wave_size: 64
  cu: {simds: 1, waves_per_simd: 4, vgprs_per_simd: 1024, vgpr_granule: 1, sgprs_per_simd: 0,
       lds_bytes: 65536, max_workgroups: 4}
  front_end: {hw_queues: 4, quantum: 100us, packet_latency: 0, max_concurrent_kernels: 8}
)";

}  // namespace aqlsim::testing
