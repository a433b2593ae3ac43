// Simulation speed with preemption: what taking work back from the GPU costs in host time.
//   cmake --build build-release --target bench_preemption &&
//   ./build-release/bench/bench_preemption --benchmark_min_time=0.2 --benchmark_repetitions=5
//     --benchmark_report_aggregates_only=true
//
// persistent/*: ten persistent-thread kernels of 4000 tasks, each on its own queue, arriving
// 25 us apart on the CDNA preset, run by every kernel scheduler (kernel-rr with 50 us slices and
// kernel-frs with a 50 us minimum quantum, so kernels are evicted again and again; the others
// with their defaults) under each preemption mechanism, and with no kernel scheduler
// (persistent/none: the per-work-group cost without preemption). evicted_wgs/s counts work-groups
// stopped by context-save or kill (drain stops none: its workers finish their task);
// kernel_evictions/s counts kernels taken off the device.
//
// BM_Resident_*: one eviction against one work-group end. A device full of work-groups (960:
// 8 per CU) is evicted at once by a scripted kernel scheduler, and each phase of the run is
// timed on its own in the thread's CPU time (model building excluded), per work-group: placing them
// (ns/started), stopping them (ns/evicted, until nothing of the kernel is on the device), placing
// them again (ns/resumed, restores included) and their ends (ns/ended); ev/* are the events of each
// phase per work-group. Stopping is the eviction command withdrawing every work-group's end event
// (ns/withdrawn) and, with context-save, each context's arrival in memory, an event of its own
// (ns/saved; kill has none). (An evicted run's end event is withdrawn, so none is left behind to
// skip.) Every phase is timed as the engine steps alone (PhaseEnds). BM_FewAmongMany_*: the
// evicted kernel holds one work-group per CU among seven of a kernel that stays, so the eviction
// visits every work-group slot to find an eighth of them.
#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <malloc.h>
#include <time.h>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "hsa_model/kernel_control.hpp"
#include "hsa_model/occupancy.hpp"
#include "queue_sched/registry.hpp"
#include "scenario/build_model.hpp"
#include "scenario/device_presets.hpp"
#include "scenario/runner.hpp"
#include "scenario/scenario_reader.hpp"

