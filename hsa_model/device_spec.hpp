#pragma once
// What a simulated GPU is made of. Every field has a unit; defaults describe an AMD CDNA-class
// part (see workloads/devices/ for the presets and where each number came from).
#include <cstdint>
#include <string>

#include "hsa_model/preemption.hpp"
#include "hsa_model/time.hpp"

namespace aqlsim {

inline constexpr std::uint32_t kMaxSimdsPerCu = 8;

// How a work-group's duration follows the load of its CU (README: The model).
enum class WorkgroupTiming {
  at_dispatch,        // drawn once at dispatch from the load then; fixed afterwards
  processor_sharing,  // the work drawn at dispatch is done at a speed that follows the load
};

// Per-compute-unit limits. Wave slots, registers and SGPRs belong to each SIMD; a work-group's
// waves may spread over the SIMDs of one CU. An NVIDIA SM is described as one SIMD holding all
// of the SM's warps and registers.
struct ComputeUnitSpec {
  std::uint32_t simds = 4;
  std::uint32_t waves_per_simd = 10;   // wavefront slots per SIMD
  std::uint32_t vgprs_per_simd = 512;  // registers per lane in each SIMD's register file
  std::uint32_t vgpr_granule = 8;      // a wave's register count is rounded up to this
  std::uint32_t sgprs_per_simd = 800;  // scalar registers per SIMD; 0 = not modelled
  std::uint32_t sgpr_granule = 16;
  std::uint32_t lds_bytes = 65536;  // LDS / shared memory per CU
  std::uint32_t max_workgroups = 16;
  WorkgroupTiming timing = WorkgroupTiming::at_dispatch;
};

// The command processor: hardware queue slots, the scheduling quantum, packet processing.
struct FrontEndSpec {
  std::uint32_t hw_queues = 32;
  Tick quantum = 100 * kMicrosecond;  // gem5 wakeupDelay, citing Puthoor et al.
  Tick map_latency = 0;               // gem5 maps and unmaps instantly
  Tick unmap_latency = 0;
  Tick packet_latency = 4'400'000;  // gem5 pktProcessDelay, measured on Kaveri
  std::uint32_t max_concurrent_kernels = 32;
};

struct DeviceSpec {
  std::string name = "custom";
  double clock_mhz = 1500.0;
  std::uint32_t compute_units = 4;
  std::uint32_t wave_size = 64;
  ComputeUnitSpec cu;
  FrontEndSpec front_end;
  PreemptionSpec preemption;
};

}  // namespace aqlsim
