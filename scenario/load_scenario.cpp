#include "scenario/load_scenario.hpp"

#include <fmt/format.h>

#include <memory>

#include "config/overrides.hpp"
#include "config/suggest.hpp"
#include "scenario/device_presets.hpp"
#include "scenario/scenario_reader.hpp"

namespace aqlsim {
namespace {

// `device: gtx480` becomes `device: {preset: gtx480}`, so --set device.x=... always works.
void normalise_device(YAML::Node& root) {
  if (!root.IsMap() || !root["device"] || !root["device"].IsScalar()) return;
  const YAML::Node preset = root["device"];
  YAML::Node device(YAML::NodeType::Map);
  device["preset"] = preset;
  root["device"] = device;
}

Scenario read_scenario(const YamlNode& root, std::span<const ExtraSection> extra) {
  root.expect_map("a workload: a map with device, kernels and queues");
  std::vector<std::string> keys{"description", "device",     "kernels",     "signals",
                                "queues",      "scheduling", "metrics_per", "seed"};
  for (const ExtraSection& section : extra)
    keys.push_back(section.key);
  // An experiment read as a workload (given to `run`, or listed among an experiment's
  // workloads), or one whose `experiment:` is misspelt, says so.
  for (const auto& [key, value] : root.entries()) {
    if (key == "experiment" || nearest_word(key, {"experiment"})) {
      root.key_of(key)->fail(
          fmt::format("'{}' is not a workload key: a file with `experiment:` is an "
                      "experiment, for `compare` and `accuracy`{}",
                      key, key == "experiment" ? "" : " (did you mean 'experiment'?)"));
    }
  }
  root.allow_keys(keys);
  Scenario scenario;
  scenario.source = root.source().file;
  // Free text, read by nobody but checked as any key is: one value, not a list or map.
  root.string_or("description", "");
  if (auto device = root.get("device")) scenario.device = read_device(*device);
  read_kernels(root.require("kernels"), scenario);
  if (auto signals = root.get("signals")) read_signals(*signals, scenario);
  if (auto queues = root.get("queues")) read_queues(*queues, scenario);
  for (const ExtraSection& section : extra) {
    if (auto node = root.get(section.key)) section.read(*node, scenario);
  }
  if (scenario.queues.empty()) {
    // At an empty `queues:` where there is one: it may come from an option (--set queues=[]).
    const std::optional<YamlNode> queues = root.get("queues");
    (queues ? *queues : root).fail("a workload needs at least one queue (or a graph)");
  }
  if (auto scheduling = root.get("scheduling")) read_scheduling(*scheduling, scenario);
  scenario.seed = static_cast<std::uint64_t>(root.int_or("seed", 1, 0, INT64_MAX));
  if (auto per = root.get("metrics_per")) {
    const std::string text = per->as_string();
    if (text != "kernel" && text != "queue")
      per->fail(fmt::format("unknown metrics_per '{}'; expected kernel or queue", text));
    scenario.metrics_per = text == "queue" ? MetricsPer::queue : MetricsPer::kernel;
  }
  check_references(scenario);
  check_front_end(scenario);
  return scenario;
}

Scenario load_parsed(YAML::Node root, const std::string& name,
                     const std::vector<std::string>& overrides,
                     std::span<const ExtraSection> extra) {
  auto source = std::make_shared<YamlSource>();
  source->file = name;
  normalise_device(root);
  for (const std::string& assignment : wholes_before_parts(overrides)) {
    apply_override(root, assignment, *source);
    normalise_device(root);  // `--set device=gtx480` may be followed by `--set device.x=...`
  }
  return read_scenario(YamlNode(root, source, ""), extra);
}

}  // namespace

Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides,
                       std::span<const ExtraSection> extra) {
  Scenario scenario = load_parsed(parse_yaml_file(path), path, overrides, extra);
  scenario.input_files.insert(scenario.input_files.begin(), path);  // read before its includes
  return scenario;
}

Scenario load_scenario_text(const std::string& text, const std::string& name,
                            const std::vector<std::string>& overrides,
                            std::span<const ExtraSection> extra) {
  return load_parsed(parse_yaml_text(text, name), name, overrides, extra);
}

}  // namespace aqlsim
