#include "taskgraph/lowering.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "config/parse_integer.hpp"
#include "hsa_model/aql_packet.hpp"
#include "taskgraph/chains.hpp"
#include "taskgraph/levels.hpp"

namespace aqlsim::taskgraph {
namespace {

// Tasks in the order every queue follows: by level, then higher rank first (ranks the same
// within rank_priorities' tolerance tie), then id. The keys are gathered first: reading them
// through the graph was most of the sort's time.
std::vector<TaskId> global_order(const TaskGraph& graph, const std::vector<std::uint32_t>& priority,
                                 const std::vector<std::size_t>& level) {
  struct Key {
    std::size_t level;
    std::uint32_t priority;
    std::string_view id;
    TaskId task;
  };
  std::vector<Key> keys;
  keys.reserve(graph.size());
  for (TaskId t = 0; t < graph.size(); ++t)
    keys.push_back({level[t], priority[t], graph.task(t).id, t});
  std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
    if (a.level != b.level) return a.level < b.level;
    if (a.priority != b.priority) return a.priority > b.priority;
    return a.id < b.id;
  });
  std::vector<TaskId> order;
  order.reserve(keys.size());
  for (const Key& k : keys)
    order.push_back(k.task);
  return order;
}

struct Assignment {
  std::vector<std::size_t> queue_of;     // by TaskId
  std::vector<std::string> queue_names;  // by queue
};

Assignment assign(const TaskGraph& graph, const LoweringOptions& o,
                  const std::vector<TaskId>& order, const std::vector<std::uint32_t>& priority,
                  const std::vector<std::size_t>& level) {
  Assignment a;
  a.queue_of.resize(graph.size());
  switch (o.lowering.strategy) {
    case Lowering::Strategy::per_task: {
      const bool listed = o.queue_order == QueueOrder::listed;
      for (std::size_t i = 0; i < order.size(); ++i) {
        const TaskId t = listed ? static_cast<TaskId>(i) : order[i];
        a.queue_of[t] = i;
        a.queue_names.push_back("q_" + graph.task(t).id);
      }
      break;
    }
    case Lowering::Strategy::chains: {
      auto chains = chain_decomposition(graph, priority);
      if (o.queue_order == QueueOrder::listed) {
        std::stable_sort(chains.begin(), chains.end(),
                         [](const Chain& x, const Chain& y) { return x.front() < y.front(); });
      }
      for (std::size_t c = 0; c < chains.size(); ++c) {
        for (const TaskId t : chains[c])
          a.queue_of[t] = c;
        a.queue_names.push_back(fmt::format("chain{}", c));
      }
      break;
    }
    case Lowering::Strategy::round_robin:
      for (std::size_t i = 0; i < order.size(); ++i)
        a.queue_of[order[i]] = i % o.lowering.queues;
      for (std::size_t q = 0; q < std::min(o.lowering.queues, order.size()); ++q) {
        a.queue_names.push_back(fmt::format("rr{}", q));
      }
      break;
    case Lowering::Strategy::by_level: {
      for (TaskId t = 0; t < graph.size(); ++t)
        a.queue_of[t] = level[t];
      const std::size_t levels = level.empty() ? 0 : std::ranges::max(level) + 1;
      for (std::size_t l = 0; l < levels; ++l)
        a.queue_names.push_back(fmt::format("level{}", l));
      break;
    }
  }
  return a;
}

PacketSpec dispatch_packet(const TaskProps& task, const LoweringOptions& o, bool barrier,
                           std::uint32_t priority) {
  PacketSpec p;
  p.kind = PacketSpec::Kind::dispatch;
  p.name = task.id;
  p.kernel = task.kernel.empty() ? o.default_kernel : task.kernel;
  if (task.workgroups) p.workgroups = static_cast<std::uint64_t>(*task.workgroups);
  p.barrier = barrier;
  p.priority = priority;
  p.where = task.where;
  return p;
}

// Barrier-AND packets that wait for `deps`, five at a time.
void add_barriers(QueueSpec& queue, const TaskProps& task, const std::vector<std::string>& deps,
                  std::uint32_t priority) {
  for (std::size_t first = 0, n = 0; first < deps.size(); first += kBarrierDependencies, ++n) {
    PacketSpec b;
    b.kind = PacketSpec::Kind::barrier_and;
    b.name = fmt::format("{}.wait{}", task.id, n);
    const auto last = std::min(deps.size(), first + kBarrierDependencies);
    b.depends_on.assign(deps.begin() + static_cast<std::ptrdiff_t>(first),
                        deps.begin() + static_cast<std::ptrdiff_t>(last));
    b.priority = priority;
    b.where = task.where;
    queue.packets.push_back(std::move(b));
  }
}

}  // namespace

