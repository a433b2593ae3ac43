#pragma once
// A task graph: a DAG of kernel launches. Stored as a Boost.Graph adjacency list with bundled
// properties so Boost's algorithms run on it directly; the wrapper adds lookup by task id and
// turns every structural mistake (duplicate id, unknown id, self-loop, repeated edge, cycle)
// into an InputError that names the tasks involved.
#include <boost/graph/adjacency_list.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "config/input_error.hpp"

namespace aqlsim::taskgraph {

// Every member has an initializer so that designated initializers may leave any of them out.
struct TaskProps {
  std::string id{};
  std::string kernel{};          // kernel profile name; empty when the source has none
  std::optional<double> cost{};  // explicit computation cost (HEFT's w̄), caller's unit
  std::optional<std::int64_t> workgroups{};  // grid size override for the kernel launch
  SourceLocation where{};                    // where the task was defined, for error messages
};

struct EdgeProps {
  double comm_cost = 0;  // HEFT's c̄: communication cost between the two tasks
};

using Graph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, TaskProps, EdgeProps>;
using TaskId = Graph::vertex_descriptor;  // dense: 0 .. size()-1, in insertion order

class TaskGraph {
 public:
  // Throws InputError at `task.where` if the id is already taken, the cost is not from 0 to
  // limits::kMaxCost or the graph already has limits::kMaxGraphTasks tasks.
  TaskId add_task(TaskProps task);
  // `from` must finish before `to` starts. Self-loops, repeated edges, a cost not from 0 to
  // limits::kMaxCost and an edge beyond limits::kMaxGraphEdges are errors, reported at the
  // target task's definition.
  void add_edge(TaskId from, TaskId to, double comm_cost = 0);
  // The same by id; unknown ids, self-loops and repeated edges are reported at `where`.
  void add_edge(std::string_view from, std::string_view to, const SourceLocation& where,
                double comm_cost = 0);
  // The same with the target known (a task's own `after` list).
  void add_edge(std::string_view from, TaskId to, const SourceLocation& where,
                double comm_cost = 0);

  std::optional<TaskId> find(std::string_view id) const;
  const TaskProps& task(TaskId t) const { return graph_[t]; }
  std::size_t size() const { return boost::num_vertices(graph_); }
  std::size_t edge_count() const { return boost::num_edges(graph_); }

  // Every task after all of its predecessors. A cycle is an InputError naming its tasks,
  // reported at the definition of the first task on it.
  std::vector<TaskId> topological_order() const;
  void check_acyclic() const { topological_order(); }

  // Looks through the shorter of `from`'s successors and `to`'s predecessors: a task with
  // 200,000 successors (a root every task lists) made building its graph quadratic.
  bool has_edge(TaskId from, TaskId to) const;
  std::vector<TaskId> successors(TaskId t) const;
  std::vector<TaskId> predecessors(TaskId t) const;

  const Graph& graph() const { return graph_; }

 private:
  void add_edge_at(TaskId from, TaskId to, double comm_cost, const SourceLocation& where);
  // Task `id`, named by the edge from -> to (for the error when there is none).
  TaskId resolve(std::string_view id, std::string_view from, std::string_view to,
                 const SourceLocation& where) const;
  [[noreturn]] void throw_cycle_error() const;

  Graph graph_;
  // By id, hashed, looked up by string_view (every edge of a large graph names two tasks).
  struct IdHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view id) const { return std::hash<std::string_view>{}(id); }
  };
  std::unordered_map<std::string, TaskId, IdHash, std::equal_to<>> index_;
};

// A task's computation cost as an algorithm needs it (HEFT's w̄).
using TaskCostFn = std::function<double(const TaskProps&)>;

}  // namespace aqlsim::taskgraph
