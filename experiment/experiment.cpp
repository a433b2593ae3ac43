#include "experiment/experiment.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <unordered_set>

#include "config/duration.hpp"
#include "config/identifier.hpp"
#include "config/input_file.hpp"
#include "config/overrides.hpp"
#include "config/suggest.hpp"
#include "config/utf8.hpp"
#include "config/yaml_node.hpp"
#include "experiment/arrival_orders.hpp"
#include "experiment/kernel_pairs.hpp"
#include "queue_sched/registry.hpp"
#include "scenario/load_scenario.hpp"
#include "taskgraph/graph_section.hpp"

namespace aqlsim {
namespace {

// A YAML value on one line (flow style), as an override's text: a list or map written as YAML.
std::string flow_text(const YamlNode& node) {
  YAML::Emitter text;
  text.SetMapFormat(YAML::Flow);
  text.SetSeqFormat(YAML::Flow);
  text << node.raw();
  return text.c_str();
}

// A sweep's values as override text: a scalar's own, a list's or map's in flow style
// (`[[0], [0, 1]]` sweeps two CU masks, as `--sweep 'queues.0.cu_mask=[0],[0,1]'` does).
std::vector<std::string> sweep_values(const YamlNode& list) {
  list.expect_sequence("a list");
  std::vector<std::string> out;
  for (const YamlNode& item : list.elements())
    out.push_back(item.is_scalar() ? item.as_string() : flow_text(item));
  return out;
}

// What is wrong with `name` as one more policy to compare after `earlier`; "" when nothing.
std::string policy_name_problem(const std::string& name, const std::vector<std::string>& earlier) {
  if (name.empty()) return "a policy name is empty";
  if (std::find(earlier.begin(), earlier.end(), name) != earlier.end())
    return fmt::format("policy '{}' is listed twice", name);
  if (find_policy(name)) return "";
  std::vector<std::string> names;
  for (const PolicyInfo& p : all_policies())
    names.emplace_back(p.name);
  std::string message = fmt::format("unknown policy '{}'", name);
  if (auto near = nearest_word(name, names)) message += fmt::format(" (did you mean '{}'?)", *near);
  return message + fmt::format("; policies: {}", fmt::join(names, ", "));
}

// A workload file of the experiment, read now (once), an error in reading it reported at the
// entry that names it.
WorkloadSource workload_file(const YamlNode& entry) {
  const std::string path = path_beside(entry.source().file.str(), entry.as_string());
  try {
    return {path, path, read_input_file(path), {}};
  } catch (const InputError& e) {
    entry.fail(fmt::format("cannot read workload '{}': {}", path, e.detail()));
  }
}

// `policies`: registered policies of any kind, each once, at least one (an empty list would
// silently compare the workloads' own policies).
std::vector<std::string> read_policies(const YamlNode& list) {
  list.expect_sequence("a list of policy names");
  if (list.elements().empty())
    list.fail(
        "lists no policy: name at least one, or leave `policies` out to run each "
        "workload's own");
  std::vector<std::string> names;
  for (const YamlNode& item : list.elements()) {
    const std::string name = item.as_string();
    if (const std::string problem = policy_name_problem(name, names); !problem.empty())
      item.fail(problem);
    names.push_back(name);
  }
  return names;
}

// What is wrong with the i-th value of a sweep; "" when nothing. A value given twice would make
// two rows of one point, an empty one is most likely a stray comma.
std::string sweep_value_problem(const std::vector<std::string>& values, std::size_t i) {
  if (values[i].empty()) return fmt::format("value {} is empty", i + 1);
  if (std::find(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(i), values[i]) !=
      values.begin() + static_cast<std::ptrdiff_t>(i))
    return fmt::format("value '{}' is listed twice", values[i]);
  return "";
}

bool is_swept(const std::vector<Sweep>& sweeps, std::string_view key) {
  return std::any_of(sweeps.begin(), sweeps.end(),
                     [&](const Sweep& sweep) { return sweep.key == key; });
}

ExperimentSpec read_experiment(const YamlNode& node) {
  node.expect_map("an experiment: workloads, policies, sweeps");
  node.allow_keys({"description", "workload", "workloads", "pairs", "arrival_orders", "policies",
                   "baseline", "sweep", "set", "alone"});
  ExperimentSpec e;
  e.description = node.string_or("description", "");
  // A file listed twice would count twice in every mean, whatever path names it (`./w.yaml`, a
  // link).
  const auto add_file = [&e](const YamlNode& entry) {
    WorkloadSource source = workload_file(entry);
    const auto same = [&](const WorkloadSource& w) {
      std::error_code error;
      return w.path == source.path ||
             (std::filesystem::equivalent(w.path, source.path, error) && !error);
    };
    const bool listed = std::any_of(e.workloads.begin(), e.workloads.end(), same);
    if (listed) entry.fail(fmt::format("workload '{}' is listed twice", source.path));
    e.workloads.push_back(std::move(source));
  };
  if (auto one = node.get("workload")) add_file(*one);
  if (auto many = node.get("workloads")) {
    many->expect_sequence("a list of workload files");
    for (const YamlNode& w : many->elements())
      add_file(w);
  }
  // Runs are matched with their baseline runs, and rows of the CSV told apart, by workload name:
  // a generated name must be new (a listed file's, or another pair's when kernel names hold '+':
  // `a+b` with `c` and `a` with `b+c` both make `a+b+c`).
  std::unordered_set<std::string> names;
  for (const WorkloadSource& w : e.workloads)
    names.insert(w.name);
  const auto add_generated = [&e, &names](const YamlNode& generator,
                                          std::vector<WorkloadSource> made) {
    for (WorkloadSource& w : made) {
      if (!names.insert(w.name).second)
        generator.fail(
            fmt::format("this makes a second workload named '{}' (a listed file, or "
                        "another generated workload, has that name): rename one",
                        w.name));
      e.workloads.push_back(std::move(w));
    }
  };
  if (auto pairs = node.get("pairs")) add_generated(*pairs, kernel_pairs(*pairs));
  if (auto orders = node.get("arrival_orders")) add_generated(*orders, arrival_orders(*orders));
  if (e.workloads.empty())
    node.fail("an experiment needs `workload`, `workloads`, `pairs` or `arrival_orders`");
  if (auto p = node.get("policies")) e.policies = read_policies(*p);
  if (auto baseline = node.get("baseline")) {
    e.baseline = baseline->as_string();
    e.baseline_where = baseline->location();
  }
  if (auto sweep = node.get("sweep")) {
    sweep->expect_map("a map of key paths to lists of values");
    for (const auto& [key, values] : sweep->entries()) {
      if (is_swept(e.sweeps, key))
        values.fail(fmt::format("key '{}' is swept twice", printable(excerpt(key))));
      const Sweep& added = e.sweeps.emplace_back(Sweep{key, sweep_values(values)});
      if (added.values.empty())
        values.fail(fmt::format("'{}' sweeps no values: give at least one", key));
      const std::vector<YamlNode> items = values.elements();
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (const std::string problem = sweep_value_problem(added.values, i); !problem.empty())
          items[i].fail(problem);
        e.override_origins[key + "=" + added.values[i]] = items[i].location();
      }
    }
  }
  if (auto set = node.get("set")) {
    // Each key once, and none swept: a later value would silently replace the entry.
    for (const YamlNode& entry : set->elements()) {
      const std::string assignment = entry.as_string();
      const std::string_view key = override_key(assignment);
      if (is_swept(e.sweeps, key))
        entry.fail(
            fmt::format("'{}' is also swept: the sweep's values would replace this one", key));
      const auto same_key = [&](const std::string& earlier) {
        return override_key(earlier) == key;
      };
      if (std::any_of(e.overrides.begin(), e.overrides.end(), same_key))
        entry.fail(fmt::format("'{}' is set twice", key));
      e.overrides.push_back(assignment);
      e.override_origins[assignment] = entry.location();
    }
  }
  e.measure_alone = node.bool_or("alone", true);
  return e;
}

}  // namespace

