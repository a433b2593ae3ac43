// The `scheduling:` section: which queue-mapping and thread-block policies run, and their
// parameters.
#include <fmt/format.h>

#include <cmath>

#include "config/suggest.hpp"
#include "queue_sched/registry.hpp"
#include "scenario/scenario_reader.hpp"

namespace aqlsim {
namespace {

std::vector<std::string> names_of_kind(PolicyKind kind) {
  std::vector<std::string> names;
  for (const PolicyInfo& p : all_policies()) {
    if (p.kind == kind) names.emplace_back(p.name);
  }
  return names;
}

std::string read_policy_name(const YamlNode& node, PolicyKind kind) {
  const std::string name = node.as_string();
  const PolicyInfo* info = find_policy(name);
  if (info && info->kind == kind) return name;
  if (info) {
    node.fail(fmt::format("'{}' is a {} policy, not a {} policy", name,
                          policy_kind_name(info->kind), policy_kind_name(kind)));
  }
  const auto names = names_of_kind(kind);
  std::string message = fmt::format("unknown {} policy '{}'", policy_kind_name(kind), name);
  if (auto near = nearest_word(name, names)) message += fmt::format(" (did you mean '{}'?)", *near);
  node.fail(message + fmt::format("; expected one of: {}", fmt::join(names, ", ")));
}

std::map<std::string, double> read_params(const YamlNode& node, const PolicyInfo& policy,
                                          std::map<std::string, SourceLocation>& locations) {
  node.expect_map(fmt::format("a map of parameters of policy '{}'", policy.name));
  std::vector<std::string> allowed;
  for (const ParamSpec& p : policy.params)
    allowed.emplace_back(p.name);
  node.allow_keys(allowed);
  std::map<std::string, double> values;
  for (const ParamSpec& spec : policy.params) {
    const auto value = node.get(spec.name);
    if (!value) continue;
    locations[fmt::format("{}.{}", policy.name, spec.name)] = value->location();
    values[std::string(spec.name)] =
        spec.integer ? static_cast<double>(value->as_int(static_cast<std::int64_t>(spec.min),
                                                         static_cast<std::int64_t>(spec.max)))
                     : value->as_double(spec.min, spec.max);
  }
  return values;
}

}  // namespace

void read_scheduling(const YamlNode& map, Scenario& scenario) {
  map.expect_map("a map with queue_mapping, thread_block, kernel and params");
  map.allow_keys({"queue_mapping", "thread_block", "kernel", "params"});
  PolicySelection& p = scenario.policies;
  if (auto n = map.get("queue_mapping"))
    p.queue_mapping = read_policy_name(*n, PolicyKind::queue_mapping);
  if (auto n = map.get("thread_block"))
    p.thread_block = read_policy_name(*n, PolicyKind::thread_block);
  if (auto n = map.get("kernel")) p.kernel = read_policy_name(*n, PolicyKind::kernel);
  const auto params = map.get("params");
  if (!params) return;
  std::vector<std::string> all_names;
  for (const PolicyInfo& info : all_policies())
    all_names.emplace_back(info.name);
  params->allow_keys(all_names);
  for (const auto& [name, values] : params->entries()) {
    p.params[name] = read_params(values, *find_policy(name), p.param_locations);
  }
}

}  // namespace aqlsim
