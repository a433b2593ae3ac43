#pragma once
// Shape statistics of a task graph, as `aqlsim graph stats` prints them.
#include <cstddef>

#include "taskgraph/task_graph.hpp"

namespace aqlsim::taskgraph {

struct GraphStats {
  std::size_t tasks = 0;
  std::size_t edges = 0;
  std::size_t depth = 0;  // number of levels: tasks on the longest path, counted by tasks
  std::size_t width = 0;  // most tasks on one level (see levels.hpp)
  std::size_t sources = 0;
  std::size_t sinks = 0;
};

// Throws InputError on a cycle.
GraphStats graph_stats(const TaskGraph& graph);

// The heaviest path's total: task costs plus, with `use_edge_costs`, the edges' comm_cost.
// 0 for an empty graph. Throws InputError on a cycle.
double critical_path_length(const TaskGraph& graph, const TaskCostFn& task_cost,
                            bool use_edge_costs);

}  // namespace aqlsim::taskgraph
