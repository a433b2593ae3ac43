#include "taskgraph/task_graph.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/graph/depth_first_search.hpp>
#include <boost/graph/topological_sort.hpp>
#include <cmath>
#include <iterator>

#include "config/limits.hpp"

namespace aqlsim::taskgraph {
namespace {

using Edge = Graph::edge_descriptor;

// Thrown from inside the depth-first search to stop it at the first back edge (the way Boost's
// documentation suggests ending a search early).
struct BackEdge {
  TaskId from;
  TaskId to;
};

// Records the DFS tree so that a back edge u -> v (v an ancestor of u) can be turned into the
// cycle v -> ... -> u -> v. Boost copies visitors, so the tree lives outside.
class BackEdgeFinder : public boost::default_dfs_visitor {
 public:
  explicit BackEdgeFinder(std::vector<TaskId>& parent) : parent_(&parent) {}
  void tree_edge(Edge e, const Graph& g) { (*parent_)[boost::target(e, g)] = boost::source(e, g); }
  void back_edge(Edge e, const Graph& g) {
    throw BackEdge{boost::source(e, g), boost::target(e, g)};
  }

 private:
  std::vector<TaskId>* parent_;
};

// The tasks of one cycle, in edge order, first task repeated at the end.
std::vector<TaskId> find_cycle(const Graph& g) {
  std::vector<TaskId> parent(boost::num_vertices(g));
  try {
    boost::depth_first_search(g, boost::visitor(BackEdgeFinder(parent)));
  } catch (const BackEdge& back) {
    std::vector<TaskId> cycle{back.to};
    for (TaskId t = back.from; t != back.to; t = parent[t])
      cycle.push_back(t);
    std::reverse(cycle.begin() + 1, cycle.end());
    cycle.push_back(back.to);
    return cycle;
  }
  return {};
}

// Costs are read by each loader; the limit that keeps their sums finite is checked here, where
// every graph is built (NaN fails both comparisons). `owner` names the task or edge, made only
// for the message.
template <class Owner>
void check_cost(double cost, const SourceLocation& where, Owner owner) {
  if (cost >= 0 && cost <= limits::kMaxCost) return;
  // The loaders keep the number, not its text: 1e400 has become infinity.
  const std::string found =
      std::isinf(cost) ? "a number beyond a double's range" : fmt::format("{}", cost);
  throw InputError(where, fmt::format("{}: expected a cost from 0 to {:g} (the limit), found {}",
                                      owner(), limits::kMaxCost, found));
}

}  // namespace

TaskId TaskGraph::add_task(TaskProps task) {
  if (task.cost) {
    check_cost(*task.cost, task.where, [&] { return fmt::format("task '{}'", task.id); });
  }
  if (size() >= limits::kMaxGraphTasks) {
    throw InputError(task.where, fmt::format("a task graph has at most {} tasks (the limit)",
                                             limits::kMaxGraphTasks));
  }
  const auto [entry, added] = index_.try_emplace(task.id, size());
  if (!added) {
    throw InputError(task.where, fmt::format("duplicate task id '{}' (first defined at {})",
                                             task.id, graph_[entry->second].where.to_string()));
  }
  return boost::add_vertex(std::move(task), graph_);
}

void TaskGraph::add_edge(TaskId from, TaskId to, double comm_cost) {
  add_edge_at(from, to, comm_cost, graph_[to].where);
}

void TaskGraph::add_edge(std::string_view from, std::string_view to, const SourceLocation& where,
                         double comm_cost) {
  add_edge_at(resolve(from, from, to, where), resolve(to, from, to, where), comm_cost, where);
}

void TaskGraph::add_edge_at(TaskId from, TaskId to, double comm_cost, const SourceLocation& where) {
  if (from == to) throw InputError(where, fmt::format("task '{}' depends on itself", task(to).id));
  if (has_edge(from, to)) {
    throw InputError(where,
                     fmt::format("edge '{}' -> '{}' is given twice", task(from).id, task(to).id));
  }
  check_cost(comm_cost, where,
             [&] { return fmt::format("edge '{}' -> '{}'", task(from).id, task(to).id); });
  if (edge_count() >= limits::kMaxGraphEdges) {
    throw InputError(where, fmt::format("a task graph has at most {} edges (the limit)",
                                        limits::kMaxGraphEdges));
  }
  boost::add_edge(from, to, EdgeProps{comm_cost}, graph_);
}

void TaskGraph::add_edge(std::string_view from, TaskId to, const SourceLocation& where,
                         double comm_cost) {
  const std::string_view to_id = task(to).id;
  add_edge_at(resolve(from, from, to_id, where), to, comm_cost, where);
}

TaskId TaskGraph::resolve(std::string_view id, std::string_view from, std::string_view to,
                          const SourceLocation& where) const {
  if (auto t = find(id)) return *t;
  throw InputError(where, fmt::format("edge '{}' -> '{}' names unknown task '{}'", from, to, id));
}

std::optional<TaskId> TaskGraph::find(std::string_view id) const {
  if (auto it = index_.find(id); it != index_.end()) return it->second;
  return std::nullopt;
}

bool TaskGraph::has_edge(TaskId from, TaskId to) const {
  if (boost::out_degree(from, graph_) <= boost::in_degree(to, graph_))
    return boost::edge(from, to, graph_).second;
  const auto [first, last] = boost::in_edges(to, graph_);
  return std::any_of(first, last, [&](const auto& e) { return boost::source(e, graph_) == from; });
}

std::vector<TaskId> TaskGraph::topological_order() const {
  std::vector<TaskId> order;
  order.reserve(size());
  try {
    boost::topological_sort(graph_, std::back_inserter(order));
  } catch (const boost::not_a_dag&) {
    throw_cycle_error();
  }
  std::reverse(order.begin(), order.end());  // Boost writes the reverse order
  return order;
}

void TaskGraph::throw_cycle_error() const {
  const std::vector<TaskId> cycle = find_cycle(graph_);
  // A cycle through a million tasks made a message of 11 MB: the first few and the way back.
  constexpr std::size_t kNamed = 10;
  std::string path;
  for (std::size_t i = 0; i < cycle.size(); ++i) {
    if (i == kNamed && cycle.size() > kNamed + 2) {
      path += fmt::format(" -> ... ({} tasks more)", cycle.size() - kNamed - 2);
      i = cycle.size() - 2;
    }
    path += (path.empty() ? "" : " -> ") + task(cycle[i]).id;
  }
  throw InputError(task(cycle.front()).where, fmt::format("tasks form a cycle: {}", path));
}

std::vector<TaskId> TaskGraph::successors(TaskId t) const {
  const auto [first, last] = boost::adjacent_vertices(t, graph_);
  return {first, last};
}

std::vector<TaskId> TaskGraph::predecessors(TaskId t) const {
  const auto [first, last] = boost::inv_adjacent_vertices(t, graph_);
  return {first, last};
}

}  // namespace aqlsim::taskgraph
