#pragma once
// Reading a workload file. Every problem (malformed YAML, unknown keys, wrong types, missing
// references, a work-group that fits on no CU) is an InputError naming file, line and column.
#include <string>
#include <vector>

#include "scenario/scenario.hpp"

namespace aqlsim {

// `overrides` are "key.path=value" assignments (--set), applied before the file is read.
Scenario load_scenario(const std::string& path, const std::vector<std::string>& overrides = {});
Scenario load_scenario_text(const std::string& text, const std::string& name,
                            const std::vector<std::string>& overrides = {});

}  // namespace aqlsim
