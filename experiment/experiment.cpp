#include "experiment/experiment.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>

#include "config/yaml_node.hpp"
#include "experiment/arrival_orders.hpp"
#include "experiment/kernel_pairs.hpp"
#include "taskgraph/graph_section.hpp"

namespace aqlsim {
namespace {

std::vector<std::string> strings(const YamlNode& list) {
  list.expect_sequence("a list");
  std::vector<std::string> out;
  for (const YamlNode& item : list.elements())
    out.push_back(item.as_string());
  return out;
}

std::string resolve(const std::string& base_file, const std::string& path) {
  const std::filesystem::path base = std::filesystem::path(base_file).parent_path();
  return (base / path).lexically_normal().string();
}

ExperimentSpec read_experiment(const YamlNode& node) {
  node.expect_map("an experiment: workloads, policies, sweeps");
  node.allow_keys({"description", "workload", "workloads", "pairs", "arrival_orders", "policies",
                   "baseline", "sweep", "set", "alone"});
  ExperimentSpec e;
  e.description = node.string_or("description", "");
  const std::string& file = node.source().file;
  const auto add_file = [&](const std::string& w) {
    const std::string path = resolve(file, w);
    e.workloads.push_back({path, path, ""});
  };
  if (auto one = node.get("workload")) add_file(one->as_string());
  if (auto many = node.get("workloads")) {
    for (const std::string& w : strings(*many))
      add_file(w);
  }
  if (auto pairs = node.get("pairs")) {
    for (WorkloadSource& w : kernel_pairs(*pairs))
      e.workloads.push_back(std::move(w));
  }
  if (auto orders = node.get("arrival_orders")) {
    for (WorkloadSource& w : arrival_orders(*orders))
      e.workloads.push_back(std::move(w));
  }
  if (e.workloads.empty())
    node.fail("an experiment needs `workload`, `workloads`, `pairs` or `arrival_orders`");
  if (auto p = node.get("policies")) e.policies = strings(*p);
  e.baseline = node.string_or("baseline", "");
  if (auto sweep = node.get("sweep")) {
    for (const auto& [key, values] : sweep->entries())
      e.sweeps.push_back({key, strings(values)});
  }
  if (auto set = node.get("set")) e.overrides = strings(*set);
  e.measure_alone = node.bool_or("alone", true);
  return e;
}

}  // namespace

GeneratorSource read_generator_source(const YamlNode& node) {
  YAML::Emitter device;
  device.SetMapFormat(YAML::Flow);
  device.SetSeqFormat(YAML::Flow);
  device << node.require("device").raw();
  const std::filesystem::path base = std::filesystem::path(node.source().file).parent_path();
  return {device.c_str(), std::filesystem::absolute(base / node.require("kernels").as_string())
                              .lexically_normal()
                              .string()};
}

std::string library_kernel(const YamlNode& name, const Scenario& probe,
                           const std::string& library) {
  if (!probe.find_kernel(name.as_identifier()))
    name.fail(fmt::format("no kernel '{}' in {}", name.as_string(), library));
  return name.as_identifier();
}

Scenario load_workload_source(const WorkloadSource& source,
                              const std::vector<std::string>& overrides) {
  return source.path.empty() ? taskgraph::load_workload_text(source.text, source.name, overrides)
                             : taskgraph::load_workload(source.path, overrides);
}

ExperimentSpec load_experiment(const std::string& path) {
  const YamlNode root = load_yaml_file(path);
  if (root.is_map() && root.has("experiment")) {
    root.allow_keys({"experiment"});
    return read_experiment(root.require("experiment"));
  }
  ExperimentSpec single;
  single.workloads.push_back({path, path, ""});
  return single;
}

Sweep parse_sweep(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
    throw InputError({"--sweep " + text, 0, 0}, "expected key=value1,value2,...");
  }
  Sweep sweep{text.substr(0, eq), {}};
  std::size_t begin = eq + 1;
  while (begin <= text.size()) {
    const std::size_t end = std::min(text.find(',', begin), text.size());
    sweep.values.push_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  return sweep;
}

}  // namespace aqlsim
