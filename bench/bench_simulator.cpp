// Simulation speed: events and work-groups simulated per second of host time.
//   cmake --build build-release --target bench_simulator && ./build-release/bench/bench_simulator
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <memory>

#include "queue_sched/slicing_observer.hpp"
#include "scenario/alone_runs.hpp"
#include "scenario/build_model.hpp"
#include "scenario/device_presets.hpp"

namespace aqlsim {
namespace {

// 100,000 work-groups: 10 queues of `per_queue` dispatches of one kernel, on the CDNA preset
// (120 CUs). By default 100 kernels of 1000 work-groups each.
Scenario hundred_kernels(const std::string& thread_block, double rsd,
                         WorkgroupTiming timing = WorkgroupTiming::at_dispatch,
                         int per_queue = 10) {
  Scenario s;
  s.device = *find_device_preset("cdna");
  s.device.cu.timing = timing;
  s.policies.thread_block = thread_block;
  KernelProfile k;
  k.name = "k";
  k.workgroup_size = 256;
  k.vgprs = 32;
  k.workgroups = 100'000 / (10 * per_queue);
  k.duration = {
      .mean = 20 * kMicrosecond, .reference_residency = 0, .rsd = rsd, .contention = 0.25};
  s.kernels = {k};
  for (int q = 0; q < 10; ++q) {
    QueueSpec queue;
    queue.name = fmt::format("q{}", q);
    for (int i = 0; i < per_queue; ++i) {
      PacketSpec p;
      p.name = fmt::format("q{}.{}", q, i);
      p.kernel = "k";
      queue.packets.push_back(p);
    }
    s.queues.push_back(queue);
  }
  return s;
}

enum class Watch { nothing, predictor };  // Watch::predictor: as `aqlsim run` does beside fifo

void simulate(benchmark::State& state, const std::string& thread_block, double rsd,
              WorkgroupTiming timing = WorkgroupTiming::at_dispatch, Watch watch = Watch::nothing,
              int per_queue = 10) {
  const Scenario scenario = hundred_kernels(thread_block, rsd, timing, per_queue);
  std::uint64_t events = 0;
  std::uint64_t workgroups = 0;
  for (auto _ : state) {
    ModelOptions options;
    std::unique_ptr<SlicingObserver> predictor;
    if (watch == Watch::predictor) {
      predictor =
          std::make_unique<SlicingObserver>(scenario.device.compute_units, SliceMode::aware);
      options.observers.push_back(predictor.get());
    }
    BuiltModel model = build_model(scenario, options);
    const RunOutcome outcome = model.gpu->run();
    if (outcome.status != RunStatus::completed) {
      state.SkipWithError("run did not complete");
      break;  // SkipWithError does not end the loop
    }
    events += model.gpu->engine().events_processed();
    workgroups += model.gpu->workgroups_finished();
  }
  state.counters["events/s"] =
      benchmark::Counter(static_cast<double>(events), benchmark::Counter::kIsRate);
  state.counters["workgroups/s"] =
      benchmark::Counter(static_cast<double>(workgroups), benchmark::Counter::kIsRate);
  state.counters["events/workgroup"] =
      static_cast<double>(events) / static_cast<double>(workgroups);
}

void BM_HundredKernels_FifoBackfill(benchmark::State& state) {
  simulate(state, "fifo-backfill", 0.1);
}
void BM_HundredKernels_Fifo(benchmark::State& state) {
  simulate(state, "fifo", 0.1);
}
void BM_HundredKernels_NoSpread(benchmark::State& state) {
  simulate(state, "fifo-backfill", 0.0);
}
void BM_HundredKernels_ProcessorSharing(benchmark::State& state) {
  simulate(state, "fifo-backfill", 0.1, WorkgroupTiming::processor_sharing);
}
void BM_HundredKernels_PredictorWatching(benchmark::State& state) {
  simulate(state, "fifo-backfill", 0.1, WorkgroupTiming::at_dispatch, Watch::predictor);
}
// The same 100,000 work-groups as ten kernels of 10,000: the predictor's per-kernel costs (its
// tables, and every CU's first samples) spread over ten times as many blocks.
void BM_TenKernels_FifoBackfill(benchmark::State& state) {
  simulate(state, "fifo-backfill", 0.1, WorkgroupTiming::at_dispatch, Watch::nothing, 1);
}
void BM_TenKernels_PredictorWatching(benchmark::State& state) {
  simulate(state, "fifo-backfill", 0.1, WorkgroupTiming::at_dispatch, Watch::predictor, 1);
}
void BM_HundredKernels_MpMax(benchmark::State& state) {
  simulate(state, "mpmax", 0.1);
}
void BM_HundredKernels_Srtf(benchmark::State& state) {
  simulate(state, "srtf", 0.1);
}
void BM_HundredKernels_SrtfAdaptive(benchmark::State& state) {
  simulate(state, "srtf-adaptive", 0.1);
}

// One dispatch of 64 work-groups simulated on its own, as the alone runs behind T_SP do for
// every task of a task graph: the cost of building a model, running it and reading its
// turnaround (turnaround_of), per run.
void BM_AloneRun(benchmark::State& state) {
  Scenario s = hundred_kernels("fifo-backfill", 0.1);
  s.kernels[0].workgroups = 64;
  s.queues.resize(1);
  s.queues[0].packets.resize(1);
  for (auto _ : state)
    benchmark::DoNotOptimize(turnaround_of(s));
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_AloneRun)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_HundredKernels_FifoBackfill)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HundredKernels_Fifo)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HundredKernels_NoSpread)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HundredKernels_ProcessorSharing)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HundredKernels_PredictorWatching)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TenKernels_FifoBackfill)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TenKernels_PredictorWatching)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HundredKernels_MpMax)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HundredKernels_Srtf)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HundredKernels_SrtfAdaptive)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace aqlsim

BENCHMARK_MAIN();
