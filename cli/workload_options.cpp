#include <fmt/format.h>

#include <map>

#include "cli/commands.hpp"
#include "config/overrides.hpp"
#include "config/parse_integer.hpp"
#include "config/utf8.hpp"
#include "queue_sched/registry.hpp"
#include "scenario/scenario_reader.hpp"
#include "taskgraph/graph_section.hpp"

namespace aqlsim::cli {
namespace {

// --policy NAME, at most one of each kind (a second would silently replace the first).
void select_policy(Scenario& scenario, const std::string& name,
                   std::map<PolicyKind, std::string>& chosen) {
  const SourceLocation where{fmt::format("--policy {}", escape_invalid_utf8(name)), 0, 0};
  check_utf8_at(name, where);
  const PolicyInfo* info = find_policy(name);
  if (!info) {
    std::vector<std::string> names;
    for (const PolicyInfo& p : all_policies())
      names.emplace_back(p.name);
    throw InputError(
        where, fmt::format("no policy named '{}'; policies: {}", name, fmt::join(names, ", ")));
  }
  if (const auto [it, added] = chosen.emplace(info->kind, name); !added) {
    throw InputError(where, fmt::format("'{}' and '{}' are both {} policies; give at most one "
                                        "policy of each kind",
                                        it->second, name, policy_kind_name(info->kind)));
  }
  scenario.policies.select(name);
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
                  "Select a queue-mapping, thread-block or kernel policy by name, overriding the "
                  "file's scheduling section (repeatable, one of each kind; see `aqlsim "
                  "policies`)")
      ->type_name("NAME");
  // The same range as a file's `seed`, parsed strictly (CLI11 alone wraps "-1" around and
  // saturates a value past 2^64).
  command.add_option("--seed", seed, "Random seed (overrides the file's seed)")
      ->check([](const std::string& text) { return integer_error(text, 0, INT64_MAX, "a seed"); },
              "SEED");
}

std::vector<PathArgument> WorkloadOptions::inputs(const Scenario& loaded) const {
  std::vector<PathArgument> out{{"the input workload", file}};
  add_read_files(out, loaded.input_files);
  return out;
}

Scenario WorkloadOptions::load() const {
  check_each_key_set_once(overrides);
  Scenario scenario = taskgraph::load_workload(file, overrides);
  std::map<PolicyKind, std::string> chosen;
  for (const std::string& name : policies)
    select_policy(scenario, name, chosen);
  // The scheduler that will run, the file's or --policy's: a file's own is not checked when the
  // command line replaces it.
  check_preemption(scenario);
  if (seed) scenario.seed = *seed;
  return scenario;
}

}  // namespace aqlsim::cli
