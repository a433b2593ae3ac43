#pragma once
// Imports a Graphviz DOT digraph (e.g. DAGGEN's --dot output):
//
//   digraph G {
//     a [kernel="k", cost="2"]     // DAGGEN writes a task's cost as `size`
//     a -> b [cost="1.5"]          // likewise `size` for an edge's communication cost
//   }
//
// Node ids become task ids (names without spaces, dots or control characters, as everywhere);
// `cost` is preferred over `size` when a node or edge has both. Other attributes (label, shape,
// DAGGEN's alpha, ...) are ignored. A number has no exponent or unit, as in Graphviz: `cost=1e3` is
// an error (Graphviz reads two ids), `cost="1e3"` is 1000. Malformed DOT and bad attribute values
// are InputErrors naming the file. A syntax error also has its line and the column where the
// text between two separators (spaces, comments) that holds it starts (Boost's reader gives no
// place: it is found by reading prefixes of the text, in files of up to 256 KiB); a bad number
// has its own place.
#include <string>

#include "taskgraph/task_graph.hpp"

namespace aqlsim::taskgraph {

TaskGraph load_graph_dot(const std::string& path);
// `name` stands for the file in error messages.
TaskGraph load_graph_dot_text(const std::string& text, const std::string& name);

}  // namespace aqlsim::taskgraph
