#pragma once
// Simulated against measured, kernel by kernel (aqlsim hip compare). The error is the model's,
// relative to the measurement: (simulated - measured) / measured.
#include <ostream>
#include <string>
#include <vector>

#include "scenario/runner.hpp"

namespace aqlsim::hip {

struct KernelComparison {
  std::string name;                                        // the packet
  Tick simulated_turnaround = 0, measured_turnaround = 0;  // end - arrival
  Tick simulated_duration = 0, measured_duration = 0;      // end - start
  double turnaround_error = 0;
  double duration_error = 0;
};

struct RunComparison {
  std::vector<KernelComparison> kernels;  // in the simulated run's order
  Tick simulated_makespan = 0, measured_makespan = 0;
  double makespan_error = 0;
  double mean_abs_turnaround_error = 0;
  Metrics simulated, measured;
};

// Kernels are matched by packet name; both reports hold the same dispatches.
RunComparison compare_runs(const RunReport& simulated, const RunReport& measured);

// A fixed-width table for people and a CSV for tools (times in microseconds, errors in %).
void write_comparison_table(std::ostream& out, const RunComparison& c);
void write_comparison_csv(std::ostream& out, const RunComparison& c);

}  // namespace aqlsim::hip
