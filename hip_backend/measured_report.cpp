#include "hip_backend/measured_report.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "report/trace_pids.hpp"
#include "scenario/metrics.hpp"

namespace aqlsim::hip {
namespace {

using Json = nlohmann::ordered_json;

Json workgroups_json(const MeasuredDispatch& d) {
  Json out = Json::array();
  for (const MeasuredWorkgroup& wg : d.workgroups)
    out.push_back({{"start_us", to_us(wg.start)}, {"end_us", to_us(wg.end)}, {"cu", wg.cu}});
  return out;
}

Json delays_json(const MeasuredDispatch& d) {
  Json out = Json::array();
  for (const Tick delay : d.eviction_delays)
    out.push_back(to_us(delay));
  return out;
}

// The plan's dispatch ops in the order they were launched (handed to the runtime), as `aqlsim
// run` lists its kernels; plan order on a tie.
std::vector<std::uint32_t> dispatch_ops_in_launch_order(const LaunchPlan& plan,
                                                        const MeasuredRun& run) {
  std::vector<std::uint32_t> ops;
  for (std::uint32_t i = 0; i < plan.ops.size(); ++i) {
    if (plan.ops[i].kind == PlanOpKind::dispatch) ops.push_back(i);
  }
  std::stable_sort(ops.begin(), ops.end(), [&](std::uint32_t a, std::uint32_t b) {
    return run.dispatches[plan.ops[a].dispatch].submit <
           run.dispatches[plan.ops[b].dispatch].submit;
  });
  return ops;
}

}  // namespace

RunReport measured_report(const Scenario& scenario, const LaunchPlan& plan, const MeasuredRun& run,
                          const std::map<std::string, Tick>& alone) {
  RunReport report;
  report.outcome.status = RunStatus::completed;
  report.queue_mapping = "measured: " + run.executor;
  report.thread_block = "measured: " + run.executor;
  report.kernel_scheduler = "none";
  report.seed = scenario.seed;
  Tick first = kNever;
  Tick last = 0;
  std::vector<double> ntt;
  for (const std::uint32_t index : dispatch_ops_in_launch_order(plan, run)) {
    const PlanOp& op = plan.ops[index];
    const PlannedDispatch& planned = plan.dispatches[op.dispatch];
    const MeasuredDispatch& m = run.dispatches[op.dispatch];
    KernelResult k;
    k.name = planned.name;
    k.kernel = planned.kernel;
    k.queue = plan.queues[op.queue].name;
    // Arrival is the packet's planned submission, as in the model, so that the host's lateness in
    // handing it over (launch) counts in the measured turnaround.
    k.arrival = op.submit_at;
    k.launch = m.submit;
    k.start = m.start;
    k.end = m.end;
    k.workgroups = planned.workgroups;
    k.evictions = m.launches > 0 ? m.launches - 1 : 0;
    if (const auto a = alone.find(k.name); a != alone.end() && a->second > 0) {
      k.alone = a->second;
      k.ntt = static_cast<double>(k.turnaround()) / static_cast<double>(k.alone);
      ntt.push_back(k.ntt);
    }
    first = std::min(first, k.arrival);
    last = std::max(last, k.end);
    report.workgroups += k.workgroups;
    report.kernels.push_back(std::move(k));
  }
  report.makespan = report.kernels.empty() ? 0 : last - first;
  report.end = last;
  report.metrics = compute_metrics(ntt);
  return report;
}

JsonOptions measured_json_options(const LaunchPlan& plan, const MeasuredRun& run) {
  // RunReport::kernels are the dispatches in launch order (measured_report).
  std::vector<std::uint32_t> dispatch_of;
  for (const std::uint32_t index : dispatch_ops_in_launch_order(plan, run))
    dispatch_of.push_back(plan.ops[index].dispatch);
  JsonOptions options;
  options.kernel_extra = [&run, dispatch_of](std::size_t i, Json& out) {
    const MeasuredDispatch& d = run.dispatches[dispatch_of[i]];
    out["measured"] = {{"submit_us", to_us(d.submit)},
                       {"launches", d.launches},
                       {"eviction_delays_us", delays_json(d)},
                       {"workgroups", workgroups_json(d)}};
  };
  options.document_extra = [&run](JsonObjectWriter& json) {
    json.member("executor", {{"name", run.executor}, {"device", run.device}});
  };
  return options;
}

void write_measured_trace(std::ostream& out, const LaunchPlan& plan, const MeasuredRun& run) {
  // Written an event at a time, as ChromeTraceWriter does, and in its layout.
  bool first = true;
  const auto emit = [&](const Json& event) {
    out << (first ? "{\"traceEvents\":[\n" : ",\n") << event.dump();
    first = false;
  };
  const auto name = [&](const char* what, int pid, std::uint64_t tid, const std::string& text) {
    emit({{"ph", "M"}, {"name", what}, {"pid", pid}, {"tid", tid}, {"args", {{"name", text}}}});
  };
  name("process_name", kQueuePid, trace_tid(0),
       std::string(kMeasuredQueueTitle) + run.executor + " on " + run.device + ")");
  for (std::size_t q = 0; q < plan.queues.size(); ++q)
    name("thread_name", kQueuePid, trace_tid(q), plan.queues[q].name);
  // A kernel is an async slice on its queue's thread, from its first work-group to its last:
  // a queue's kernels may overlap, which slices on one thread must not.
  for (const PlanOp& op : plan.ops) {
    if (op.kind != PlanOpKind::dispatch) continue;
    const MeasuredDispatch& d = run.dispatches[op.dispatch];
    const std::string& packet = plan.dispatches[op.dispatch].name;
    for (const auto& [phase, at] : {std::pair{"b", d.start}, std::pair{"e", d.end}}) {
      Json e{{"ph", phase},     {"pid", kQueuePid}, {"tid", trace_tid(op.queue)}, {"name", packet},
             {"ts", to_us(at)}, {"cat", "kernel"},  {"id", op.dispatch}};
      if (phase == std::string_view("b")) e["args"] = {{"workgroups", d.workgroups.size()}};
      emit(e);
    }
  }
  // The work-groups a CU runs at once each take a lane (the lowest free one), as the model's do.
  struct Placed {
    std::uint32_t cu;
    Tick start, end;
    std::uint32_t dispatch;
    std::size_t index;
  };
  std::vector<Placed> placed;
  for (std::uint32_t d = 0; d < run.dispatches.size(); ++d) {
    const auto& groups = run.dispatches[d].workgroups;
    for (std::size_t i = 0; i < groups.size(); ++i)
      placed.push_back(
          {groups[i].cu, on_ns_grid(groups[i].start), on_ns_grid(groups[i].end), d, i});
  }
  std::ranges::sort(placed, {}, [](const Placed& p) {
    return std::tuple(p.cu, p.start, p.end, p.dispatch, p.index);
  });
  std::vector<Tick> lane_free_at;  // of the CU being written
  for (std::size_t k = 0; k < placed.size(); ++k) {
    const Placed& p = placed[k];
    const int pid = kFirstCuPid + static_cast<int>(p.cu);
    if (k == 0 || placed[k - 1].cu != p.cu) {
      lane_free_at.clear();
      name("process_name", pid, trace_tid(0), "CU " + std::to_string(p.cu));
    }
    auto lane = std::ranges::find_if(lane_free_at, [&](Tick t) { return t <= p.start; });
    if (lane == lane_free_at.end()) {
      name("thread_name", pid, trace_tid(lane_free_at.size()),
           "lane " + std::to_string(lane_free_at.size()));
      lane = lane_free_at.insert(lane_free_at.end(), 0);
    }
    *lane = p.end;
    // As `aqlsim run --trace` names a work-group: by its kernel, its index in the args.
    emit({{"ph", "X"},
          {"pid", pid},
          {"tid", trace_tid(static_cast<std::uint64_t>(lane - lane_free_at.begin()))},
          {"name", plan.dispatches[p.dispatch].name},
          {"ts", to_us(p.start)},
          {"dur", to_us(p.end - p.start)},
          {"args", {{"workgroup", p.index}}}});
  }
  out << "\n]}\n";
}

LaunchPlan alone_plan(const LaunchPlan& plan, std::uint32_t d) {
  LaunchPlan alone;
  alone.source = plan.source;
  alone.device = plan.device;
  alone.compute_units = plan.compute_units;
  alone.seed = plan.seed;
  const auto op = std::find_if(plan.ops.begin(), plan.ops.end(),
                               [d](const PlanOp& o) { return o.dispatch == d; });
  PlanQueue queue = plan.queues[op->queue];
  queue.ops = {0};
  alone.queues.push_back(std::move(queue));
  alone.ops.push_back({.kind = PlanOpKind::dispatch,
                       .name = op->name,
                       .queue = 0,
                       .submit_at = 0,
                       .barrier_bit = false,
                       .dispatch = 0,
                       .waits_for = {}});
  alone.dispatches.push_back(plan.dispatches[d]);
  return alone;
}

}  // namespace aqlsim::hip
