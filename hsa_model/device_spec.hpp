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

// Whose front end the model follows (README: Comparing with gem5).
enum class FrontEndSemantics {
  hsa,   // the HSA specification: a slot paying packet latency is busy, unmapping cancels it
  gem5,  // gem5's code (src/dev/hsa, src/gpu-compute), its artefacts included
};

// Where a pass starts placing work-groups.
enum class WorkgroupPlacement {
  spread,     // round-robin over the CUs that changed: same-moment kernels spread out
  cu0_first,  // gem5 (shader.cc:254-300): every sweep starts at CU 0
};

// The command processor: hardware queue slots, the scheduling quantum, packet processing.
struct FrontEndSpec {
  std::uint32_t hw_queues = 32;
  Tick quantum = 100 * kMicrosecond;  // gem5 wakeupDelay, citing Puthoor et al.
  Tick map_latency = 0;               // gem5 maps and unmaps instantly
  Tick unmap_latency = 0;
  Tick packet_latency = 4'400'000;  // gem5 pktProcessDelay, measured on Kaveri
  std::uint32_t max_concurrent_kernels = 32;
  std::uint32_t max_unfinished_per_queue = 0;  // launched kernels per queue; 0: no limit
  FrontEndSemantics semantics = FrontEndSemantics::hsa;
  // gem5's ways, one at a time under hsa (always on under gem5): barrier-AND dependencies
  // read by DMA and re-polled every packet_latency; a barrier-bit packet re-processed after
  // the earlier packets complete, and a barrier-bit kernel holding back later packets.
  bool barrier_and_polling = false;
  bool gem5_barrier_bit = false;
  WorkgroupPlacement placement = WorkgroupPlacement::spread;

  bool gem5() const { return semantics == FrontEndSemantics::gem5; }
  bool polls_barriers() const { return barrier_and_polling || gem5(); }
  bool gem5_barrier_timing() const { return gem5_barrier_bit || gem5(); }
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