GeneratorSource read_generator_source(const YamlNode& node) {
  const std::string library =
      std::filesystem::absolute(
          path_beside(node.source().file.str(), node.require("kernels").as_string()))
          .string();
  YAML::Emitter quoted;
  quoted << YAML::DoubleQuoted << library;
  return {flow_text(node.require("device")), library, quoted.c_str()};
}

std::string GeneratedTime::times(std::uint64_t n) const {
  if (cycles) return fmt::format("{}cy", static_cast<double>(n) * *cycles);
  return fmt::format("{}ps", static_cast<Tick>(n) * ticks);
}

GeneratedTime read_generated_time(const YamlNode& node, double clock_mhz) {
  GeneratedTime time{.ticks = node.as_duration(clock_mhz), .cycles = std::nullopt};
  const std::string text = node.as_string();
  Tick unused = 0;
  if (parse_duration(text, 0, unused) == DurationStatus::needs_clock) {
    double cycles = 0;
    std::from_chars(text.data(), text.data() + text.size(), cycles);
    time.cycles = cycles;
  }
  return time;
}

Scenario load_generator_probe(const YamlNode& node, const std::string& text,
                              const std::string& name) {
  try {
    return load_scenario_text(text, name);
  } catch (const InputError& e) {
    std::string detail = e.detail();
    const std::string from_generated = " (in a file included from " + name + ":";
    if (const auto at = detail.find(from_generated); at != std::string::npos) {
      const auto end = detail.find(')', at);
      detail.replace(at, end + 1 - at,
                     " (in the kernel library included from " +
                         node.require("kernels").location().to_string() + ")");
    }
    if (e.where().file.str() != name) throw InputError(e.where(), detail);
    // An error in the made-up text is one in the value of `device` or `kernels` it was made from.
    const bool device = detail.find("(at 'device") != std::string::npos;
    const bool kernels = detail.find("(at 'kernels") != std::string::npos;
    if (const auto path = detail.rfind(" (at '"); path != std::string::npos) detail.resize(path);
    (device ? node.require("device") : kernels ? node.require("kernels") : node).fail(detail);
  }
}

