#pragma once
// Levels of a DAG: a task's level is the length (in edges) of the longest path reaching it
// from a source, so every edge goes from a lower level to a higher one and the tasks of one
// level are mutually independent. Used for the depth/width statistics and a by-level split.
#include <cstddef>
#include <vector>

#include "taskgraph/task_graph.hpp"

namespace aqlsim::taskgraph {

// Indexed by TaskId. Throws InputError on a cycle.
std::vector<std::size_t> levels(const TaskGraph& graph);

// The tasks of each level, level 0 first, each level in TaskId order.
std::vector<std::vector<TaskId>> tasks_by_level(const TaskGraph& graph);

}  // namespace aqlsim::taskgraph