std::optional<QueueOrder> parse_queue_order(std::string_view text) {
  if (text == "listed") return QueueOrder::listed;
  if (text == "level") return QueueOrder::level;
  return std::nullopt;
}

std::optional<Lowering> parse_lowering(std::string_view text) {
  if (text == "per-task") return Lowering{Lowering::Strategy::per_task, 0};
  if (text == "chains") return Lowering{Lowering::Strategy::chains, 0};
  if (text == "by-level") return Lowering{Lowering::Strategy::by_level, 0};
  constexpr std::string_view kRoundRobin = "round-robin:";
  if (!text.starts_with(kRoundRobin)) return std::nullopt;
  // Decimal or 0x, as every integer aqlsim reads.
  const auto queues = parse_integer(text.substr(kRoundRobin.size()), 1, INT64_MAX);
  if (!queues) return std::nullopt;
  return Lowering{Lowering::Strategy::round_robin, static_cast<std::size_t>(*queues)};
}

std::string to_string(const Lowering& lowering) {
  switch (lowering.strategy) {
    case Lowering::Strategy::per_task:
      return "per-task";
    case Lowering::Strategy::chains:
      return "chains";
    case Lowering::Strategy::round_robin:
      return fmt::format("round-robin:{}", lowering.queues);
    case Lowering::Strategy::by_level:
      return "by-level";
  }
  return "?";
}

std::vector<std::uint32_t> rank_priorities(const std::vector<double>& ranks) {
  std::vector<double> distinct = ranks;
  std::sort(distinct.begin(), distinct.end());
  // Relative to the larger of the two, with no absolute floor: a rank sums costs of 0 or more
  // along a path, so its rounding is relative to itself whatever the unit of the costs (a floor
  // of 1e-9 tied every rank below 1e-9 in a graph of costs in seconds).
  const auto same = [](double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
  };
  distinct.erase(std::unique(distinct.begin(), distinct.end(), same), distinct.end());
  // A rank's priority is the first distinct value the same as it: the last one not above it,
  // which began its run in `unique`. None before that is the same as it: it is further from the
  // rank than from its successor, which it was not the same as, and the tolerance grows by only
  // 1e-9 of that extra distance.
  std::vector<std::uint32_t> priorities;
  priorities.reserve(ranks.size());
  for (const double r : ranks) {
    const auto it = std::upper_bound(distinct.begin(), distinct.end(), r);
    priorities.push_back(static_cast<std::uint32_t>(it - distinct.begin()));
  }
  return priorities;
}

std::vector<QueueSpec> lower_graph(const TaskGraph& graph, const LoweringOptions& o) {
  if (graph.size() == 0) return {};
  const std::vector<std::size_t> level = levels(graph);
  const std::vector<std::uint32_t> priority = rank_priorities(o.ranks);
  const std::vector<TaskId> order = global_order(graph, priority, level);
  const Assignment a = assign(graph, o, order, priority, level);

  std::vector<QueueSpec> queues(a.queue_names.size());
  for (std::size_t q = 0; q < queues.size(); ++q) {
    queues[q].name = a.queue_names[q];
    queues[q].size = o.queue_size;
    queues[q].priority = 0;
  }
  // Room for every queue's packets, so that they are not moved as the queue grows: a dispatch
  // per task and at most a barrier per five predecessors.
  std::vector<std::size_t> room(queues.size(), 0);
  for (TaskId t = 0; t < graph.size(); ++t) {
    const std::size_t waits = boost::in_degree(t, graph.graph());
    room[a.queue_of[t]] += 1 + (waits + kBarrierDependencies - 1) / kBarrierDependencies;
  }
  for (std::size_t q = 0; q < queues.size(); ++q)
    queues[q].packets.reserve(room[q]);
  for (const TaskId t : order) {
    QueueSpec& queue = queues[a.queue_of[t]];
    std::vector<std::string> elsewhere;
    bool same_queue = false;
    for (const TaskId p : graph.predecessors(t)) {
      if (a.queue_of[p] == a.queue_of[t]) {
        same_queue = true;
      } else {
        elsewhere.push_back(graph.task(p).id);
      }
    }
    std::sort(elsewhere.begin(), elsewhere.end());
    add_barriers(queue, graph.task(t), elsewhere, priority[t]);
    queue.packets.push_back(dispatch_packet(graph.task(t), o, same_queue, priority[t]));
    queue.priority = std::max(queue.priority, priority[t]);
    if (queue.where.file.empty()) queue.where = graph.task(t).where;
  }
  return queues;
}

}  // namespace aqlsim::taskgraph
