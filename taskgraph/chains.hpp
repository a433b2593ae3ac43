#pragma once
// Chain decomposition: a partition of the tasks into paths of the DAG, so that each path can
// go to one queue in order (the Puthoor et al. paper, figure 3(d), gives each queue a path).
#include <cstdint>
#include <vector>

#include "taskgraph/task_graph.hpp"

namespace aqlsim::taskgraph {

using Chain = std::vector<TaskId>;  // consecutive tasks are joined by an edge

// Greedy: start a chain at the unassigned task of highest rank, then repeatedly follow the
// unassigned successor of highest rank until there is none. Ties go to the lower level, then
// to the smaller id, so the result does not depend on the order tasks were added. The first
// chain is therefore a critical path when the ranks are upward ranks.
// `priority` is the ranks as rank_priorities gives them (ranks the same within its tolerance
// tie), indexed by TaskId. Throws InputError on a cycle.
std::vector<Chain> chain_decomposition(const TaskGraph& graph,
                                       const std::vector<std::uint32_t>& priority);

}  // namespace aqlsim::taskgraph
