#include "taskgraph/ranks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <boost/range/iterator_range.hpp>
#include <cmath>
#include <utility>

namespace aqlsim::taskgraph {
namespace {

constexpr std::array<std::pair<std::string_view, CostMode>, 3> kCostModeNames{{
    {"unit", CostMode::unit},
    {"estimated", CostMode::estimated},
    {"explicit", CostMode::explicit_},
}};

}  // namespace

std::optional<CostMode> parse_cost_mode(std::string_view text) {
  for (const auto& [name, mode] : kCostModeNames) {
    if (name == text) return mode;
  }
  return std::nullopt;
}

std::string_view to_string(CostMode mode) {
  for (const auto& [name, named_mode] : kCostModeNames) {
    if (named_mode == mode) return name;
  }
  return "?";
}

double unit_cost(const TaskProps&) {
  return 1.0;
}

double explicit_cost(const TaskProps& task) {
  if (task.cost) return *task.cost;
  throw InputError(
      task.where,
      fmt::format("task '{}' has no cost (cost mode 'explicit' needs one on every task)", task.id));
}

std::vector<double> upward_ranks(const TaskGraph& graph, const TaskCostFn& task_cost,
                                 bool use_edge_costs) {
  const Graph& g = graph.graph();
  const std::vector<TaskId> order = graph.topological_order();
  std::vector<double> rank(graph.size(), 0.0);
  // Reverse topological order: every successor's rank is final before it is used.
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    double longest_tail = 0.0;
    for (const auto& e : boost::make_iterator_range(boost::out_edges(*it, g))) {
      const double comm = use_edge_costs ? g[e].comm_cost : 0.0;
      longest_tail = std::max(longest_tail, comm + rank[boost::target(e, g)]);
    }
    rank[*it] = task_cost(g[*it]) + longest_tail;
    // Loaded costs are limited so that this cannot happen; an estimate or a caller's cost is
    // not, and an infinite rank would tie with every other one.
    if (!std::isfinite(rank[*it])) {
      throw InputError(g[*it].where, fmt::format("the upward rank of task '{}' is not finite (a "
                                                 "sum of costs overflows)",
                                                 g[*it].id));
    }
  }
  return rank;
}

}  // namespace aqlsim::taskgraph
