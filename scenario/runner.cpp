#include "scenario/runner.hpp"

#include <algorithm>
#include <utility>

#include "queue_sched/registry.hpp"
#include "queue_sched/slicing_observer.hpp"
#include "scenario/build_model.hpp"
#include "scenario/run_limits.hpp"
#include "scenario/scenario_reader.hpp"

namespace aqlsim {
namespace {

KernelResult describe(const Scenario& s, const KernelState& k) {
  const QueueSpec& q = s.queues[k.queue];
  const PacketSpec& p = q.packets[k.packet_index];
  return KernelResult{
      .name = p.name,
      .kernel = p.kernel,
      .queue = q.name,
      .arrival = k.arrival,
      .launch = k.launch,
      .start = k.start,
      .end = k.end,
      .workgroups = k.total_workgroups,
      .ntt = 0,
      .predictions = {},
      .evictions = k.evictions,
      .evicted_workgroups = k.evicted_workgroups,
      .wasted = k.wasted,
      .context_time = k.context_time,
  };
}

HardwareReport hardware_report(const Gpu& gpu) {
  HardwareReport hw;
  hw.map_count = gpu.map_count();
  hw.unmap_count = gpu.unmap_count();
  for (std::size_t a = 0; a < kSlotActivities; ++a) {
    hw.slot_time[a] = gpu.front_end().activity_time(static_cast<SlotActivity>(a));
  }
  return hw;
}

std::vector<ApplicationResult> applications(const Scenario& s, const RunReport& report) {
  std::vector<ApplicationResult> apps;
  for (const QueueSpec& q : s.queues) {
    ApplicationResult app{.queue = q.name, .kernels = 0, .arrival = kNever};
    for (const KernelResult& k : report.kernels) {
      if (k.queue != q.name) continue;
      ++app.kernels;
      app.arrival = std::min(app.arrival, k.arrival);
      app.end = std::max(app.end, k.end);
    }
    if (app.kernels > 0) apps.push_back(app);
  }
  return apps;
}

// Dispatches the shared run submitted late (submitted_after_its_alone_run), and their kernels'
// places in the report.
struct SubmittedLate {
  std::vector<LateSubmission> dispatches;
  std::vector<std::size_t> results;  // in RunReport::kernels
};

void add_metrics(RunReport& report, const Scenario& s, const IsolatedRuntimes& alone,
                 const SubmittedLate& late, const ModelOptions& oracle_inputs) {
  for (KernelResult& r : report.kernels)
    r.alone = alone.at(r.name);
  const std::vector<Tick> late_alone = late_turnarounds(s, late.dispatches);
  for (std::size_t i = 0; i < late_alone.size(); ++i)
    report.kernels[late.results[i]].alone = late_alone[i];
  std::vector<double> ntt;
  for (KernelResult& r : report.kernels) {
    if (r.alone > 0) {
      r.ntt = static_cast<double>(r.turnaround()) / static_cast<double>(r.alone);
      ntt.push_back(r.ntt);
    }
  }
  if (s.metrics_per == MetricsPer::queue) {
    ntt.clear();
    AloneRuns runs(s);
    for (ApplicationResult& app : report.applications) {
      const auto q = std::find_if(s.queues.begin(), s.queues.end(),
                                  [&](const QueueSpec& spec) { return spec.name == app.queue; });
      app.alone =
          runs.queue_turnaround(static_cast<std::size_t>(q - s.queues.begin()), oracle_inputs);
      if (app.alone == 0) continue;
      app.ntt = static_cast<double>(app.turnaround()) / static_cast<double>(app.alone);
      ntt.push_back(app.ntt);
    }
  }
  report.metrics = compute_metrics(ntt);
}

}  // namespace

const char* prediction_source_name(PredictionSource source) {
  switch (source) {
    case PredictionSource::policy:
      return "policy";
    case PredictionSource::observer:
      return "simple-slicing observer";
    case PredictionSource::none:
      break;
  }
  return "none";
}

TickSum HardwareReport::slot_idle() const {
  return slot_time[static_cast<std::size_t>(SlotActivity::empty)] +
         slot_time[static_cast<std::size_t>(SlotActivity::blocked)] +
         slot_time[static_cast<std::size_t>(SlotActivity::starved)];
}

// Keeps every prediction published (by the policy or the predictor beside it), by kernel.
class PredictionRecorder final : public ModelObserver {
 public:
  void on_prediction(const KernelState& k, Tick predicted, Tick now) override {
    if (by_kernel.size() <= k.id) by_kernel.resize(k.id + 1);
    by_kernel[k.id].emplace_back(now, predicted);
  }
  std::vector<std::vector<std::pair<Tick, Tick>>> by_kernel;
};

namespace {

// A report that says which run it is, before the run.
RunReport report_of_policies(const Scenario& scenario) {
  RunReport report;
  report.queue_mapping = scenario.policies.queue_mapping;
  report.thread_block = scenario.policies.thread_block;
  report.kernel_scheduler = scenario.policies.kernel;
  report.mechanism = scenario.device.preemption.mechanism;
  report.seed = scenario.seed;
  return report;
}

}  // namespace

RunReport run_scenario(const Scenario& scenario, const RunOptions& options) {
  check_preemption(scenario);
  std::uint64_t ring_bytes = 0;
  for (const QueueSpec& q : scenario.queues)
    ring_bytes += std::uint64_t{q.size} * UserQueue::kBytesPerPacket;
  if (auto over = rings_past_memory_limit(ring_bytes, scenario.limits)) {
    RunReport report = report_of_policies(scenario);
    report.outcome.status = RunStatus::limit;
    report.outcome.limit = std::move(*over);
    return report;
  }
  // Alone runs come first: oracle policies (SJF) are given the isolated runtimes in advance.
  IsolatedRuntimes alone;
  if (options.measure_alone || has_oracle_policy(scenario)) alone = isolated_runtimes(scenario);
  PredictionRecorder predictions;
  ModelOptions model_options{
      .observers = options.observers, .isolated_runtimes = {}, .worker_profiles = {}};
  if (options.record_predictions) model_options.observers.push_back(&predictions);
  add_policy_inputs(scenario, model_options, &alone);
  const PolicyInfo* tb = find_policy(scenario.policies.thread_block);
  RunReport report = report_of_policies(scenario);
  SlicingObserver beside(scenario.device.compute_units, SliceMode::aware);
  if (tb && tb->publishes_predictions) {
    report.predictions_by = PredictionSource::policy;
  } else if (options.predict_beside_policy) {
    report.predictions_by = PredictionSource::observer;
    for (ModelObserver* sink : model_options.observers)
      beside.forward_changes_to(sink);
    model_options.observers.push_back(&beside);
  }
  BuiltModel model = build_model(scenario, model_options);
  Gpu& gpu = *model.gpu;
  if (options.progress) apply_limits(gpu, scenario.limits, options.progress);

  report.outcome = gpu.run();
  if (report.outcome.status == RunStatus::limit && report.outcome.limit.empty())
    report.outcome.limit = memory_limit_message(scenario.limits);
  report.events = gpu.engine().events_processed();
  report.end = gpu.engine().now();
  report.workgroups = gpu.workgroups_finished();
  report.hw = hardware_report(gpu);
  Tick first_arrival = kNever;
  Tick last_end = 0;
  SubmittedLate late;
  report.kernels.reserve(gpu.kernels().size());
  for (const KernelState& k : gpu.kernels()) {
    if (!k.finished()) continue;
    const Tick at = scenario.queues[k.queue].packets[k.packet_index].at;
    if (submitted_after_its_alone_run(scenario, at, k.arrival)) {
      late.dispatches.push_back({k.queue, k.packet_index, k.arrival});
      late.results.push_back(report.kernels.size());
    }
    report.kernels.push_back(describe(scenario, k));
    if (k.id < predictions.by_kernel.size()) {
      report.kernels.back().predictions = std::move(predictions.by_kernel[k.id]);
    }
    first_arrival = std::min(first_arrival, k.arrival);
    last_end = std::max(last_end, k.end);
  }
  report.makespan = report.kernels.empty() ? 0 : last_end - first_arrival;
  if (scenario.metrics_per == MetricsPer::queue)
    report.applications = applications(scenario, report);
  if (options.measure_alone && report.outcome.status == RunStatus::completed) {
    model_options.observers.clear();  // they watched the shared run, not the alone runs
    add_metrics(report, scenario, alone, late, model_options);
  }
  return report;
}

}  // namespace aqlsim
