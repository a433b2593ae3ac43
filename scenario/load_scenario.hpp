#pragma once
// Reading a workload file. Every problem (malformed YAML, unknown keys, wrong types, missing
// references, a work-group that fits on no CU) is an InputError naming file, line and column.
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "config/yaml_node.hpp"
#include "scenario/scenario.hpp"

namespace aqlsim {

// A top-level section read by a layer above this one (taskgraph's `graph:`). It runs after the
// device, kernels, signals and queues have been read, and may add queues.
struct ExtraSection {
  std::string key;
  std::function<void(const YamlNode& section, Scenario& scenario)> read;
};

// `overrides` are "key.path=value" assignments (--set), applied before the file is read.
Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides = {},
                       std::span<const ExtraSection> extra = {});
Scenario load_scenario_text(const std::string& text, const std::string& name,
                            const std::vector<std::string>& overrides = {},
                            std::span<const ExtraSection> extra = {});

}  // namespace aqlsim