namespace aqlsim {
namespace {

constexpr Tick us = kMicrosecond;

// How many work-groups of `k` one CU holds: its occupancy (8 for the kernels below on the CDNA
// preset, bound by VGPRs).
std::uint32_t occupancy_of(const DeviceSpec& device, const KernelProfile& k) {
  return occupancy(device.cu,
                   workgroup_demand(device, k.workgroup_size, k.vgprs, k.sgprs, k.lds_bytes))
      .max_residency;
}

KernelProfile task_kernel(std::string name, std::uint64_t workgroups, Tick mean, double rsd) {
  KernelProfile k;
  k.name = std::move(name);
  k.workgroup_size = 256;
  k.vgprs = 32;
  k.workgroups = workgroups;
  k.duration = {.mean = mean, .reference_residency = 0, .rsd = rsd, .contention = 0.25};
  return k;
}

// Counts what happens to work-groups; the benchmarks take differences across phases.
class WorkgroupCounter final : public ModelObserver {
 public:
  void on_workgroup_started(const KernelState&, const WorkgroupRecord&,
                            const ComputeUnit&) override {
    ++started;
  }
  void on_workgroup_finished(const KernelState&, const WorkgroupRecord&) override { ++finished; }
  void on_workgroup_evicted(const KernelState&, const WorkgroupRecord&, double) override {
    ++evicted;
  }
  void on_kernel_evicted(const KernelState&, Tick) override { ++kernel_evictions; }
  std::uint64_t started = 0;
  std::uint64_t finished = 0;
  std::uint64_t evicted = 0;
  std::uint64_t kernel_evictions = 0;
};

// ---------------------------------------------------------------------------------------------
// Ten persistent-thread kernels under a time-slicing kernel scheduler.

Scenario persistent_kernels(PreemptionMechanism mechanism, const std::string& kernel_policy) {
  Scenario s;
  s.device = *find_device_preset("cdna");
  // The default transfers (10 us each) cost 30 us per eviction and relaunch: the 50 us slices
  // below are longer, as run_scenario requires (checked in `persistent`).
  s.device.preemption.mechanism = mechanism;
  s.policies.kernel = kernel_policy;
  s.policies.params["kernel-rr"]["quantum_ms"] = 0.05;
  s.policies.params["kernel-frs"]["min_quantum_ms"] = 0.05;
  KernelProfile k = task_kernel("task", 4000, 40 * us, 0.1);
  k.persistent_workers_per_cu = occupancy_of(s.device, k);
  s.kernels = {k};
  for (int q = 0; q < 10; ++q) {
    QueueSpec queue;
    queue.name = fmt::format("q{}", q);
    PacketSpec p;
    p.name = fmt::format("q{}.0", q);
    p.kernel = "task";
    p.at = q * 25 * us;
    queue.packets.push_back(p);
    s.queues.push_back(queue);
  }
  return s;
}

void persistent(benchmark::State& state, PreemptionMechanism mechanism,
                const std::string& kernel_policy) {
  const Scenario scenario = persistent_kernels(mechanism, kernel_policy);
  try {
    check_preemption(scenario);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  // The offline figures a kernel scheduler is given, computed once as run_scenario would.
  const PolicyInfo* policy = find_policy(kernel_policy);
  const IsolatedRuntimes alone =
      policy->needs_isolated_runtimes ? isolated_runtimes(scenario) : IsolatedRuntimes{};
  const std::map<std::string, std::vector<Tick>> profiles =
      policy->needs_worker_profiles ? worker_profiles(scenario)
                                    : std::map<std::string, std::vector<Tick>>{};

  std::uint64_t events = 0;
  std::uint64_t workgroups = 0;
  std::uint64_t evicted = 0;
  std::uint64_t kernel_evictions = 0;
  for (auto _ : state) {
    WorkgroupCounter counter;
    BuiltModel model = build_model(
        scenario,
        {.observers = {&counter}, .isolated_runtimes = alone, .worker_profiles = profiles});
    const RunOutcome outcome = model.gpu->run();
    if (outcome.status != RunStatus::completed) {
      state.SkipWithError("run did not complete");
      break;  // SkipWithError does not end the loop
    }
    events += model.gpu->engine().events_processed();
    workgroups += model.gpu->workgroups_finished();
    evicted += counter.evicted;
    kernel_evictions += counter.kernel_evictions;
  }
  using benchmark::Counter;
  state.counters["events/s"] = Counter(static_cast<double>(events), Counter::kIsRate);
  state.counters["workgroups/s"] = Counter(static_cast<double>(workgroups), Counter::kIsRate);
  state.counters["evicted_wgs/s"] = Counter(static_cast<double>(evicted), Counter::kIsRate);
  state.counters["kernel_evictions/s"] =
      Counter(static_cast<double>(kernel_evictions), Counter::kIsRate);
  state.counters["evicted/finished"] =
      static_cast<double>(evicted) / static_cast<double>(workgroups);
  state.counters["events/workgroup"] =
      static_cast<double>(events) / static_cast<double>(workgroups);
}

// ---------------------------------------------------------------------------------------------
// One eviction against one work-group end.

// Launches every kernel on arrival. The kernel of queue 0 (the target) is then, 100 us after
// its launch (every work-group placed and running), evicted if `evict` (else left alone), and
// relaunched as soon as the eviction is reported; 100 us after that (every context restored,
// no work-group ended yet: they last about 1 ms) the run goes on to its end. `stage` tells the
// benchmark where the run is.
class EvictOnce final : public KernelScheduler {
 public:
  enum Stage { waiting, launched, settled, evicted, resettled };

  explicit EvictOnce(bool evict) : evict_(evict) {}
  std::string_view name() const override { return "evict-once"; }
  void on_arrival(KernelControl& c, KernelId k) override {
    c.launch(k);
    if (c.kernel(k).queue != 0) return;
    target_ = k;
    stage = launched;
    c.set_timer(c.now() + kSettle);
  }
  void on_timer(KernelControl& c) override {
    if (stage == launched) {
      stage = settled;
      if (evict_) c.evict(target_);
    } else if (stage == evicted) {
      stage = resettled;
    }
  }
  void on_evicted(KernelControl& c, KernelId k) override {
    stage = evicted;
    c.launch(k);
    c.set_timer(c.now() + kSettle);
  }
  void on_completed(KernelControl&, KernelId) override {}

  Stage stage = waiting;

 private:
  static constexpr Tick kSettle = 100 * us;
  bool evict_;
  KernelId target_ = 0;
};

// A queue named after `kernel` that dispatches it once, at time 0, from a packet of that name.
QueueSpec one_dispatch(const std::string& kernel) {
  QueueSpec queue;
  queue.name = kernel;
  PacketSpec p;
  p.name = kernel;
  p.kernel = kernel;
  queue.packets.push_back(p);
  return queue;
}

// `workers` work-groups per CU of the target kernel (all 960 of its grid fit at once when it is
// the occupancy); the rest of each CU is filled by a second kernel that is never evicted.
Scenario resident(PreemptionMechanism mechanism, std::uint32_t workers) {
  Scenario s;
  s.device = *find_device_preset("cdna");
  s.device.preemption.mechanism = mechanism;
  // rsd 0.01: every work-group lasts 1 ms +- a few per cent.
  KernelProfile target = task_kernel("target", 0, kMillisecond, 0.01);
  const std::uint32_t per_cu = occupancy_of(s.device, target);
  target.workgroups = std::uint64_t{workers} * s.device.compute_units;
  target.persistent_workers_per_cu = workers;
  s.kernels = {target};
  s.queues.push_back(one_dispatch("target"));
  if (workers < per_cu) {
    KernelProfile other = task_kernel("other", 0, 2 * kMillisecond, 0.01);  // ends after all
    other.workgroups = std::uint64_t{per_cu - workers} * s.device.compute_units;
    other.persistent_workers_per_cu = per_cu - workers;
    s.kernels.push_back(other);
    s.queues.push_back(one_dispatch("other"));
  }
  return s;
}

// The phases of one run, as numbers of events processed when each ends. The run is
// deterministic, so they are found once, with a condition per phase checked before every event,
// and the timed runs then step the engine to them: no phase pays for a check per event (a
// std::function call, about 1 ns, which the end phase, run to completion, never paid).
struct PhaseEnds {
  std::uint64_t launched = 0, settled = 0, withdrawn = 0, saved = 0, evicted = 0, resettled = 0;
};

// Builds the model of `scenario` with `counter` watching and the EvictOnce script in charge.
BuiltModel scripted_model(const Scenario& scenario, WorkgroupCounter& counter, bool evict,
                          EvictOnce*& script) {
  ModelOptions options;
  options.observers = {&counter};
  BuiltModel model = build_model(scenario, options);
  auto owned = std::make_unique<EvictOnce>(evict);
  script = owned.get();
  model.gpu->set_kernel_scheduler(std::move(owned));
  return model;
}

// The kernel the script evicts: the one of queue 0.
const KernelState& target_of(const Gpu& gpu) {
  for (const KernelState& k : gpu.kernels())
    if (k.queue == 0) return k;
  return gpu.kernels().front();
}

PhaseEnds find_phase_ends(const Scenario& scenario, bool evict) {
  WorkgroupCounter counter;
  EvictOnce* script = nullptr;
  const BuiltModel model = scripted_model(scenario, counter, evict, script);
  Gpu& gpu = *model.gpu;
  const auto events = [&gpu] { return gpu.engine().events_processed(); };
  const auto run_to_stage = [&](EvictOnce::Stage s) {
    gpu.run_until([script, s] { return script->stage >= s; });
    return events();
  };
  PhaseEnds ends;
  ends.launched = run_to_stage(EvictOnce::launched);
  ends.settled = run_to_stage(EvictOnce::settled);
  if (evict) {
    const KernelState* target = &target_of(gpu);
    // The eviction command withdraws every work-group at once; with context-save their
    // contexts then arrive in memory one event each.
    const std::uint64_t evicting = target->running();
    const std::uint64_t evicted_before = counter.evicted;
    gpu.run_until([&] { return counter.evicted - evicted_before == evicting; });
    ends.withdrawn = events();
    gpu.run_until([target] { return target->running() == 0; });
    ends.saved = events();
    ends.evicted = run_to_stage(EvictOnce::evicted);  // the pending-work read
    ends.resettled = run_to_stage(EvictOnce::resettled);
  }
  return ends;
}

void resident_phases(benchmark::State& state, PreemptionMechanism mechanism, bool evict,
                     std::uint32_t workers) {
  const Scenario scenario = resident(mechanism, workers);
  const PhaseEnds ends = find_phase_ends(scenario, evict);
  // CPU time of this thread and work-groups per phase: on a shared machine wall time would also
  // count the time the thread waited for a core (reading the clock is a system call, under a
  // microsecond against phases of tens).
  const auto cpu_ns = [] {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
  };
  struct Phase {
    double ns = 0;
    std::uint64_t workgroups = 0;
    std::uint64_t events = 0;
    double per_workgroup() const { return workgroups ? ns / static_cast<double>(workgroups) : 0; }
    double events_per_workgroup() const {
      return workgroups ? static_cast<double>(events) / static_cast<double>(workgroups) : 0;
    }
  };
  Phase start, withdraw, save, resume, end;
  std::uint64_t iterations = 0;
  for (auto _ : state) {
    WorkgroupCounter counter;
    EvictOnce* script = nullptr;
    const BuiltModel model = scripted_model(scenario, counter, evict, script);
    Gpu& gpu = *model.gpu;
    Engine& engine = gpu.engine();
    const auto step_to = [&engine](std::uint64_t events) {
      while (engine.events_processed() < events && engine.step()) {
      }
    };
    // Times `run` and adds to `phase` its events and the work-groups it handled: the change
    // in `count`, a counter of the WorkgroupCounter.
    const auto timed = [&](Phase& phase, const std::uint64_t& count, const auto& run) {
      const std::uint64_t before = count;
      const std::uint64_t events_before = engine.events_processed();
      const double t0 = cpu_ns();
      run();
      phase.ns += cpu_ns() - t0;
      phase.workgroups += count - before;
      phase.events += engine.events_processed() - events_before;
    };

    step_to(ends.launched);
    timed(start, counter.started, [&] { step_to(ends.settled); });
    if (evict) {
      const std::uint64_t evicting = target_of(gpu).running();
      timed(withdraw, counter.evicted, [&] { step_to(ends.withdrawn); });
      save.workgroups += evicting;
      timed(save, counter.evicted, [&] { step_to(ends.saved); });
      step_to(ends.evicted);
      timed(resume, counter.started, [&] { step_to(ends.resettled); });
    }
    RunOutcome outcome;
    timed(end, counter.finished, [&] { outcome = gpu.run(); });
    if (outcome.status != RunStatus::completed) {
      state.SkipWithError("run did not complete");
      break;  // SkipWithError does not end the loop
    }
    if (script->stage != (evict ? EvictOnce::resettled : EvictOnce::settled)) {
      state.SkipWithError("the run did not go through its phases");
      break;
    }
    ++iterations;
  }
  state.counters["ns/started"] = start.per_workgroup();
  state.counters["ns/ended"] = end.per_workgroup();
  state.counters["ev/ended"] = end.events_per_workgroup();
  if (evict) {
    state.counters["ns/evicted"] = withdraw.per_workgroup() + save.per_workgroup();
    state.counters["ns/withdrawn"] = withdraw.per_workgroup();
    state.counters["ns/saved"] = save.per_workgroup();
    state.counters["ev/evicted"] = withdraw.events_per_workgroup() + save.events_per_workgroup();
    state.counters["ns/resumed"] = resume.per_workgroup();
    state.counters["ev/resumed"] = resume.events_per_workgroup();
    state.counters["evicted/iter"] =
        static_cast<double>(withdraw.workgroups) / static_cast<double>(iterations);
  }
}

void BM_Resident_NoEviction(benchmark::State& state) {
  resident_phases(state, PreemptionMechanism::kill, false, 8);
}
void BM_Resident_ContextSave(benchmark::State& state) {
  resident_phases(state, PreemptionMechanism::context_save, true, 8);
}
void BM_Resident_Kill(benchmark::State& state) {
  resident_phases(state, PreemptionMechanism::kill, true, 8);
}
void BM_FewAmongMany_ContextSave(benchmark::State& state) {
  resident_phases(state, PreemptionMechanism::context_save, true, 1);
}
void BM_FewAmongMany_Kill(benchmark::State& state) {
  resident_phases(state, PreemptionMechanism::kill, true, 1);
}

BENCHMARK_CAPTURE(persistent, none, PreemptionMechanism::drain, "none")
    ->Unit(benchmark::kMillisecond);
// Every kernel scheduler under every mechanism, e.g. persistent/kernel-rr/kill.
const bool kRegistered = [] {
  for (const PolicyInfo& policy : all_policies()) {
    if (policy.kind != PolicyKind::kernel || policy.name == "none") continue;
    for (const auto mechanism : {PreemptionMechanism::drain, PreemptionMechanism::context_save,
                                 PreemptionMechanism::kill}) {
      const std::string name =
          fmt::format("persistent/{}/{}", policy.name, preemption_mechanism_name(mechanism));
      benchmark::RegisterBenchmark(name.c_str(), persistent, mechanism, std::string(policy.name))
          ->Unit(benchmark::kMillisecond);
    }
  }
  return true;
}();
BENCHMARK(BM_Resident_NoEviction)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Resident_ContextSave)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Resident_Kill)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FewAmongMany_ContextSave)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FewAmongMany_Kill)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace aqlsim

// Each iteration builds a model and frees it. glibc gives freed memory at the top of the heap, and
// large blocks, back to the system, so the next model's first touch of it faults pages in: in a
// process running BM_Resident_ContextSave alone, the context-save withdrawal took 25-27 ns a
// work-group instead of 13, growing the list of context transfers into fresh pages. A long run
// pays that once; with the memory kept, no phase is timed with it.
static const bool kHeapKept = [] {
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  return true;
}();

BENCHMARK_MAIN();
