// What lowering a task graph onto queues costs (`aqlsim validate` and `run` do it before
// simulating), for each strategy on two 100,000-task graphs: the layered random DAG of
// scripts/scale.sh (wide: about 320 levels) and a chain (100,000 levels). `chains` copied its
// comparator's per-task levels at every copy std::sort made, and `by-level` searched for the
// deepest level at every level, so each took seconds; both are linear now.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "taskgraph/generators.hpp"
#include "taskgraph/lowering.hpp"
#include "taskgraph/ranks.hpp"

namespace aqlsim::taskgraph {
namespace {

constexpr std::size_t kTasks = 100'000;

TaskGraph layered() {
  return layered_random({.n = kTasks, .density = 0.01, .seed = 3}, "k");
}

TaskGraph long_chain() {
  return chain(kTasks, "k");
}

void lowering(benchmark::State& state, TaskGraph (*make)(), const std::string& strategy) {
  const TaskGraph graph = make();
  LoweringOptions options;
  options.lowering = *parse_lowering(strategy);
  options.ranks = upward_ranks(graph, unit_cost, false);
  options.default_kernel = "k";
  for (auto _ : state)
    benchmark::DoNotOptimize(lower_graph(graph, options));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(graph.size()));
}

// e.g. BM_Lowering/layered/chains
const bool kRegistered = [] {
  for (const auto& [name, make] :
       {std::pair{"layered", &layered}, std::pair{"chain", &long_chain}}) {
    for (const char* strategy : {"per-task", "chains", "round-robin:1024", "by-level"}) {
      const std::string label = std::string("BM_Lowering/") + name + "/" + strategy;
      benchmark::RegisterBenchmark(label.c_str(), lowering, make, std::string(strategy))
          ->Unit(benchmark::kMillisecond);
    }
  }
  return true;
}();

}  // namespace
}  // namespace aqlsim::taskgraph

BENCHMARK_MAIN();
