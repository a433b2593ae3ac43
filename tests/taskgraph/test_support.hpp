#pragma once
// Helpers shared by the task-graph tests.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "config/input_error.hpp"
#include "taskgraph/task_graph.hpp"
#include "tests/support/input_error.hpp"

namespace aqlsim::taskgraph::testing {

using aqlsim::testing::error_of;

inline std::string data_path(std::string_view file) {
  return std::string(AQLSIM_SOURCE_DIR) + "/tests/taskgraph/data/" + std::string(file);
}

inline TaskId task_named(const TaskGraph& graph, std::string_view id) {
  const auto t = graph.find(id);
  if (!t) throw std::out_of_range("no task " + std::string(id));
  return *t;
}

inline std::vector<std::string> ids(const TaskGraph& graph, const std::vector<TaskId>& tasks) {
  std::vector<std::string> out;
  for (const TaskId t : tasks)
    out.push_back(graph.task(t).id);
  return out;
}

// A per-task vector (ranks, levels) keyed by task id, for readable expectations.
template <class T>
std::map<std::string, T> by_id(const TaskGraph& graph, const std::vector<T>& values) {
  std::map<std::string, T> out;
  for (TaskId t = 0; t < graph.size(); ++t)
    out[graph.task(t).id] = values.at(t);
  return out;
}

using EdgeSet = std::set<std::pair<std::string, std::string>>;

inline EdgeSet edge_set(const TaskGraph& graph) {
  EdgeSet out;
  for (TaskId t = 0; t < graph.size(); ++t) {
    for (const TaskId next : graph.successors(t))
      out.emplace(graph.task(t).id, graph.task(next).id);
  }
  return out;
}

}  // namespace aqlsim::taskgraph::testing
