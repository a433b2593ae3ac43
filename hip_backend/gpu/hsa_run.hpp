#pragma once
// Running one LaunchPlan on HSA queues: one AQL queue per plan queue, one host thread per queue
// writing its packets at their submission times, the main thread watching the completion
// signals (and evicting persistent kernels), then the work-group records read back and put on
// the host's time line.
#include <cstdint>

#include "hip_backend/gpu/device_clock.hpp"
#include "hip_backend/gpu/hsa_memory.hpp"
#include "hip_backend/launch_plan.hpp"
#include "hip_backend/measured_run.hpp"

namespace aqlsim::hip {

struct HsaRun {
  MeasuredRun measured;  // executor and device left for the caller to name
  DeviceClock clock;     // fitted over the run
};

// Throws InputError for a plan the queues cannot express (lower_barrier, dispatch_packet) and
// hsa::Error for a failed runtime call; std::runtime_error when the plan has not completed
// long after it should have (its submissions plus every work-group's duration, plus a minute).
HsaRun run_on_hsa(const HsaDevice& device, const LaunchPlan& plan, Tick eviction_period);

// The wall clock's rate from two readings `apart` on the host's steady clock (used when the
// runtime does not declare it).
double measure_clock_hz(const HsaDevice& device, Tick apart);

}  // namespace aqlsim::hip
