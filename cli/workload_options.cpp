#include <fmt/format.h>

#include "cli/commands.hpp"
#include "queue_sched/registry.hpp"
#include "scenario/scenario_reader.hpp"
#include "taskgraph/graph_section.hpp"

namespace aqlsim::cli {
namespace {

void select_policy(Scenario& scenario, const std::string& name) {
  if (scenario.policies.select(name)) return;
  std::vector<std::string> names;
  for (const PolicyInfo& p : all_policies())
    names.emplace_back(p.name);
  throw InputError({fmt::format("--policy {}", name), 0, 0},
                   fmt::format("no policy named '{}'; policies: {}", name, fmt::join(names, ", ")));
}

}  // namespace

void WorkloadOptions::add_to(CLI::App& command) {
  command.add_option("file", file, "Workload YAML file")->required();
  command
      .add_option("--set", overrides,
                  "Override any YAML value before reading, e.g. --set device.compute_units=8 "
                  "or --set queues.0.priority=3 (lists by position or by name; repeatable)")
      ->type_name("KEY=VALUE");
  command
      .add_option("--policy", policies,
                  "Select a queue-mapping or thread-block policy by name, overriding the "
                  "file's scheduling section (repeatable; see `aqlsim policies`)")
      ->type_name("NAME");
  command.add_option("--seed", seed, "Random seed (overrides the file's seed)");
}

Scenario WorkloadOptions::load() const {
  Scenario scenario = taskgraph::load_workload(file, overrides);
  for (const std::string& name : policies)
    select_policy(scenario, name);
  if (!policies.empty()) check_preemption(scenario);  // a scheduler chosen here is checked too
  if (seed) scenario.seed = *seed;
  return scenario;
}

}  // namespace aqlsim::cli
