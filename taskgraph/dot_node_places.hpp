#pragma once
// Where each node of a DOT graph is first named, for errors about a node (its id, its cost, a
// kernel a workload does not define, a cycle through it). Boost's reader keeps no places, so the
// text is read again with its grammar: a node is created where an id first stands as a node (a
// node statement or an edge's end), not as a graph or subgraph name, a port, or either side of
// an `=` (attributes). Runs only on text that Boost's reader has read without error.
#include <string>
#include <string_view>
#include <unordered_map>

#include "taskgraph/dot_text.hpp"

namespace aqlsim::taskgraph {

// Node id (as Boost normalises it: quotes removed, `\"` unescaped, backslash-newlines and `+`
// joins resolved; HTML ids with their angle brackets) to the place of its first id token. A
// node missing from the map has no known place: the walk stops at a character it cannot lex,
// which Boost's reader would have refused.
std::unordered_map<std::string, DotPlace> dot_node_places(std::string_view text);

}  // namespace aqlsim::taskgraph
