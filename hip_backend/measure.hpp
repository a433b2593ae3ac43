#pragma once
// Running a plan on an executor as `aqlsim hip run` does: the shared run, then (for NTT) each
// dispatch alone, and the result as the simulator's RunReport.
#include <map>
#include <string>

#include "hip_backend/executor.hpp"
#include "scenario/runner.hpp"

namespace aqlsim::hip {

struct Measurement {
  MeasuredRun run;
  std::map<std::string, Tick> alone;  // each dispatch's turnaround alone, by packet name
  RunReport report;
};

// `alone`: also run every dispatch alone (one more run each) so that NTT and the metrics are
// measured, as aqlsim run simulates them.
Measurement measure(const Scenario& scenario, const LaunchPlan& plan, Executor& executor,
                    bool alone);

}  // namespace aqlsim::hip
