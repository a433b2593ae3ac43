#pragma once
// A device small enough to work timelines out by hand: one CU holding up to 8 one-wave
// work-groups, 4 hardware queue slots, 1 us per packet, no map or unmap cost. Kernels in the
// tests use contention 0 and rsd 0, so every work-group takes exactly its wg_time.
namespace aqlsim::testing {

inline constexpr const char* kTinyDevice = R"(
device:
  name: tiny
  clock_mhz: 1000
  compute_units: 1
  wave_size: 64
  cu: {simds: 1, waves_per_simd: 8, vgprs_per_simd: 1024, vgpr_granule: 1, sgprs_per_simd: 0,
       lds_bytes: 65536, max_workgroups: 8}
  front_end: {hw_queues: 4, quantum: 100us, packet_latency: 1us, max_concurrent_kernels: 8}
)";

}  // namespace aqlsim::testing
