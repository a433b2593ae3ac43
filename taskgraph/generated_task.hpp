#pragma once
// Shared by the generators: how a generated task is made (internal to the library).
#include <string>
#include <utility>

#include "taskgraph/task_graph.hpp"

namespace aqlsim::taskgraph {

// Errors about generated tasks (e.g. a missing cost) point here: there is no file to name.
inline SourceLocation generated_location() {
  static const SourceFile generated("generated graph");  // interned once, not per task
  return {generated, 0, 0};
}

inline TaskId add_generated_task(TaskGraph& graph, std::string id, std::string kernel) {
  return graph.add_task(
      TaskProps{.id = std::move(id), .kernel = std::move(kernel), .where = generated_location()});
}

}  // namespace aqlsim::taskgraph
