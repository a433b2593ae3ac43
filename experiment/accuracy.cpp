#include "experiment/accuracy.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "experiment/kernel_pairs.hpp"
#include "queue_sched/registry.hpp"
#include "queue_sched/slicing_observer.hpp"
#include "scenario/alone_runs.hpp"
#include "scenario/build_model.hpp"
#include "scenario/runner.hpp"
#include "taskgraph/graph_section.hpp"

namespace aqlsim {
namespace {

// Ratios by (group, which prediction).
using Ratios = std::map<std::pair<std::string, std::string>, std::vector<double>>;
// One run's ratios: (which prediction, ratio), in kernel order.
using RunRatios = std::vector<std::pair<std::string, double>>;

// The run's status and, when it completed, its ratios.
RunStatus measure(const Scenario& scenario, RunRatios& out) {
  const std::uint32_t cus = scenario.device.compute_units;
  SlicingObserver aware(cus, SliceMode::aware);
  SlicingObserver unaware(cus, SliceMode::unaware);
  ModelOptions options{
      .observers = {&aware, &unaware}, .isolated_runtimes = {}, .worker_profiles = {}};
  // Run as `aqlsim run` runs it: an oracle policy told the isolated runtimes, and so on.
  add_policy_inputs(scenario, options);
  BuiltModel model = build_model(scenario, options);
  const RunStatus status = model.gpu->run().status;
  if (status != RunStatus::completed) return status;
  for (const KernelState& k : model.gpu->kernels()) {
    const double actual = static_cast<double>(k.end - k.start);
    const auto record = [&](const std::string& which, std::optional<Tick> predicted) {
      if (predicted) out.emplace_back(which, static_cast<double>(*predicted) / actual);
    };
    // The first prediction is the same in both modes.
    const SlicingObserver::History& h = aware.history(k.id);
    record("first block", h.empty() ? std::nullopt : std::optional<Tick>(h.front().second));
    record("slice-unaware", unaware.last_slice_prediction(k.id));
    record("last slice, slice-aware", aware.last_slice_prediction(k.id));
  }
  return status;
}

void add(Ratios& ratios, const std::string& group, const RunRatios& run) {
  for (const auto& [which, ratio] : run)
    ratios[{group, which}].push_back(ratio);
}

Scenario load(const WorkloadSource& source, const ExperimentSpec& spec) {
  Scenario s = load_workload_source(source, spec.overrides, spec.override_origins);
  for (const std::string& name : spec.policies) {
    if (const PolicyInfo* info = find_policy(name);
        info && info->kind == PolicyKind::thread_block) {
      s.policies.thread_block = name;
      break;
    }
  }
  resolve_second_arrival(source, s);
  return s;
}

}  // namespace

double quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double position = q * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(position);
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  const double fraction = position - static_cast<double>(below);
  return sorted[below] + fraction * (sorted[above] - sorted[below]);
}

AccuracyResult predictor_accuracy(const ExperimentSpec& spec) {
  if (!spec.sweeps.empty()) {
    const Sweep& sweep = spec.sweeps.front();
    const auto at = spec.override_origins.find(sweep.key + "=" + sweep.values.front());
    throw InputError(at != spec.override_origins.end() ? at->second : SourceLocation{},
                     fmt::format("accuracy measures one point and runs no sweep (of '{}'): take "
                                 "the sweep out of the experiment and give the point in its `set` "
                                 "or with --set {}=VALUE, or compare the sweep",
                                 sweep.key, sweep.key));
  }
  Ratios ratios;
  AccuracyResult result;
  // Alone runs measured, by packet name: identical ones (a kernel in many pairs) count once.
  std::map<std::string, std::vector<RunRatios>> alone_measured;
  for (const WorkloadSource& source : spec.workloads) {
    const Scenario s = load(source, spec);
    RunRatios shared;
    if (const RunStatus status = measure(s, shared); status != RunStatus::completed)
      result.unfinished.push_back({source.name, "shared run", status});
    add(ratios, "shared", shared);
    AloneRuns alone(s);
    for (std::size_t q = 0; q < s.queues.size(); ++q) {
      for (std::size_t p = 0; p < s.queues[q].packets.size(); ++p) {
        const PacketSpec& packet = s.queues[q].packets[p];
        if (packet.kind != PacketSpec::Kind::dispatch) continue;
        RunRatios run;
        if (const RunStatus status = measure(alone.dispatch_scenario(q, p), run);
            status != RunStatus::completed)
          result.unfinished.push_back({source.name, "alone run of " + packet.name, status});
        std::vector<RunRatios>& seen = alone_measured[packet.name];
        if (std::find(seen.begin(), seen.end(), run) != seen.end()) continue;
        seen.push_back(run);
        add(ratios, "isolated", run);
      }
    }
  }
  std::vector<RatioSummary>& out = result.ratios;
  for (auto& [key, values] : ratios) {
    std::sort(values.begin(), values.end());
    const auto within = std::ranges::count_if(values, [](double r) { return r >= 0.5 && r <= 2; });
    out.push_back({key.first, key.second, values.size(), values.front(), quantile(values, 0.25),
                   quantile(values, 0.5), quantile(values, 0.75), values.back(),
                   static_cast<double>(within) / static_cast<double>(values.size())});
  }
  return result;
}

}  // namespace aqlsim
