#pragma once
// What the graph tools do with a graph that loaded: levels, statistics, HEFT ranks, chains and
// every lowering onto queues. Shared by the DOT and STG fuzz targets; an InputError is an
// expected answer (a cycle, a task without a cost), anything else reaches libFuzzer.
#include <cstddef>
#include <cstdint>
#include <string>

#include "config/input_error.hpp"
#include "taskgraph/chains.hpp"
#include "taskgraph/levels.hpp"
#include "taskgraph/lowering.hpp"
#include "taskgraph/ranks.hpp"
#include "taskgraph/stats.hpp"
#include "taskgraph/task_graph.hpp"

namespace aqlsim::fuzz {

inline void check_graph(const taskgraph::TaskGraph& graph) {
  using namespace taskgraph;
  try {
    graph.check_acyclic();
    levels(graph);
    tasks_by_level(graph);
    graph_stats(graph);
    critical_path_length(graph, unit_cost, false);
    const std::vector<double> ranks = upward_ranks(graph, unit_cost, false);
    chain_decomposition(graph, rank_priorities(ranks));
    for (const char* strategy : {"per-task", "chains", "round-robin:3", "by-level"}) {
      LoweringOptions options;
      options.lowering = *parse_lowering(strategy);
      options.ranks = ranks;
      options.default_kernel = "k";
      lower_graph(graph, options);
    }
    // The explicit costs as read (an InputError for a task without one).
    const std::vector<double> weighted = upward_ranks(graph, explicit_cost, true);
    critical_path_length(graph, explicit_cost, true);
    chain_decomposition(graph, rank_priorities(weighted));
  } catch (const InputError&) {
  }
}

// One input of a loader target: bytes as a graph file, then check_graph if it loaded.
template <class Loader>
int fuzz_graph_loader(const std::uint8_t* data, std::size_t size, Loader load,
                      const std::string& name) {
  taskgraph::TaskGraph graph;
  try {
    graph = load(std::string(reinterpret_cast<const char*>(data), size), name);
  } catch (const InputError&) {
    return 0;
  }
  check_graph(graph);
  return 0;
}

}  // namespace aqlsim::fuzz
