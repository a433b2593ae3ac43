#include "taskgraph/levels.hpp"

#include <algorithm>
#include <boost/range/iterator_range.hpp>

namespace aqlsim::taskgraph {

std::vector<std::size_t> levels(const TaskGraph& graph) {
  std::vector<std::size_t> level(graph.size(), 0);
  for (const TaskId t : graph.topological_order()) {
    for (const TaskId next : boost::make_iterator_range(boost::adjacent_vertices(t, graph.graph())))
      level[next] = std::max(level[next], level[t] + 1);
  }
  return level;
}

std::vector<std::vector<TaskId>> tasks_by_level(const TaskGraph& graph) {
  const std::vector<std::size_t> level = levels(graph);
  std::vector<std::vector<TaskId>> groups;
  for (TaskId t = 0; t < level.size(); ++t) {
    if (level[t] >= groups.size()) groups.resize(level[t] + 1);
    groups[level[t]].push_back(t);
  }
  return groups;
}

}  // namespace aqlsim::taskgraph
