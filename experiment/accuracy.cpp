#include "experiment/accuracy.hpp"

#include <algorithm>
#include <map>

#include "queue_sched/registry.hpp"
#include "queue_sched/slicing_observer.hpp"
#include "scenario/build_model.hpp"
#include "scenario/runner.hpp"
#include "taskgraph/graph_section.hpp"

namespace aqlsim {
namespace {

// Ratios by (group, which prediction).
using Ratios = std::map<std::pair<std::string, std::string>, std::vector<double>>;

void measure(const Scenario& scenario, const std::string& group, Ratios& ratios) {
  const std::uint32_t cus = scenario.device.compute_units;
  SlicingObserver aware(cus, SliceMode::aware);
  SlicingObserver unaware(cus, SliceMode::unaware);
  BuiltModel model =
      build_model(scenario, {.observers = {&aware, &unaware}, .isolated_runtimes = {}});
  if (model.gpu->run().status != RunStatus::completed) return;
  for (const KernelState& k : model.gpu->kernels()) {
    const double actual = static_cast<double>(k.end - k.start);
    const auto record = [&](const SlicingObserver& o, const std::string& mode) {
      const SlicingObserver::History& h = o.history(k.id);
      if (h.empty()) return;
      ratios[{group, "first block, " + mode}].push_back(static_cast<double>(h.front().second) /
                                                        actual);
      ratios[{group, "last, " + mode}].push_back(static_cast<double>(h.back().second) / actual);
    };
    record(aware, "slice-aware");
    record(unaware, "slice-unaware");
  }
}

Scenario load(const WorkloadSource& source, const ExperimentSpec& spec) {
  Scenario s = load_workload_source(source, spec.overrides);
  for (const std::string& name : spec.policies) {
    if (const PolicyInfo* info = find_policy(name);
        info && info->kind == PolicyKind::thread_block) {
      s.policies.thread_block = name;
      break;
    }
  }
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

std::vector<RatioSummary> predictor_accuracy(const ExperimentSpec& spec) {
  Ratios ratios;
  std::map<std::string, bool> alone_done;  // each dispatch alone once, by packet name
  for (const WorkloadSource& source : spec.workloads) {
    const Scenario s = load(source, spec);
    measure(s, "shared", ratios);
    for (std::size_t q = 0; q < s.queues.size(); ++q) {
      for (std::size_t p = 0; p < s.queues[q].packets.size(); ++p) {
        const PacketSpec& packet = s.queues[q].packets[p];
        if (packet.kind != PacketSpec::Kind::dispatch || alone_done[packet.name]) continue;
        alone_done[packet.name] = true;
        measure(alone_scenario(s, q, p), "isolated", ratios);
      }
    }
  }
  std::vector<RatioSummary> out;
  for (auto& [key, values] : ratios) {
    std::sort(values.begin(), values.end());
    out.push_back({key.first, key.second, values.size(), values.front(), quantile(values, 0.25),
                   quantile(values, 0.5), quantile(values, 0.75), values.back()});
  }
  return out;
}

}  // namespace aqlsim
