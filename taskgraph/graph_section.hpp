#pragma once
// The `graph:` section of a workload: a task graph (inline, generated or imported), how to
// lower it onto queues, and the cost model of the HEFT ranks that become queue priorities.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "config/yaml_node.hpp"
#include "scenario/load_scenario.hpp"
#include "taskgraph/lowering.hpp"
#include "taskgraph/ranks.hpp"
#include "taskgraph/task_graph.hpp"

namespace aqlsim::taskgraph {

struct GraphSection {
  TaskGraph graph;
  LoweringOptions lowering;  // strategy, ranks, default kernel, queue size
  CostMode cost_mode = CostMode::unit;
};

// Reads and checks the section; `scenario` supplies the kernels and device for `estimated`
// costs and the base directory for `import`.
GraphSection read_graph_section(const YamlNode& node, const Scenario& scenario);

// The section reader that lowers the graph into the scenario's queues; with `read`, it also
// keeps the section it read there (for the graph tools).
ExtraSection graph_extra_section(std::optional<GraphSection>* read = nullptr);

// Loads a workload file whose queues may come from a `graph:` section.
Scenario load_workload(const std::string& path, const std::vector<std::string>& overrides = {});
Scenario load_workload_text(const std::string& text, const std::string& name,
                            const std::vector<std::string>& overrides = {});

// The computation cost of a task under `mode`. `estimated` is the kernel's isolated runtime in
// microseconds by the staircase equation, ceil(N / (R * CUs)) * t(R).
TaskCostFn task_cost(CostMode mode, const Scenario& scenario, const std::string& default_kernel);

// A graph file's format by its extension: .yaml/.yml, .dot/.gv, .stg, .jsonl; nullopt for any
// other.
enum class GraphFormat { yaml, dot, stg, jsonl };
std::optional<GraphFormat> graph_format_of(const std::string& path);
// The format as people name it: YAML, DOT, STG, JSON Lines.
const char* graph_format_name(GraphFormat format);

// Loads a graph from a file by its extension: .yaml/.yml (a map with tasks), .dot/.gv, .stg.
// An unknown extension is std::invalid_argument; everything else an InputError.
TaskGraph load_graph_by_extension(const std::string& path);
// The same from the file's text, already read.
TaskGraph load_graph_text_by_extension(const std::string& text, const std::string& path);

}  // namespace aqlsim::taskgraph
