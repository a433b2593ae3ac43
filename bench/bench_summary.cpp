// What summarising a comparison costs (`compare`'s table, `merge`): the runs of a sweep with many
// points, grouped by (point, policy). Each run was compared with every row before: 200,000 runs
// over 40,000 rows took 201 s, now 0.19 s.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "experiment/compare.hpp"

namespace aqlsim {
namespace {

// `points` sweep points x 2 policies x 5 workloads, every run completed and measured.
std::vector<RunSummary> sweep_runs(std::size_t points) {
  std::vector<RunSummary> runs;
  for (std::size_t p = 0; p < points; ++p) {
    for (const char* policy : {"fifo", "srtf"}) {
      for (int w = 0; w < 5; ++w) {
        RunSummary r;
        r.run = runs.size();
        r.workload = "w" + std::to_string(w);
        r.point = {std::to_string(p), std::to_string(p % 7)};
        r.policy = policy;
        r.makespan_us = 100.0 + static_cast<double>(runs.size() % 13);
        r.metrics = {.stp = 1.5, .antt = 1.2, .fairness = 0.9, .dntt = 0.1};
        runs.push_back(std::move(r));
      }
    }
  }
  return runs;
}

void BM_Summarise(benchmark::State& state) {
  const std::vector<RunSummary> runs = sweep_runs(static_cast<std::size_t>(state.range(0)));
  ExperimentSpec spec;
  spec.baseline = "fifo";
  for (auto _ : state)
    benchmark::DoNotOptimize(summarise(spec, runs));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(runs.size()));
}

BENCHMARK(BM_Summarise)->Arg(2'000)->Arg(20'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace aqlsim

BENCHMARK_MAIN();
