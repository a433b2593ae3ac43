#pragma once
// Running a plan on an executor as `aqlsim hip run` does: the shared run, then (for NTT) each
// dispatch alone, and the result as the simulator's RunReport.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "hip_backend/executor.hpp"
#include "scenario/runner.hpp"

namespace aqlsim::hip {

struct Measurement {
  MeasuredRun run;                    // the run of median makespan
  std::vector<Tick> makespans;        // every run's (first arrival to last end), in run order
  std::map<std::string, Tick> alone;  // each dispatch's turnaround alone (median), by packet name
  RunReport report;
};

// Runs the plan `repeat` times and keeps the run of median makespan (the upper one for an even
// count): a whole run, so its kernels' times belong together. `alone`: also run every dispatch
// alone, as often, and take each one's median, so that NTT and the metrics are measured as
// aqlsim run simulates them.
Measurement measure(const Scenario& scenario, const LaunchPlan& plan, Executor& executor,
                    bool alone, std::uint32_t repeat = 1);

}  // namespace aqlsim::hip