std::string library_kernel(const YamlNode& name, const Scenario& probe,
                           const std::string& library) {
  if (!probe.find_kernel(name.as_identifier()))
    name.fail(fmt::format("no kernel '{}' in {}", name.as_string(), library));
  return name.as_identifier();
}

Scenario load_workload_source(const WorkloadSource& source,
                              const std::vector<std::string>& overrides,
                              const OverrideOrigins& origins) {
  const std::string text =
      source.text.empty() && !source.path.empty() ? read_input_file(source.path) : source.text;
  try {
    return taskgraph::load_workload_text(text, source.name, overrides);
  } catch (const InputError& e) {
    // apply_override names an option "--set ASSIGNMENT".
    const std::string_view option = e.where().file.str();
    if (!option.starts_with("--set ")) throw;
    const auto origin = origins.find(std::string(option.substr(6)));
    if (origin == origins.end()) throw;
    throw InputError(origin->second, fmt::format("{} (setting '{}' in workload {})", e.detail(),
                                                 origin->first, source.name));
  }
}

void check_policies(const ExperimentSpec& spec,
                    const std::optional<SourceLocation>& policies_where) {
  if (policies_where) {
    for (std::size_t i = 0; i < spec.policies.size(); ++i) {
      const std::vector<std::string> earlier(spec.policies.begin(), spec.policies.begin() + i);
      if (const std::string problem = policy_name_problem(spec.policies[i], earlier);
          !problem.empty())
        throw InputError(*policies_where, problem);
    }
  }
  if (spec.baseline.empty()) return;
  if (spec.policies.empty()) {
    throw InputError(spec.baseline_where,
                     fmt::format("baseline '{}' needs policies to compare it with (the "
                                 "experiment's `policies` or --policies)",
                                 spec.baseline));
  }
  if (std::find(spec.policies.begin(), spec.policies.end(), spec.baseline) == spec.policies.end()) {
    throw InputError(spec.baseline_where,
                     fmt::format("baseline '{}' is not one of the policies compared: {}",
                                 spec.baseline, fmt::join(spec.policies, ", ")));
  }
}

ExperimentSpec load_experiment(const std::string& path) {
  const std::string text = read_input_file(path);
  const YamlNode root = load_yaml_text(text, path);
  if (root.is_map() && root.has("experiment")) {
    root.allow_keys({"experiment"});
    return read_experiment(root.require("experiment"));
  }
  ExperimentSpec single;
  single.workloads.push_back({path, path, text, {}});
  return single;
}

