#pragma once
// Lowering a task graph onto HSA queues. Each task becomes a kernel dispatch packet. A task
// that depends on tasks in other queues is preceded by barrier-AND packets on their completion
// signals (at most five per packet, so more dependencies chain several); one that depends on a
// task in its own queue carries the barrier bit. Every queue holds its tasks in one global
// topological order (level, then rank, then id), so no queue can wait on a task queued behind
// it elsewhere: the lowering never deadlocks.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scenario/scenario.hpp"
#include "taskgraph/task_graph.hpp"

namespace aqlsim::taskgraph {

struct Lowering {
  enum class Strategy {
    per_task,     // one queue per task
    chains,       // one queue per chain of a chain decomposition (Puthoor et al. figure 3d)
    round_robin,  // `queues` queues, tasks dealt out in the global order
    by_level,     // one queue per level
  };
  Strategy strategy = Strategy::per_task;
  std::size_t queues = 0;  // for round_robin
};

// The order queues are created in, which round-robin mapping follows (per-task and chains).
enum class QueueOrder {
  listed,  // as the tasks are listed (file or generator order): how an application creates them
  level,   // by level, then rank: a topological order
};

struct LoweringOptions {
  Lowering lowering;
  QueueOrder queue_order = QueueOrder::listed;
  std::vector<double> ranks;   // HEFT upward rank of each task, by TaskId
  std::string default_kernel;  // for tasks that name none
  std::uint32_t queue_size = 64;
};

// "listed" or "level".
std::optional<QueueOrder> parse_queue_order(std::string_view text);

// "per-task", "chains", "round-robin:K" or "by-level".
std::optional<Lowering> parse_lowering(std::string_view text);
std::string to_string(const Lowering& lowering);

// Queues with their packets. A packet's priority is its task's rank turned into an integer
// (see rank_priorities); a queue's priority is the highest among its tasks.
std::vector<QueueSpec> lower_graph(const TaskGraph& graph, const LoweringOptions& options);

// Ranks as integer priorities: 1 for the lowest distinct rank, 2 for the next, and so on, so
// that order is kept exactly (ranks within 1e-9 of the larger, relative, count as equal).
std::vector<std::uint32_t> rank_priorities(const std::vector<double>& ranks);

}  // namespace aqlsim::taskgraph
