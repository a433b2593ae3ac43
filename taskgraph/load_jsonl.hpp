#pragma once
// Imports a graph written as JSON Lines (.jsonl), one object per line: the compact format for
// graphs too large to read quickly as YAML (aqlsim graph gen -o FILE.jsonl writes it).
//
//   {"id": "a", "kernel": "k"}
//   {"id": "b", "kernel": "k", "after": ["a"], "cost": 2.5, "workgroups": 64}
//   {"from": "a", "to": "b", "cost": 1}
//
// A task line has the keys of a YAML task (`id` required; `kernel`, `cost`, `workgroups`,
// `after`), an edge line `from`, `to` and an optional communication `cost`. Blank lines are
// skipped. Tasks may be named before they are defined, as in YAML. Errors name the file, line
// and column; a key given twice in one object is an error (JSON leaves it undefined).
#include <string>

#include "taskgraph/task_graph.hpp"

namespace aqlsim::taskgraph {

// `name` stands for the file in error messages.
TaskGraph load_graph_jsonl_text(const std::string& text, const std::string& name);

// The graph as JSON Lines, tasks in the graph's order with their predecessors as `after`, so
// that it reads back as the same graph in the same order (the order a lowering may list tasks
// in; a generator makes every task after its predecessors, so the file lists them first too).
std::string graph_to_jsonl(const TaskGraph& graph);

}  // namespace aqlsim::taskgraph
