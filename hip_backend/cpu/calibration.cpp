#include "hip_backend/cpu/calibration.hpp"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "hip_backend/median.hpp"

namespace aqlsim::hip::cpu {
namespace {

constexpr std::uint32_t kSamples = 21;
constexpr Tick kSpin = kMillisecond;  // each work-group's asked duration, before time_scale

// One queue of one-work-group dispatches, each with the barrier bit: every dispatch is
// submitted when the one before has completed, so each gives one clean sample.
LaunchPlan back_to_back() {
  LaunchPlan plan;
  plan.device = "calibration";
  plan.compute_units = 1;
  plan.queues.push_back({.name = "calibration", .priority = 1, .cu_mask = {}, .ops = {}});
  for (std::uint32_t i = 0; i < kSamples; ++i) {
    const std::string name = "spin" + std::to_string(i);
    plan.queues[0].ops.push_back(i);
    plan.ops.push_back({.kind = PlanOpKind::dispatch,
                        .name = name,
                        .queue = 0,
                        .submit_at = 0,
                        .barrier_bit = true,
                        .dispatch = i,
                        .waits_for = {}});
    PlannedDispatch dispatch;
    dispatch.name = dispatch.kernel = name;
    dispatch.workgroups = 1;
    dispatch.workgroup_size = 64;
    dispatch.vgprs = dispatch.vgpr_bucket = kVgprBuckets[0];
    dispatch.durations = {kSpin};
    plan.dispatches.push_back(std::move(dispatch));
  }
  return plan;
}

}  // namespace

Calibration calibrate(Executor& executor, const ExecutorOptions& options) {
  const LaunchPlan plan = back_to_back();
  const MeasuredRun run = executor.run(plan);
  std::vector<Tick> latency;
  std::vector<Tick> gap;
  std::vector<double> error;
  const double asked = static_cast<double>(kSpin) * options.time_scale;
  for (std::size_t i = 0; i < run.dispatches.size(); ++i) {
    const MeasuredDispatch& d = run.dispatches[i];
    latency.push_back(d.start - d.submit);
    if (i > 0) gap.push_back(d.start - run.dispatches[i - 1].end);
    error.push_back(static_cast<double>(d.end - d.start) / asked - 1);
  }

  using Period = std::chrono::steady_clock::period;
  Calibration c;
  c.device = executor.device();
  c.arch = "host";
  c.compute_units = options.cpu_workers;
  c.clock_hz_declared = c.clock_hz_measured = static_cast<double>(Period::den) / Period::num;
  c.launch_latency = median(latency);
  c.packet_overhead = median(gap);
  c.spin_error = median(error);
  c.sources = {
      "compute units: the cpu_workers option, one worker thread per CU (0: each plan's own "
      "count)",
      "clock: the host's std::chrono::steady_clock, so declared and measured are both its "
      "period",
      "launch latency: median over " + std::to_string(kSamples) +
          " one-work-group dispatches in one queue, each with the barrier bit, of submission to "
          "work-group start",
      "packet overhead: median over the same dispatches of one's end to the next one's start",
      "spin error: median over the same dispatches of slept / asked - 1, each asked " +
          std::to_string(kSpin / kMicrosecond) + " us times the executor's time_scale",
  };
  return c;
}

}  // namespace aqlsim::hip::cpu
