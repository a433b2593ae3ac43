#pragma once
// Imports a graph of the Standard Task Graph Set (Kasahara lab, Waseda University), the
// format without communication costs:
//
//   3                 number of real tasks n
//   0 0 0             task 0: the dummy entry (cost 0, no predecessors)
//   1 4 1 0           task id, cost, number of predecessors, predecessor ids ...
//   ...
//   4 0 1 3           task n+1: the dummy exit
//   # information part: lines starting with '#' are comments
//
// Tasks are named "t<id>" and keep their cost. The dummy entry and exit are dropped when
// their cost is 0 (as they are in every STG file): they only mark where the graph starts and
// ends, and keeping them would add two kernel launches the application never makes. Anything
// after task n+1 is ignored. Errors name the file, line and column.
#include <string>

#include "taskgraph/task_graph.hpp"

namespace aqlsim::taskgraph {

TaskGraph load_graph_stg(const std::string& path);
// `name` stands for the file in error messages.
TaskGraph load_graph_stg_text(const std::string& text, const std::string& name);

}  // namespace aqlsim::taskgraph
