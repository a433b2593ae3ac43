#include "scenario/runner.hpp"

#include <algorithm>

#include "scenario/build_model.hpp"

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

Tick alone_turnaround(const Scenario& s, std::size_t queue, std::size_t packet) {
  RunOptions options;
  options.measure_alone = false;
  const RunReport alone = run_scenario(alone_scenario(s, queue, packet), options);
  return alone.kernels.empty() ? 0 : alone.kernels.front().turnaround();
}

void add_alone_times(const Scenario& s, RunReport& report, const Gpu& gpu) {
  std::vector<double> ntt;
  std::size_t i = 0;
  for (const KernelState& k : gpu.kernels()) {
    if (!k.finished()) continue;
    KernelResult& r = report.kernels[i++];
    r.alone = alone_turnaround(s, k.queue, k.packet_index);
    if (r.alone > 0) {
      r.ntt = static_cast<double>(r.turnaround()) / static_cast<double>(r.alone);
      ntt.push_back(r.ntt);
    }
  }
  report.metrics = compute_metrics(ntt);
}

}  // namespace

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

RunReport run_scenario(const Scenario& scenario, const RunOptions& options) {
  BuiltModel model = build_model(scenario, options.observers);
  Gpu& gpu = *model.gpu;

  RunReport report;
  report.outcome = gpu.run();
  report.queue_mapping = scenario.policies.queue_mapping;
  report.thread_block = scenario.policies.thread_block;
  report.seed = scenario.seed;
  report.events = gpu.engine().events_processed();
  report.workgroups = gpu.workgroups_finished();
  report.hw = hardware_report(gpu);
  Tick first_arrival = kNever;
  Tick last_end = 0;
  for (const KernelState& k : gpu.kernels()) {
    if (!k.finished()) continue;
    report.kernels.push_back(describe(scenario, k));
    first_arrival = std::min(first_arrival, k.arrival);
    last_end = std::max(last_end, k.end);
  }
  report.makespan = report.kernels.empty() ? 0 : last_end - first_arrival;
  if (options.measure_alone && report.outcome.status == RunStatus::completed) {
    add_alone_times(scenario, report, gpu);
  }
  return report;
}

}  // namespace aqlsim
