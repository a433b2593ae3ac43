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

// For policies that must pass over a kernel barred from a CU: A (8 work-groups of 100 us), its
// queue masked to CU 0, and B (8 of 10 us) arriving at 1 us.
inline constexpr const char* kAMaskedToCu0ThenB = R"(
kernels:
  - {name: slow, workgroup_size: 64, vgprs: 1, wg_time: 100us, contention: 0}
  - {name: quick, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
queues:
  - {name: qa, cu_mask: [0], packets: [{name: A, dispatch: slow, workgroups: 8}]}
  - {name: qb, packets: [{name: B, dispatch: quick, workgroups: 8, at: 1us}]}
)";

}  // namespace aqlsim::testing
