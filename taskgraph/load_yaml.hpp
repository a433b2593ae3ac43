#pragma once
// The task-graph section of a workload file:
//
//   tasks:                    # required: a list of tasks
//     - id: a                 # required: a unique name, without spaces, dots or control characters
//       kernel: k             # optional: the kernel profile the task launches
//       cost: 2.5             # optional: >= 0, used by the `explicit` cost mode
//       workgroups: 64        # optional: >= 1, overrides the kernel's grid size
//       after: [x, y]         # optional: shorthand for edges x -> a and y -> a (cost 0)
//   edges:                    # optional: edges with a communication cost
//     - {from: a, to: b, cost: 1.5}   # cost optional, >= 0 (default 0)
//
// Tasks may be named in `after` and `edges` before they are defined. Unknown keys, duplicate
// ids, edges naming unknown tasks, self-loops, repeated edges and cycles are InputErrors that
// name the tasks and point at the offending entry.
#include <string>

#include "config/yaml_node.hpp"
#include "taskgraph/task_graph.hpp"

namespace aqlsim::taskgraph {

TaskGraph load_graph_yaml(const YamlNode& graph_node);
// The same without checking the map's other keys, for maps that hold more than a graph.
TaskGraph read_graph_yaml(const YamlNode& graph_node);

// A file whose root is the graph map above.
TaskGraph load_graph_file(const std::string& path);

}  // namespace aqlsim::taskgraph
