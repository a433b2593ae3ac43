#pragma once
// What a simulated GPU is made of. Every field has a unit; defaults describe an AMD CDNA-class
// part (see workloads/devices/ for the presets and where each number came from).
#include <cstdint>
#include <string>

#include "hsa_model/preemption.hpp"
#include "hsa_model/time.hpp"

namespace aqlsim {

// Bounds that the model's own types and timers need, checked by check_device (the YAML reader
// checks them, and tighter input limits, at the key).
inline constexpr std::uint32_t kMaxSimdsPerCu = 8;
inline constexpr std::uint32_t kMaxWavesPerSimd = 255;    // a SIMD's wave count is 8 bits
inline constexpr std::uint32_t kMaxWorkgroupsPerCu = 64;  // a CU's lanes are a 64-bit mask
inline constexpr std::uint32_t kMaxHwQueues = 1 << 16;    // a slot's events carry 16 bits of it
// The shortest front_end.quantum: 100 ns, far below a real scheduler's (milliseconds) and
// gem5's (100 us), yet a run with more queues than slots costs at most 10 events a microsecond
// of simulated time for it (1 ps would cost 10^6: a 10 ms run, 10^10 events).
inline constexpr Tick kMinQuantum = 100 * kNanosecond;

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
  spread,     // round-robin over the CUs that changed, from CU 0: same-moment kernels spread out
  cu0_first,  // gem5 (shader.cc:254-300): every sweep starts at CU 0
  rotate,     // as spread, but from the CU after the one that took the pass's last work-group
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

// Throws std::invalid_argument naming the first setting outside what the model can run: no CU,
// SIMD, wave slot, hardware queue or kernel place; a quantum under kMinQuantum or not longer
// than map + unmap; a negative latency; a bound above. A DeviceSpec built in code (the host API)
// would otherwise hang the run or end it in a false deadlock.
void check_device(const DeviceSpec& device);

}  // namespace aqlsim
