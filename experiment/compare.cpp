#include "experiment/compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <map>
#include <numeric>
#include <set>
#include <system_error>
#include <thread>

#include "config/limits.hpp"
#include "experiment/kernel_pairs.hpp"

namespace aqlsim {
namespace {

struct Job {
  std::size_t workload;
  std::vector<std::string> point;
  std::string policy;
};

// Every combination of the sweeps' values (one empty point when there are no sweeps).
std::vector<std::vector<std::string>> sweep_points(const std::vector<Sweep>& sweeps) {
  std::vector<std::vector<std::string>> points{{}};
  for (const Sweep& sweep : sweeps) {
    std::vector<std::vector<std::string>> next;
    for (const auto& point : points) {
      for (const std::string& value : sweep.values) {
        next.push_back(point);
        next.back().push_back(value);
      }
    }
    points = std::move(next);
  }
  return points;
}

std::size_t policy_count(const ExperimentSpec& spec) {
  return std::max<std::size_t>(1, spec.policies.size());
}

// Run `run` of the experiment. In run order the sweep points are outermost (the last sweep's
// values changing fastest, as sweep_points lists them), then the policies, then the workloads;
// decoded from the index, so that no list of the runs is made (10^7 runs took 2.9 GB).
Job job_of(const ExperimentSpec& spec, std::size_t run) {
  Job job;
  job.workload = run % spec.workloads.size();
  run /= spec.workloads.size();
  job.policy = spec.policies.empty() ? std::string() : spec.policies[run % spec.policies.size()];
  run /= policy_count(spec);
  job.point.resize(spec.sweeps.size());
  for (std::size_t i = spec.sweeps.size(); i-- > 0;) {
    const std::vector<std::string>& values = spec.sweeps[i].values;
    job.point[i] = values[run % values.size()];
    run /= values.size();
  }
  return job;
}

std::vector<std::pair<std::string, double>> application_ntts(const RunReport& report) {
  std::vector<std::pair<std::string, double>> out;
  for (const ApplicationResult& a : report.applications) {
    if (a.alone > 0) out.emplace_back(a.queue, a.ntt);
  }
  return out;
}

// The workload at a sweep point: loaded with the experiment's settings, then the point's values.
Scenario load_at(const ExperimentSpec& spec, const WorkloadSource& source,
                 const std::vector<std::string>& point) {
  std::vector<std::string> overrides = spec.overrides;
  for (std::size_t i = 0; i < spec.sweeps.size(); ++i) {
    overrides.push_back(spec.sweeps[i].key + "=" + point[i]);
  }
  return load_workload_source(source, overrides, spec.override_origins);
}

RunSummary run_job(const ExperimentSpec& spec, const Job& job, const CompareOptions& options) {
  const WorkloadSource& source = spec.workloads[job.workload];
  Scenario scenario = load_at(spec, source, job.point);
  const auto dispatches = [](const QueueSpec& q) {
    return std::ranges::any_of(
        q.packets, [](const PacketSpec& p) { return p.kind == PacketSpec::Kind::dispatch; });
  };
  // Its makespan, 0, would make every mean 0.
  if (std::ranges::none_of(scenario.queues, dispatches)) {
    throw InputError({source.name, 0, 0},
                     "the workload dispatches no kernel: a comparison has nothing to measure");
  }
  if (!job.policy.empty() && !scenario.policies.select(job.policy)) {
    throw InputError({"policy " + job.policy, 0, 0},
                     fmt::format("no policy named '{}'", job.policy));
  }
  if (options.seed) scenario.seed = *options.seed;
  scenario.limits = options.limits;
  resolve_second_arrival(source, scenario);
  RunOptions run_options;
  run_options.measure_alone = spec.measure_alone;
  const RunReport report = run_scenario(scenario, run_options);
  return RunSummary{
      .workload = source.name,
      .point = job.point,
      .policy = job.policy.empty() ? own_policies_label(scenario.policies) : job.policy,
      .status = report.outcome.status,
      .makespan_us = to_us(report.makespan),
      .metrics = report.metrics,
      .slot_idle_us = sum_to_us(report.hw.slot_idle()),
      .map_count = report.hw.map_count,
      .unmap_count = report.hw.unmap_count,
      .application_ntt = application_ntts(report),
  };
}

// The rows of a summary, one per (sweep point, policy), numbered in the order the runs first
// show them. A map: comparing each run with every row took hours at a million runs.
class RowIndex {
 public:
  // The row of `run`, and whether it is new.
  std::pair<std::size_t, bool> row_of(const RunSummary& run) {
    const auto [it, added] = rows_.try_emplace({run.point, run.policy}, rows_.size());
    return {it->second, added};
  }

