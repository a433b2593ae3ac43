// A measured run in the simulator's terms (RunReport, JSON, trace), the comparison with a
// simulated run, and the calibration's device YAML, on hand-made measurements.
#include "hip_backend/measured_report.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "hip_backend/calibration_yaml.hpp"
#include "hip_backend/comparison.hpp"
#include "hip_backend/measure.hpp"
#include "report/csv.hpp"
#include "report/trace_pids.hpp"
#include "scenario/load_scenario.hpp"
#include "tests/support/microseconds.hpp"

namespace aqlsim::hip {
namespace {

using testing::us;

// Queue q: d0 (2 work-groups), a barrier-AND on d0, d1 (1 work-group).
LaunchPlan two_dispatch_plan() {
  LaunchPlan plan;
  plan.compute_units = 2;
  plan.queues.push_back({.name = "q", .priority = 1, .cu_mask = {1, 0}, .ops = {0, 1, 2}});
  plan.ops.push_back({.kind = PlanOpKind::dispatch,
                      .name = "d0",
                      .queue = 0,
                      .submit_at = us,
                      .barrier_bit = false,
                      .dispatch = 0,
                      .waits_for = {}});
  plan.ops.push_back({.kind = PlanOpKind::barrier_and,
                      .name = "wait",
                      .queue = 0,
                      .submit_at = 0,
                      .barrier_bit = false,
                      .dispatch = kNoDispatch,
                      .waits_for = {0}});
  plan.ops.push_back({.kind = PlanOpKind::dispatch,
                      .name = "d1",
                      .queue = 0,
                      .submit_at = 0,
                      .barrier_bit = false,
                      .dispatch = 1,
                      .waits_for = {}});
  for (const char* name : {"d0", "d1"}) {
    PlannedDispatch d;
    d.name = name;
    d.kernel = "k";
    d.workgroups = plan.dispatches.empty() ? 2 : 1;
    plan.dispatches.push_back(d);
  }
  return plan;
}

MeasuredRun two_dispatch_run() {
  MeasuredRun run;
  run.executor = "cpu";
  run.device = "test threads";
  run.dispatches.push_back({.submit = 1 * us,
                            .start = 2 * us,
                            .end = 10 * us,
                            .workgroups = {{2 * us, 6 * us, 0}, {3 * us, 10 * us, 1}},
                            .launches = 1,
                            .eviction_delays = {}});
  run.dispatches.push_back({.submit = 10 * us,
                            .start = 11 * us,
                            .end = 15 * us,
                            .workgroups = {{11 * us, 15 * us, 0}},
                            .launches = 3,
                            .eviction_delays = {us / 2, us / 4}});
  run.op_completed = {10 * us, 10 * us, 15 * us};
  return run;
}

Scenario named_scenario() {
  Scenario s;
  s.source = "hand.yaml";
  s.device.name = "tiny";
  s.seed = 9;
  return s;
}

// Arrival is the planned submission (d1's is 0, though the host handed it over at 10 us, after
// the barrier): NTT d0 (10 - 1) / 8 = 1.125, d1 (15 - 0) / 4 = 3.75; STP = 1/1.125 + 1/3.75.
TEST(MeasuredReport, KernelsTimesAndMetricsFromTheMeasurement) {
  const std::map<std::string, Tick> alone{{"d0", 8 * us}, {"d1", 4 * us}};
  const RunReport r =
      measured_report(named_scenario(), two_dispatch_plan(), two_dispatch_run(), alone);
  ASSERT_EQ(r.kernels.size(), 2u);
  EXPECT_EQ(r.kernels[0].name, "d0");
  EXPECT_EQ(r.kernels[0].queue, "q");
  EXPECT_EQ(r.kernels[0].arrival, 1 * us);
  EXPECT_EQ(r.kernels[1].arrival, 0);
  EXPECT_EQ(r.kernels[1].launch, 10 * us);
  EXPECT_EQ(r.kernels[0].start, 2 * us);
  EXPECT_EQ(r.kernels[0].end, 10 * us);
  EXPECT_EQ(r.kernels[0].workgroups, 2u);
  EXPECT_DOUBLE_EQ(r.kernels[0].ntt, 1.125);
  EXPECT_DOUBLE_EQ(r.kernels[1].ntt, 3.75);
  EXPECT_EQ(r.kernels[1].evictions, 2u);  // three launches
  EXPECT_EQ(r.makespan, 15 * us);
  EXPECT_EQ(r.workgroups, 3u);
  EXPECT_DOUBLE_EQ(r.metrics.stp, 1 / 1.125 + 1 / 3.75);
  EXPECT_DOUBLE_EQ(r.metrics.antt, (1.125 + 3.75) / 2);
  EXPECT_DOUBLE_EQ(r.metrics.fairness, 1.125 / 3.75);
}

// Every run ends all its dispatches at the next of `ends`, in turn.
class ScriptedExecutor final : public Executor {
 public:
  explicit ScriptedExecutor(std::vector<Tick> ends, double scale = 1.0)
      : ends_(std::move(ends)), scale_(scale) {}
  std::string name() const override { return "scripted"; }
  std::string device() const override { return "a script"; }
  MeasuredRun run(const LaunchPlan& plan) override {
    MeasuredRun r;
    const Tick end = ends_.at(next_++);
    for (std::size_t d = 0; d < plan.dispatches.size(); ++d)
      r.dispatches.push_back({.submit = 0,
                              .start = 0,
                              .end = end,
                              .workgroups = {},
                              .launches = 1,
                              .eviction_delays = {}});
    r.op_completed.assign(plan.ops.size(), end);
    return r;
  }
  Calibration calibrate() override { return {}; }
  double time_scale() const override { return scale_; }

