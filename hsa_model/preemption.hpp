#pragma once
// How work is taken back from the GPU (README: The model, "Taking work back"). Three mechanisms, so
// their costs can be compared on the same workload:
//  - drain: persistent-thread kernels (Lopez-Albelda et al. 2018, listing 1) stop taking tasks
//    once the eviction command lands; tasks in flight run to their end; the task counter is
//    kept, so a relaunch continues where it stopped.
//  - context-save: running work-groups stop at once and their state (VGPRs x lanes x waves,
//    SGPRs x waves, LDS) is written out at a bandwidth, then read back when they restart
//    (AMD CWSR, NVIDIA compute preemption); the progress made is kept.
//  - kill: running work-groups stop at once and restart from scratch; what they had done is
//    lost and counted as wasted time.
// The three host-device transfers of Lopez-Albelda et al. figure 2 cost a latency each.
#include <cstdint>
#include <optional>
#include <string_view>

#include "hsa_model/time.hpp"

namespace aqlsim {

enum class PreemptionMechanism : std::uint8_t { drain, context_save, kill };

const char* preemption_mechanism_name(PreemptionMechanism mechanism);
std::optional<PreemptionMechanism> preemption_mechanism_named(std::string_view name);

struct PreemptionSpec {
  PreemptionMechanism mechanism = PreemptionMechanism::drain;
  // A small PCIe 3.0 transfer (cudaMemcpyAsync of a few bytes) takes about 10 us end to end;
  // Lopez-Albelda et al. report evictions under 0.1 ms including the task in flight.
  Tick eviction_command = 10 * kMicrosecond;  // host to device: State = Evicted
  Tick pending_read = 10 * kMicrosecond;      // device to host: read the task counter
  Tick launch_command = 10 * kMicrosecond;    // host to device: State = Running, then launch
  // Context-save bandwidth of the whole device in GB/s, shared equally by its CUs; a CU's
  // transfers (saves and restores) go one after another. Default: about half the HBM2
  // bandwidth of an MI100-class part (1.2 TB/s).
  double save_gbps = 600.0;
};

}  // namespace aqlsim