 private:
  std::map<std::pair<std::vector<std::string>, std::string>, std::size_t> rows_;
};

double geomean(const std::vector<double>& values) {
  if (values.empty()) return 0;
  double log_sum = 0;
  for (const double v : values)
    log_sum += std::log(v);
  return std::exp(log_sum / static_cast<double>(values.size()));
}

}  // namespace

std::string own_policies_label(const PolicySelection& policies) {
  std::string label = policies.queue_mapping + "+" + policies.thread_block;
  if (policies.kernel != "none") label += "+" + policies.kernel;
  return label;
}

std::vector<std::string_view> split_policies_label(std::string_view label) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t plus = label.find('+', start);
    parts.push_back(label.substr(start, plus - start));
    if (plus == std::string_view::npos) return parts;
    start = plus + 1;
  }
}

void check_run_count(const ExperimentSpec& spec) {
  double points = 1;
  for (const Sweep& sweep : spec.sweeps)
    points *= static_cast<double>(sweep.values.size());
  const double runs =
      points * static_cast<double>(policy_count(spec)) * static_cast<double>(spec.workloads.size());
  if (runs <= static_cast<double>(limits::kMaxRuns)) return;
  const Sweep* last = spec.sweeps.empty() ? nullptr : &spec.sweeps.back();
  const auto origin = last ? spec.override_origins.find(last->key + "=" + last->values.front())
                           : spec.override_origins.end();
  throw InputError(
      origin != spec.override_origins.end() ? origin->second : SourceLocation{},
      fmt::format("{:.3g} sweep points x {} policies x {} workloads make {:.3g} runs, "
                  "more than the limit of {}: sweep fewer values, or split the sweep "
                  "over several comparisons",
                  points, policy_count(spec), spec.workloads.size(), runs, limits::kMaxRuns));
}

std::size_t count_runs(const ExperimentSpec& spec) {
  check_run_count(spec);
  std::size_t runs = spec.workloads.size() * policy_count(spec);
  for (const Sweep& sweep : spec.sweeps)
    runs *= sweep.values.size();
  return runs;
}

std::vector<std::string> workload_input_files(const ExperimentSpec& spec) {
  std::vector<std::string> files;
  std::set<std::string> seen;
  // A workload names files only in its kernels' `include`s and its graph's `import`: a sweep of
  // another key reads at each of its values the files of the first, so only the values of sweeps
  // that can name a file (those keys, or a whole kernel, list or graph) are loaded. Loading a
  // large graph again at each point would cost as much as its runs, and a sweep of 10^7 points
  // took longer to load than its shard took to run.
  const auto names_files = [](const Sweep& sweep) {
    const std::string_view key = sweep.key;
    const std::string_view top = key.substr(0, key.find('.'));
    const std::string_view last = key.substr(key.rfind('.') + 1);
    if (top != "kernels" && top != "graph") return false;
    return key == top || (top == "kernels" && std::ranges::count(key, '.') == 1) ||
           last == "include" || last == "import";
  };
  check_run_count(spec);
  std::vector<Sweep> reading = spec.sweeps;
  for (Sweep& sweep : reading) {
    if (!names_files(sweep)) sweep.values.resize(1);
  }
  const std::vector<std::vector<std::string>> points = sweep_points(reading);
  for (const auto& point : points) {
    for (const WorkloadSource& source : spec.workloads) {
      Scenario loaded = load_at(spec, source, point);
      for (std::string& file : loaded.input_files) {
        if (seen.insert(file).second) files.push_back(std::move(file));
      }
    }
  }
  return files;
}

SliceOutcome run_slice(const ExperimentSpec& spec, const CompareOptions& options, Slice slice) {
  const std::size_t runs = count_runs(spec);
  std::vector<std::size_t> mine;  // the runs of the slice
  mine.reserve(slice.size(runs));
  for (std::size_t run = slice.index; run < runs; run += slice.count)
    mine.push_back(run);
  std::vector<RunSummary> results(mine.size());
  std::vector<std::exception_ptr> errors(mine.size());
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> done{0};
  const auto worker = [&] {
    for (std::size_t i = next++; i < mine.size(); i = next++) {
      try {
        results[i] = run_job(spec, job_of(spec, mine[i]), options);
        results[i].run = mine[i];
      } catch (...) {
        errors[i] = std::current_exception();
      }
      ++done;
    }
  };
  SliceOutcome outcome;
  // A thread the system will not start (a process or memory limit) leaves the runs to the
  // threads it did: they take them from `next` as they come free, so the results are the same.
  const unsigned jobs = std::max(1u, options.jobs);
  std::vector<std::thread> threads;
  threads.reserve(jobs - 1);  // so that only a thread's start can throw
  try {
    for (unsigned t = 1; t < jobs; ++t)
      threads.emplace_back(worker);
  } catch (const std::system_error& e) {
    outcome.refused = e.what();
  }
  outcome.threads = static_cast<unsigned>(threads.size()) + 1;
  std::thread progress;
  std::atomic<bool> finished{false};
  if (options.progress && outcome.refused.empty()) {
    try {
      progress = std::thread([&] {
        while (!finished) {
          std::this_thread::sleep_for(std::chrono::milliseconds(250));
          options.progress(done, mine.size());
        }
      });
    } catch (const std::system_error& e) {
      outcome.refused = e.what();  // the runs go on; only the progress is not shown
    }
  }
  worker();
  for (std::thread& t : threads)
    t.join();
  finished = true;
  if (progress.joinable()) progress.join();
  for (std::size_t i = 0; i < errors.size(); ++i) {
    if (errors[i]) {
      outcome.error = errors[i];
      outcome.failed_run = mine[i];
      return outcome;
    }
  }
  outcome.runs = std::move(results);
  return outcome;
}

