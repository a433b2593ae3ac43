#pragma once
// HEFT upward ranks (Topcuoglu, Hariri and Wu 2002): a task's distance from an exit task,
//   rank_u(exit) = w(exit),  rank_u(i) = w(i) + max over successors j of (c(i,j) + rank_u(j)).
// The Puthoor et al. paper uses them, with every task costing the same, as queue priorities.
#include <optional>
#include <string_view>
#include <vector>

#include "taskgraph/task_graph.hpp"

namespace aqlsim::taskgraph {

// Where task costs come from:
//   unit       every task costs 1 and edges cost nothing (the paper's figure 3);
//   estimated  the caller's estimate, e.g. the kernel's simulated isolated runtime;
//   explicit_  each task's `cost` field (a task without one is an error).
enum class CostMode { unit, estimated, explicit_ };

// "unit", "estimated" or "explicit"; nullopt for anything else (the caller knows where the
// text came from and reports it there).
std::optional<CostMode> parse_cost_mode(std::string_view text);
std::string_view to_string(CostMode mode);

double unit_cost(const TaskProps& task);
// The task's `cost`; throws InputError at the task's definition when it has none.
double explicit_cost(const TaskProps& task);

// Indexed by TaskId. With `use_edge_costs` false the edges' comm_cost is taken as 0.
// Throws InputError on a cycle, and at the task when a rank is not finite.
std::vector<double> upward_ranks(const TaskGraph& graph, const TaskCostFn& task_cost,
                                 bool use_edge_costs);

}  // namespace aqlsim::taskgraph
