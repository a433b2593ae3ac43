#pragma once
// What `aqlsim compare` prints and writes: the summary tables on standard output and the CSV of
// every run. `aqlsim merge` prints and writes the same from shards, so it is written once.
#include <vector>

#include "experiment/compare.hpp"
#include "report/output_file.hpp"

namespace aqlsim::cli {

// The description, the table per (sweep point, policy) and, when the runs measured
// applications, the per-application table; on standard output.
void print_summary(const ExperimentSpec& spec, const std::vector<RunSummary>& runs);

// The exit status of a whole comparison: 0 when a run completed (the others are left out of the
// means), else the status `run` gives the first run (3 for a deadlock, 6 for a limit), said on
// standard error. A comparison that measured nothing must not look like a success.
int comparison_status(const std::vector<RunSummary>& runs);

// One row per run, in the order given; commits the file.
void write_csv(OutputFile& file, const ExperimentSpec& spec, const std::vector<RunSummary>& runs);

}  // namespace aqlsim::cli
