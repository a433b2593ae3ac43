#include "taskgraph/chains.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "taskgraph/levels.hpp"

namespace aqlsim::taskgraph {
namespace {

// Orders tasks by preference: higher rank, then lower level, then smaller id. It refers to
// its figures rather than holding them: std::sort copies its comparator, and a copy of the
// levels each time made lowering 100,000 tasks take seconds.
class Preference {
 public:
  Preference(const TaskGraph& graph, const std::vector<std::uint32_t>& priority,
             const std::vector<std::size_t>& levels)
      : graph_(&graph), priority_(&priority), levels_(&levels) {}

  bool operator()(TaskId a, TaskId b) const {
    if ((*priority_)[a] != (*priority_)[b]) return (*priority_)[a] > (*priority_)[b];
    if ((*levels_)[a] != (*levels_)[b]) return (*levels_)[a] < (*levels_)[b];
    return graph_->task(a).id < graph_->task(b).id;
  }

 private:
  const TaskGraph* graph_;
  const std::vector<std::uint32_t>* priority_;
  const std::vector<std::size_t>* levels_;
};

std::optional<TaskId> best_unassigned(const std::vector<TaskId>& candidates,
                                      const std::vector<bool>& assigned, const Preference& better) {
  std::optional<TaskId> best;
  for (const TaskId t : candidates) {
    if (!assigned[t] && (!best || better(t, *best))) best = t;
  }
  return best;
}

}  // namespace

std::vector<Chain> chain_decomposition(const TaskGraph& graph,
                                       const std::vector<std::uint32_t>& priority) {
  if (priority.size() != graph.size()) {
    throw std::invalid_argument("chain_decomposition: one priority per task expected");
  }
  const std::vector<std::size_t> level = levels(graph);
  const Preference better(graph, priority, level);
  std::vector<TaskId> by_preference(graph.size());
  for (TaskId t = 0; t < graph.size(); ++t)
    by_preference[t] = t;
  std::sort(by_preference.begin(), by_preference.end(), better);

  std::vector<bool> assigned(graph.size(), false);
  std::vector<Chain> chains;
  for (const TaskId start : by_preference) {
    if (assigned[start]) continue;
    Chain& chain = chains.emplace_back();
    for (std::optional<TaskId> t = start; t;
         t = best_unassigned(graph.successors(*t), assigned, better)) {
      assigned[*t] = true;
      chain.push_back(*t);
    }
  }
  return chains;
}

}  // namespace aqlsim::taskgraph
