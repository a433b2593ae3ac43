#pragma once
// Running an experiment: every workload under every policy at every sweep point, optionally
// in parallel. Results are kept in a fixed order, so `--jobs 1` and `--jobs N` print the same.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "experiment/experiment.hpp"
#include "scenario/runner.hpp"

namespace aqlsim {

struct CompareOptions {
  std::optional<std::uint64_t> seed;
  unsigned jobs = 1;
  RunLimits limits;  // for every run, the alone runs included
  // Called now and then from the calling thread with (runs done, runs in all).
  std::function<void(std::size_t, std::size_t)> progress;
};

// The outcome of one run, reduced to what comparisons need.
struct RunSummary {
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
