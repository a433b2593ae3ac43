#include "taskgraph/stats.hpp"

#include <algorithm>

#include "taskgraph/levels.hpp"
#include "taskgraph/ranks.hpp"

namespace aqlsim::taskgraph {

GraphStats graph_stats(const TaskGraph& graph) {
  const Graph& g = graph.graph();
  GraphStats stats{.tasks = graph.size(), .edges = graph.edge_count()};
  for (const auto& level : tasks_by_level(graph)) {
    ++stats.depth;
    stats.width = std::max(stats.width, level.size());
  }
  for (TaskId t = 0; t < graph.size(); ++t) {
    if (boost::in_degree(t, g) == 0) ++stats.sources;
    if (boost::out_degree(t, g) == 0) ++stats.sinks;
  }
  return stats;
}

double critical_path_length(const TaskGraph& graph, const TaskCostFn& task_cost,
                            bool use_edge_costs) {
  // A task's upward rank is the heaviest path starting at it, so the largest rank is the
  // heaviest path of the graph.
  const std::vector<double> ranks = upward_ranks(graph, task_cost, use_edge_costs);
  return ranks.empty() ? 0.0 : *std::max_element(ranks.begin(), ranks.end());
}

}  // namespace aqlsim::taskgraph