std::vector<RunSummary> run_experiment(const ExperimentSpec& spec, const CompareOptions& options) {
  SliceOutcome outcome = run_slice(spec, options, Slice{});
  if (outcome.error) std::rethrow_exception(outcome.error);
  return std::move(outcome.runs);
}

std::vector<SummaryRow> summarise(const ExperimentSpec& spec, const std::vector<RunSummary>& runs) {
  std::vector<SummaryRow> rows;
  std::map<std::pair<std::vector<std::string>, std::string>, double> baseline;  // (point, workload)
  for (const RunSummary& r : runs) {
    if (r.policy == spec.baseline && r.status == RunStatus::completed) {
      baseline[{r.point, r.workload}] = r.makespan_us;
    }
  }
  RowIndex index;
  std::vector<std::vector<const RunSummary*>> members;  // each row's runs, in run order
  for (const RunSummary& r : runs) {
    const auto [i, added] = index.row_of(r);
    if (added) {
      rows.push_back(SummaryRow{});
      rows.back().point = r.point;
      rows.back().policy = r.policy;
      members.emplace_back();
    }
    ++rows[i].runs;
    members[i].push_back(&r);
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    SummaryRow& row = rows[i];
    std::vector<double> makespan, stp, antt, fairness, dntt, speedup;
    double idle = 0;
    for (const RunSummary* run : members[i]) {
      const RunSummary& r = *run;
      if (r.status != RunStatus::completed) {
        ++row.failed;
        continue;
      }
      makespan.push_back(r.makespan_us);
      idle += r.slot_idle_us;
      if (r.metrics.measured()) {
        stp.push_back(r.metrics.stp);
        antt.push_back(r.metrics.antt);
        fairness.push_back(r.metrics.fairness);
        dntt.push_back(r.metrics.dntt);
      }
      const auto base = baseline.find({r.point, r.workload});
      if (base != baseline.end() && r.makespan_us > 0)
        speedup.push_back(base->second / r.makespan_us);
    }
    const std::size_t completed = makespan.size();
    row.makespan_us = geomean(makespan);
    row.slot_idle_us = completed ? idle / static_cast<double>(completed) : 0;
    // DNTT's mean is arithmetic: it is 0 where every NTT is equal, which a geometric mean
    // would take for the whole row.
    const double mean_dntt = dntt.empty() ? 0
                                          : std::accumulate(dntt.begin(), dntt.end(), 0.0) /
                                                static_cast<double>(dntt.size());
    row.metrics = {geomean(stp), geomean(antt), geomean(fairness), mean_dntt};
    if (!spec.baseline.empty() && !speedup.empty()) row.speedup = geomean(speedup);
  }
  return rows;
}

std::vector<ApplicationSummaryRow> summarise_applications(const std::vector<RunSummary>& runs) {
  struct Sums {
    ApplicationSummaryRow row;
    std::vector<std::pair<double, std::size_t>> sums;  // parallel to row.mean_ntt
  };
  std::vector<Sums> groups;
  RowIndex index;
  for (const RunSummary& r : runs) {
    if (r.status != RunStatus::completed || r.application_ntt.empty()) continue;
    const auto [i, added] = index.row_of(r);
    if (added) groups.push_back(Sums{{r.point, r.policy, {}, {}}, {}});
    Sums* const g = &groups[i];
    for (const auto& [app, ntt] : r.application_ntt) {
      auto& names = g->row.mean_ntt;
      auto it = std::find_if(names.begin(), names.end(),
                             [&key = app](const auto& n) { return n.first == key; });
      if (it == names.end()) {
        names.emplace_back(app, 0.0);
        g->sums.emplace_back(0.0, 0);
        it = names.end() - 1;
      }
      auto& [sum, count] = g->sums[static_cast<std::size_t>(it - names.begin())];
      sum += ntt;
      ++count;
    }
  }
  std::vector<ApplicationSummaryRow> rows;
  for (Sums& g : groups) {
    std::vector<double> means;
    for (std::size_t i = 0; i < g.sums.size(); ++i) {
      g.row.mean_ntt[i].second = g.sums[i].first / static_cast<double>(g.sums[i].second);
      means.push_back(g.row.mean_ntt[i].second);
    }
    g.row.metrics = compute_metrics(means);
    rows.push_back(std::move(g.row));
  }
  return rows;
}

}  // namespace aqlsim
