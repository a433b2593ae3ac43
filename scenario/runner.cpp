#include "scenario/runner.hpp"

#include <algorithm>

#include "queue_sched/registry.hpp"
#include "queue_sched/slicing_observer.hpp"
#include "scenario/build_model.hpp"
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

// The span from the first submission to the last kernel end of a run of `s` (0 unless it
// completes).
Tick turnaround_of(const Scenario& s) {
  BuiltModel model = build_model(s);
  if (model.gpu->run().status != RunStatus::completed) return 0;
  Tick first = kNever;
  Tick last = 0;
  for (const KernelState& k : model.gpu->kernels()) {
    first = std::min(first, k.arrival);
    last = std::max(last, k.end);
  }
  return first == kNever ? 0 : last - first;
}

// A queue can run alone if its barriers wait only for its own packets or declared signals.
bool self_contained(const Scenario& s, const QueueSpec& q) {
  const auto own = [&](const std::string& name) {
    return std::any_of(q.packets.begin(), q.packets.end(),
                       [&](const PacketSpec& p) { return p.name == name; }) ||
           std::any_of(s.signals.begin(), s.signals.end(),
                       [&](const SignalSpec& sig) { return sig.name == name; });
  };
  return std::all_of(q.packets.begin(), q.packets.end(), [&](const PacketSpec& p) {
    return std::all_of(p.depends_on.begin(), p.depends_on.end(), own);
  });
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

void add_metrics(RunReport& report, const Scenario& s, const std::map<std::string, Tick>& alone) {
  std::vector<double> ntt;
  for (KernelResult& r : report.kernels) {
    r.alone = alone.at(r.name);
    if (r.alone > 0) {
      r.ntt = static_cast<double>(r.turnaround()) / static_cast<double>(r.alone);
      ntt.push_back(r.ntt);
    }
  }
  if (s.metrics_per == MetricsPer::queue) {
    ntt.clear();
    for (ApplicationResult& app : report.applications) {
      const auto q = std::find_if(s.queues.begin(), s.queues.end(),
                                  [&](const QueueSpec& spec) { return spec.name == app.queue; });
      if (self_contained(s, *q))
        app.alone =
            turnaround_of(alone_queue_scenario(s, static_cast<std::size_t>(q - s.queues.begin())));
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

Tick HardwareReport::slot_idle() const {
  return slot_time[static_cast<std::size_t>(SlotActivity::empty)] +
         slot_time[static_cast<std::size_t>(SlotActivity::blocked)] +
         slot_time[static_cast<std::size_t>(SlotActivity::starved)];
}

Scenario alone_scenario(const Scenario& s, std::size_t queue, std::size_t packet) {
  Scenario alone = s;
  alone.signals.clear();
  alone.queues = {s.queues[queue]};
  PacketSpec dispatch = s.queues[queue].packets[packet];
  dispatch.at = 0;
  dispatch.barrier = false;
  dispatch.completion_signal.clear();
  alone.queues[0].packets = {dispatch};
  return alone;
}

Scenario alone_queue_scenario(const Scenario& s, std::size_t queue) {
  Scenario alone = s;
  alone.queues = {s.queues[queue]};
  std::vector<PacketSpec>& packets = alone.queues[0].packets;
  Tick first = kNever;
  for (const PacketSpec& p : packets)
    first = std::min(first, p.at);
  for (PacketSpec& p : packets)
    p.at -= first;
  return alone;
}

std::map<std::string, Tick> isolated_runtimes(const Scenario& s) {
  std::map<std::string, Tick> alone;
  for (std::size_t q = 0; q < s.queues.size(); ++q) {
    for (std::size_t p = 0; p < s.queues[q].packets.size(); ++p) {
      const PacketSpec& packet = s.queues[q].packets[p];
      if (packet.kind == PacketSpec::Kind::dispatch)
        alone[packet.name] = turnaround_of(alone_scenario(s, q, p));
    }
  }
  return alone;
}

std::map<std::string, std::vector<Tick>> worker_profiles(const Scenario& s) {
  std::map<std::string, std::vector<Tick>> profiles;
  for (std::size_t q = 0; q < s.queues.size(); ++q) {
    for (std::size_t p = 0; p < s.queues[q].packets.size(); ++p) {
      const PacketSpec& packet = s.queues[q].packets[p];
      const KernelProfile* kernel = s.find_kernel(packet.kernel);
      if (packet.kind != PacketSpec::Kind::dispatch || !kernel) continue;
      Scenario alone = alone_scenario(s, q, p);
      alone.policies.kernel = "none";
      KernelProfile& k =
          *std::find_if(alone.kernels.begin(), alone.kernels.end(),
                        [&](const KernelProfile& x) { return x.name == packet.kernel; });
      std::vector<Tick>& runtimes = profiles[packet.name];
      for (std::uint32_t w = 1; w <= kernel->persistent_workers_per_cu; ++w) {
        k.persistent_workers_per_cu = w;
        runtimes.push_back(turnaround_of(alone));
      }
    }
  }
  return profiles;
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

RunReport run_scenario(const Scenario& scenario, const RunOptions& options) {
  check_preemption(scenario);
  // Alone runs come first: oracle policies (SJF) are given the isolated runtimes in advance.
  const PolicyInfo* tb = find_policy(scenario.policies.thread_block);
  const PolicyInfo* kernel = find_policy(scenario.policies.kernel);
  const bool oracle =
      (tb && tb->needs_isolated_runtimes) || (kernel && kernel->needs_isolated_runtimes);
  std::map<std::string, Tick> alone;
  if (options.measure_alone || oracle) alone = isolated_runtimes(scenario);
  PredictionRecorder predictions;
  ModelOptions model_options{
      .observers = options.observers, .isolated_runtimes = {}, .worker_profiles = {}};
  if (options.record_predictions) model_options.observers.push_back(&predictions);
  if (oracle) model_options.isolated_runtimes = alone;
  if (kernel && kernel->needs_worker_profiles)
    model_options.worker_profiles = worker_profiles(scenario);
  RunReport report;
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
  report.queue_mapping = scenario.policies.queue_mapping;
  report.thread_block = scenario.policies.thread_block;
  report.kernel_scheduler = scenario.policies.kernel;
  report.mechanism = scenario.device.preemption.mechanism;
  report.seed = scenario.seed;
  report.events = gpu.engine().events_processed();
  report.workgroups = gpu.workgroups_finished();
  report.hw = hardware_report(gpu);
  Tick first_arrival = kNever;
  Tick last_end = 0;
  for (const KernelState& k : gpu.kernels()) {
    if (!k.finished()) continue;
    report.kernels.push_back(describe(scenario, k));
    if (k.id < predictions.by_kernel.size()) {
      report.kernels.back().predictions = predictions.by_kernel[k.id];
    }
    first_arrival = std::min(first_arrival, k.arrival);
    last_end = std::max(last_end, k.end);
  }
  report.makespan = report.kernels.empty() ? 0 : last_end - first_arrival;
  if (scenario.metrics_per == MetricsPer::queue)
    report.applications = applications(scenario, report);
  if (options.measure_alone && report.outcome.status == RunStatus::completed) {
    add_metrics(report, scenario, alone);
  }
  return report;
}

}  // namespace aqlsim