 private:
  std::vector<Tick> ends_;
  double scale_;
  std::size_t next_ = 0;
};

// Three shared runs of makespans 30, 10, 20 us: the 20 us one is kept. Then d0 alone three
// times (5, 9, 7: median 7) and d1 (4, 6, 2: median 4).
TEST(Measure, KeepsTheRunOfMedianMakespanAndTheMedianAloneTimes) {
  ScriptedExecutor executor(
      {30 * us, 10 * us, 20 * us, 5 * us, 9 * us, 7 * us, 4 * us, 6 * us, 2 * us});
  const Measurement m = measure(named_scenario(), two_dispatch_plan(), executor, true, 3);
  EXPECT_EQ(m.makespans, (std::vector<Tick>{30 * us, 10 * us, 20 * us}));
  EXPECT_EQ(m.run.dispatches[0].end, 20 * us);
  EXPECT_EQ(m.alone.at("d0"), 7 * us);
  EXPECT_EQ(m.alone.at("d1"), 4 * us);
  EXPECT_EQ(m.report.makespan, 20 * us);
}

// Real time over the scale is plan time: 30 us at 0.5 are 60 us of the plan. Ten real seconds
// at 1e-6 would be 1e19 ps, past 2^62: an error that says what to do, not a wrapped number.
TEST(Measure, RealTimeIsScaledBackAndRefusedPastTheLongestTime) {
  ScriptedExecutor half({30 * us}, 0.5);
  EXPECT_EQ(measure(named_scenario(), two_dispatch_plan(), half, false, 1).report.makespan,
            60 * us);
  ScriptedExecutor tiny({10 * kSecond}, 1e-6);
  try {
    measure(named_scenario(), two_dispatch_plan(), tiny, false, 1);
    FAIL() << "no error";
  } catch (const ExecutorOptionError& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("10 s of real time is, at a time scale of 1e-06, "
                                               "past the longest time aqlsim represents"));
  }
}

TEST(MeasuredReport, WithoutAloneRunsNttIsZero) {
  const RunReport r =
      measured_report(named_scenario(), two_dispatch_plan(), two_dispatch_run(), {});
  EXPECT_EQ(r.kernels[0].ntt, 0);
  EXPECT_EQ(r.metrics.stp, 0);
}

TEST(MeasuredReport, JsonKeepsTheRunSchemaAndAddsWorkGroupRecords) {
  const LaunchPlan plan = two_dispatch_plan();
  const MeasuredRun run = two_dispatch_run();
  const Scenario s = named_scenario();
  std::ostringstream out;
  write_run_json(out, s, measured_report(s, plan, run, {}), measured_json_options(plan, run));
  const auto json = nlohmann::json::parse(out.str());
  EXPECT_EQ(json["source"], "hand.yaml");
  EXPECT_DOUBLE_EQ(json["makespan_us"].get<double>(), 15.0);
  ASSERT_EQ(json["kernels"].size(), 2u);
  const auto& d0 = json["kernels"][0];
  EXPECT_DOUBLE_EQ(d0["start_us"].get<double>(), 2.0);
  ASSERT_EQ(d0["measured"]["workgroups"].size(), 2u);
  EXPECT_DOUBLE_EQ(d0["measured"]["workgroups"][1]["start_us"].get<double>(), 3.0);
  EXPECT_DOUBLE_EQ(d0["measured"]["workgroups"][1]["end_us"].get<double>(), 10.0);
  EXPECT_EQ(d0["measured"]["workgroups"][1]["cu"], 1);
  const auto& d1 = json["kernels"][1];
  EXPECT_EQ(d1["measured"]["launches"], 3);
  ASSERT_EQ(d1["measured"]["eviction_delays_us"].size(), 2u);
  EXPECT_DOUBLE_EQ(d1["measured"]["eviction_delays_us"][1].get<double>(), 0.25);
  EXPECT_EQ(json["executor"]["name"], "cpu");
  EXPECT_TRUE(json.contains("metrics"));
  EXPECT_TRUE(json.contains("hw"));
}

// Listed as aqlsim run lists kernels, in launch order: here d1 was handed over (5 us) before
// d0 (12 us), though d0 comes first in the plan; the JSON's measured records follow the same
// order, and end_us is the last kernel's end.
TEST(MeasuredReport, KernelsAreInLaunchOrder) {
  const LaunchPlan plan = two_dispatch_plan();
  MeasuredRun run = two_dispatch_run();
  run.dispatches[0].submit = 12 * us;
  run.dispatches[1].submit = 5 * us;
  const RunReport r = measured_report(named_scenario(), plan, run, {});
  ASSERT_EQ(r.kernels.size(), 2u);
  EXPECT_EQ(r.kernels[0].name, "d1");
  EXPECT_EQ(r.kernels[1].name, "d0");
  EXPECT_EQ(r.end, 15 * us);
  std::ostringstream out;
  write_run_json(out, named_scenario(), r, measured_json_options(plan, run));
  const auto json = nlohmann::json::parse(out.str());
  EXPECT_EQ(json["kernels"][0]["name"], "d1");
  EXPECT_EQ(json["kernels"][0]["measured"]["launches"], 3);
  EXPECT_EQ(json["kernels"][1]["measured"]["workgroups"].size(), 2u);
  EXPECT_DOUBLE_EQ(json["simulation"]["end_us"].get<double>(), 15.0);
}

// In `aqlsim run --trace`'s layout: a kernel is an async slice on its queue's thread, a
// work-group a slice on a lane of its CU's process.
TEST(MeasuredReport, TraceHasAKernelSliceAndOneSlicePerWorkGroup) {
  std::ostringstream out;
  write_measured_trace(out, two_dispatch_plan(), two_dispatch_run());
  const auto json = nlohmann::json::parse(out.str());
  int begins = 0, ends = 0, workgroups = 0, seen = 0;
  for (const auto& e : json["traceEvents"]) {
    if (e["ph"] == "b" || e["ph"] == "e") {
      EXPECT_EQ(e["pid"], kQueuePid);
      EXPECT_EQ(e["tid"], trace_tid(0));  // queue q
      ++(e["ph"] == "b" ? begins : ends);
    }
    if (e["ph"] != "X") continue;
    ++workgroups;
    // Named as `aqlsim run --trace` names a work-group: by its kernel, its index in the args.
    if (e["pid"] == kFirstCuPid + 1 && e["name"] == "d0" && e["args"]["workgroup"] == 1) {
      ++seen;
      EXPECT_DOUBLE_EQ(e["ts"].get<double>(), 3.0);
      EXPECT_DOUBLE_EQ(e["dur"].get<double>(), 7.0);
      EXPECT_EQ(e["tid"], trace_tid(0));  // lane 0 of CU 1
    }
  }
  EXPECT_EQ(begins, 2);
  EXPECT_EQ(ends, 2);
  EXPECT_EQ(workgroups, 3);
  EXPECT_EQ(seen, 1);
}

// A GPU runs several work-groups on a CU at once: as slices of one thread they overlapped, and
// Perfetto drops a slice that starts inside another and ends after it. Each takes the lowest
// lane free at its start: [2,6] lane 0, [3,10] lane 1, [6,8] lane 0 again.
TEST(MeasuredReport, WorkGroupsRunningAtOnceOnACuTakeLanes) {
  MeasuredRun run = two_dispatch_run();
  run.dispatches[0].workgroups = {{2 * us, 6 * us, 0}, {3 * us, 10 * us, 0}};
  run.dispatches[1].workgroups = {{6 * us, 8 * us, 0}};
  std::ostringstream out;
  write_measured_trace(out, two_dispatch_plan(), run);
  std::map<double, std::uint64_t> lane_by_start;
  const auto json = nlohmann::json::parse(out.str());
  for (const auto& e : json["traceEvents"]) {
    if (e["ph"] == "X") lane_by_start[e["ts"].get<double>()] = e["tid"].get<std::uint64_t>();
  }
  EXPECT_EQ(lane_by_start, (std::map<double, std::uint64_t>{
                               {2.0, trace_tid(0)}, {3.0, trace_tid(1)}, {6.0, trace_tid(0)}}));
}

TEST(MeasuredReport, AlonePlanHoldsOneDispatchAtTimeZeroInItsQueuesSettings) {
  const LaunchPlan alone = alone_plan(two_dispatch_plan(), 1);
  ASSERT_EQ(alone.ops.size(), 1u);
  ASSERT_EQ(alone.dispatches.size(), 1u);
  EXPECT_EQ(alone.dispatches[0].name, "d1");
  EXPECT_EQ(alone.ops[0].submit_at, 0);
  EXPECT_EQ(alone.ops[0].dispatch, 0u);
  EXPECT_TRUE(alone.ops[0].waits_for.empty());
  ASSERT_EQ(alone.queues.size(), 1u);
  EXPECT_EQ(alone.queues[0].cu_mask, (std::vector<std::uint8_t>{1, 0}));
  EXPECT_EQ(alone.queues[0].ops, (std::vector<std::uint32_t>{0}));
}

// Simulated d0: arrival 1, start 2, end 10 (turnaround 9); measured 1, 2, 13 (turnaround 12):
// the model is 25 % short.
TEST(Comparison, ErrorsAreTheModelsRelativeToTheMeasurement) {
  RunReport simulated, measured;
  KernelResult k;
  k.name = "d0";
  k.arrival = 1 * us;
  k.start = 2 * us;
  k.end = 10 * us;
  simulated.kernels.push_back(k);
  simulated.makespan = 9 * us;
  k.end = 13 * us;
  measured.kernels.push_back(k);
  measured.makespan = 12 * us;
  const RunComparison c = compare_runs(simulated, measured);
  ASSERT_EQ(c.kernels.size(), 1u);
  EXPECT_EQ(c.kernels[0].simulated_turnaround, 9 * us);
  EXPECT_EQ(c.kernels[0].measured_turnaround, 12 * us);
  EXPECT_DOUBLE_EQ(c.kernels[0].turnaround_error, -0.25);
  EXPECT_DOUBLE_EQ(c.kernels[0].duration_error, (8.0 - 11.0) / 11.0);
  EXPECT_DOUBLE_EQ(c.makespan_error, -0.25);
  EXPECT_DOUBLE_EQ(c.mean_abs_turnaround_error, 0.25);
  std::ostringstream csv;
  write_comparison_csv(csv, c);
  EXPECT_NE(csv.str().find("d0,9,12,-25,8,11,"), std::string::npos) << csv.str();
  // Without alone runs neither side measured the metrics: "-", not 0.000.
  std::ostringstream table;
  write_comparison_table(table, c);
  EXPECT_NE(table.str().find("\nSTP                 -          -\n"), std::string::npos)
      << table.str();
}

// A kernel's name may hold a comma or a quote: the CSV quotes it (RFC 4180), so that each row
// still has the header's seven fields.
TEST(Comparison, CsvQuotesAKernelNameThatNeedsIt) {
  RunReport simulated, measured;
  KernelResult k;
  k.name = R"(a,"b")";
  k.arrival = 0;
  k.start = 0;
  k.end = 2 * us;
  simulated.kernels.push_back(k);
  measured.kernels.push_back(k);
  std::ostringstream csv;
  write_comparison_csv(csv, compare_runs(simulated, measured));
  const std::vector<report::CsvRecord> rows = report::parse_csv(csv.str(), "comparison.csv");
  ASSERT_EQ(rows.size(), 2u);
  ASSERT_EQ(rows[1].size(), 7u);
  EXPECT_EQ(rows[1][0].text, R"(a,"b")");
  EXPECT_EQ(rows[1][1].text, "2");
}

TEST(CalibrationYaml, LoadsAsTheDeviceOfAWorkload) {
  Calibration c;
  c.device = "AMD Instinct MI210";
  c.arch = "gfx90a";
  c.compute_units = 104;
  c.packet_overhead = 3200 * kNanosecond;
  c.launch_latency = 9 * us;
  c.sources = {"packet overhead: median gap of 100 back-to-back one-work-group dispatches"};
  std::string device;
  std::istringstream lines(calibration_yaml(c, "hip"));
  for (std::string line; std::getline(lines, line);)
    device += "  " + line + "\n";
  const Scenario s = load_scenario_text(
      "device:\n" + device +
          "kernels: [{name: k, wg_time: 1us}]\nqueues: [{name: q, packets: [{dispatch: k}]}]\n",
      "calibrated.yaml");
  EXPECT_EQ(s.device.name, "gfx90a-measured");
  EXPECT_EQ(s.device.compute_units, 104u);
  EXPECT_EQ(s.device.front_end.packet_latency, 3200 * kNanosecond);
}

}  // namespace
}  // namespace aqlsim::hip
