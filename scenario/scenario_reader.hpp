#pragma once
// The section readers behind load_scenario, one per top-level key.
#include "config/yaml_node.hpp"
#include "scenario/scenario.hpp"

namespace aqlsim {

// Includes are bounded by limits::kMaxIncludeDepth, kMaxIncludesPerList and kMaxIncludeLoads.
void read_kernels(const YamlNode& list, Scenario& scenario);
void read_signals(const YamlNode& list, Scenario& scenario);
void read_queues(const YamlNode& list, Scenario& scenario);
void read_scheduling(const YamlNode& map, Scenario& scenario);
// Throws InputError when the kernel scheduler asks what the device cannot do. Run for the
// scheduler that runs (run_scenario, the CLI once --policy has chosen), not when a file is read:
// another may yet replace the file's own.
void check_preemption(const Scenario& scenario);
// Cross-references: kernels, dependencies and signals named by packets exist, names are unique,
// every dispatch fits on a CU. Errors point at the entry recorded in the spec.
void check_references(const Scenario& scenario);
// Throws InputError for a packet the front end's semantics cannot process (barrier-OR, gem5).
void check_front_end(const Scenario& scenario);

}  // namespace aqlsim
