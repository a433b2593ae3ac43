#pragma once
// What an executor measured: when each packet was submitted and completed, and when and where
// each work-group ran. Times are in the model's ticks (picoseconds), from the start of the run
// on the host's clock (device timestamps converted with the executor's own calibration).
#include <cstdint>
#include <string>
#include <vector>

#include "hsa_model/time.hpp"

namespace aqlsim::hip {

struct MeasuredWorkgroup {
  Tick start = 0;
  Tick end = 0;
  std::uint32_t cu = 0;  // the CU (AMD) or SM (NVIDIA) id, or the CPU executor's worker
};

struct MeasuredDispatch {
  Tick submit = 0;  // handed to the runtime
  Tick start = 0;   // first work-group started
  Tick end = 0;     // last work-group ended
  // Indexed by work-group (task) index; a persistent kernel's tasks record the worker's CU.
  std::vector<MeasuredWorkgroup> workgroups;
  std::uint32_t launches = 0;         // more than one after evictions and relaunches
  std::vector<Tick> eviction_delays;  // per eviction: from the request to the last worker's exit
};

struct MeasuredRun {
  std::string executor;                      // "cpu", "hip", "hsa" or "cuda"
  std::string device;                        // what ran it, in words
  std::vector<MeasuredDispatch> dispatches;  // parallel to LaunchPlan::dispatches
  std::vector<Tick> op_completed;            // parallel to LaunchPlan::ops
};

}  // namespace aqlsim::hip