namespace {

// Whether a value begins after `before` (the text so far of the current value, `depth` brackets
// deep): at its start, or inside a flow collection after an indicator. Only there does a quote
// open a quoted scalar or a bracket a collection, as in YAML (`it's` and `x[1` are plain text).
bool value_begins(std::string_view before, int depth) {
  const std::size_t last = before.find_last_not_of(" \t");
  return last == std::string_view::npos ||
         (depth > 0 && std::string_view("[{,:").find(before[last]) != std::string_view::npos);
}

// The values of `--sweep KEY=V1,V2,...`, without the spaces around them: split at the commas
// outside YAML brackets and quoted scalars, so that a value may be a list or a map
// (`cu_mask=[0,1],[2,3]`). An unclosed bracket or quote keeps the rest in one value, which the
// workload then refuses as YAML.
std::vector<std::string> split_sweep_values(std::string_view text) {
  std::vector<std::string> values;
  const auto add = [&](std::string_view value) {
    const std::size_t first = value.find_first_not_of(" \t");
    const std::size_t last = value.find_last_not_of(" \t");
    values.emplace_back(first == std::string_view::npos ? ""
                                                        : value.substr(first, last - first + 1));
  };
  int depth = 0;
  char quote = 0;
  std::size_t begin = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto begins = [&] { return value_begins(text.substr(begin, i - begin), depth); };
    if (quote == '"') {
      if (c == '\\') {
        ++i;  // an escaped character, a quote included
      } else if (c == '"') {
        quote = 0;
      }
    } else if (quote == '\'') {
      if (c == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
        ++i;  // '' is a quote inside the scalar
      } else if (c == '\'') {
        quote = 0;
      }
    } else if ((c == '"' || c == '\'') && begins()) {
      quote = c;
    } else if ((c == '[' || c == '{') && begins()) {
      ++depth;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    } else if (c == ',' && depth == 0) {
      add(text.substr(begin, i - begin));
      begin = i + 1;
    }
  }
  add(text.substr(begin));
  return values;
}

}  // namespace

Sweep parse_sweep(const std::string& text) {
  const SourceLocation where{"--sweep " + escape_invalid_utf8(text), 0, 0};
  check_utf8_at(text, where);  // here, where the option is still known as a sweep
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
    throw InputError(where, "expected key=value1,value2,...");
  }
  Sweep sweep{text.substr(0, eq), split_sweep_values(std::string_view(text).substr(eq + 1))};
  for (std::size_t i = 0; i < sweep.values.size(); ++i) {
    if (const std::string problem = sweep_value_problem(sweep.values, i); !problem.empty())
      throw InputError(where, problem);
  }
  return sweep;
}

void add_sweep(ExperimentSpec& spec, const std::string& text) {
  const SourceLocation where{"--sweep " + escape_invalid_utf8(text), 0, 0};
  Sweep sweep = parse_sweep(text);
  for (const Sweep& earlier : spec.sweeps) {
    if (earlier.key == sweep.key)
      throw InputError(where, fmt::format("'{}' is already swept: give all its values in one "
                                          "sweep",
                                          sweep.key));
  }
  for (const std::string& assignment : spec.overrides) {
    if (override_key(assignment) == sweep.key)
      throw InputError(where, fmt::format("'{}' is also set by the experiment's `set`: the "
                                          "sweep's values would replace it",
                                          sweep.key));
  }
  for (const std::string& value : sweep.values)
    spec.override_origins.emplace(sweep.key + "=" + value, where);
  spec.sweeps.push_back(std::move(sweep));
}

void add_set_options(ExperimentSpec& spec, const std::vector<std::string>& assignments) {
  check_each_key_set_once(assignments);
  for (const std::string& assignment : assignments) {
    const std::string_view key = override_key(assignment);
    if (is_swept(spec.sweeps, key))
      throw InputError({"--set " + assignment, 0, 0},
                       fmt::format("'{}' is also swept: the sweep's values would replace it", key));
    // The command line replaces the experiment's `set` of the same key and of the keys inside it
    // (written the same way: another spelling of the same entry is an error when the workload is
    // loaded), as it did when it was applied after them.
    std::erase_if(spec.overrides, [&](const std::string& earlier) {
      const std::string_view inner = override_key(earlier);
      return inner == key || (inner.starts_with(key) && inner.substr(key.size()).starts_with('.'));
    });
  }
  spec.overrides.insert(spec.overrides.end(), assignments.begin(), assignments.end());
}

}  // namespace aqlsim
