#pragma once
// Running an experiment: every workload under every policy at every sweep point, optionally
// in parallel. Results are kept in a fixed order, so `--jobs 1` and `--jobs N` print the same.
// A slice of the runs can run alone (a shard, an MPI rank) and be put back together by index.
#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "experiment/experiment.hpp"
#include "scenario/runner.hpp"

namespace aqlsim {

// The runs whose index i has i % count == index: one shard (--shard I/N) or one MPI rank's
// share. Dealt round-robin rather than in blocks because neighbouring runs (one sweep point, one
// policy) tend to cost alike, so every slice gets a mix.
struct Slice {
  std::size_t index = 0;
  std::size_t count = 1;

  bool holds(std::size_t run) const { return run % count == index; }
  // Slice `which` of `parts` slices of this one, itself a slice of all the runs.
  Slice part(std::size_t which, std::size_t parts) const {
    return {index + count * which, count * parts};
  }
  // How many of the runs 0 .. runs-1 it holds.
  std::size_t size(std::size_t runs) const {
    return runs > index ? (runs - index - 1) / count + 1 : 0;
  }
};

struct CompareOptions {
  std::optional<std::uint64_t> seed;
  unsigned jobs = 1;
  RunLimits limits;  // for every run, the alone runs included
  // Called now and then from the calling thread with (runs done, runs in all).
  std::function<void(std::size_t, std::size_t)> progress;
};

// A run's policy label when the experiment lists no policies: its workload's own,
// QUEUE-MAPPING+THREAD-BLOCK, then +KERNEL when it selects a kernel scheduler (not `none`), so
// that workloads under two kernel schedulers make two rows.
std::string own_policies_label(const PolicySelection& policies);
// A label's policy names, the parts between '+'.
std::vector<std::string_view> split_policies_label(std::string_view label);

// The outcome of one run, reduced to what comparisons need.
struct RunSummary {
  std::size_t run = 0;  // its index in the experiment's order of runs
  std::string workload;
  std::vector<std::string> point;  // the sweep values, in ExperimentSpec::sweeps order
  std::string policy;
  RunStatus status = RunStatus::completed;
  double makespan_us = 0;
  Metrics metrics;
  double slot_idle_us = 0;
  std::uint64_t map_count = 0;
  std::uint64_t unmap_count = 0;
  // With metrics_per: queue, each application's NTT (measured ones only), in queue order.
  std::vector<std::pair<std::string, double>> application_ntt;
};

// Throws InputError, at the last sweep, when the experiment would make more than
// limits::kMaxRuns runs.
void check_run_count(const ExperimentSpec& spec);
// How many runs the experiment makes: workloads x policies x sweep points.
std::size_t count_runs(const ExperimentSpec& spec);

// The files the runs read as they load their workloads (Scenario::input_files): what each
// workload includes or imports at every sweep point (a swept `include` or `import`, or a whole
// kernel, kernel list or graph, may name another file), each once, in the order first read. A
// workload file itself is read with the experiment (WorkloadSource::path). Loads every workload
// at each combination of the values of such sweeps, the other sweeps at their first value;
// throws the first InputError.
std::vector<std::string> workload_input_files(const ExperimentSpec& spec);

// The runs of `slice` in run order, and the first error by run order (a failed run does not
// stop the others, so which error is first does not depend on timing).
struct SliceOutcome {
  std::vector<RunSummary> runs;
  std::exception_ptr error;
  std::size_t failed_run = 0;  // the run that threw `error`
  // The threads that made the runs: `jobs`, or fewer when the system would not start one (a
  // process or memory limit), `refused` then saying why. The runs are the same either way.
  unsigned threads = 1;
  std::string refused;
};
SliceOutcome run_slice(const ExperimentSpec& spec, const CompareOptions& options, Slice slice);

// Every run, in run order; throws the first error by run order.
std::vector<RunSummary> run_experiment(const ExperimentSpec& spec, const CompareOptions& options);

// Geometric means over workloads, one row per (sweep point, policy).
struct SummaryRow {
  std::vector<std::string> point;
  std::string policy;
  std::size_t runs = 0;
  std::size_t failed = 0;  // runs that did not complete (excluded from the means)
  double makespan_us = 0;
  std::optional<double> speedup;  // baseline makespan / this makespan, per workload, geomean
  Metrics metrics;
  double slot_idle_us = 0;  // arithmetic mean
};

std::vector<SummaryRow> summarise(const ExperimentSpec& spec, const std::vector<RunSummary>& runs);

// Lopez-Albelda et al.'s way of summarising (section VI-C): each application's NTT averaged
// over the workloads (arrival orders) first, then ANTT, DNTT, STP and fairness over those
// averages. One row per (sweep point, policy); empty when no run measured applications.
struct ApplicationSummaryRow {
  std::vector<std::string> point;
  std::string policy;
  std::vector<std::pair<std::string, double>> mean_ntt;  // by application, first seen first
  Metrics metrics;
};

std::vector<ApplicationSummaryRow> summarise_applications(const std::vector<RunSummary>& runs);

}  // namespace aqlsim
