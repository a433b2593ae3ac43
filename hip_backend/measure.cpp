#include "hip_backend/measure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "hip_backend/executor.hpp"
#include "hip_backend/measured_report.hpp"
#include "hip_backend/median.hpp"

namespace aqlsim::hip {
namespace {

// Measured times back in plan time (the CPU executor sleeps plan time scaled).
MeasuredRun in_plan_time(MeasuredRun run, double time_scale) {
  if (time_scale == 1.0) return run;
  const auto rescale = [time_scale](Tick& t) {
    const double plan_time = static_cast<double>(t) / time_scale;
    // At a tiny scale seconds of real time (thread start-up, host overhead) pass 2^62 ps.
    if (!(plan_time <= static_cast<double>(kMaxSimTime))) {
      throw ExecutorOptionError(fmt::format(
          "cpu executor: {:.3g} s of real time is, at a time scale of {:g}, past the longest "
          "time aqlsim represents (2^62 ps, about 53 days): use a larger --time-scale",
          static_cast<double>(t) / static_cast<double>(kSecond), time_scale));
    }
    t = static_cast<Tick>(std::llround(plan_time));
  };
  for (MeasuredDispatch& d : run.dispatches) {
    for (Tick* t : {&d.submit, &d.start, &d.end})
      rescale(*t);
    for (MeasuredWorkgroup& wg : d.workgroups) {
      rescale(wg.start);
      rescale(wg.end);
    }
    for (Tick& delay : d.eviction_delays)
      rescale(delay);
  }
  for (Tick& t : run.op_completed)
    rescale(t);
  return run;
}

}  // namespace

Measurement measure(const Scenario& scenario, const LaunchPlan& plan, Executor& executor,
                    bool alone, std::uint32_t repeat) {
  Measurement m;
  const std::uint32_t runs_each = std::max(repeat, 1u);
  std::vector<MeasuredRun> runs;
  for (std::uint32_t i = 0; i < runs_each; ++i) {
    runs.push_back(in_plan_time(executor.run(plan), executor.time_scale()));
    m.makespans.push_back(measured_report(scenario, plan, runs.back(), {}).makespan);
  }
  const Tick middle = median(m.makespans);
  m.run = std::move(runs[static_cast<std::size_t>(
      std::find(m.makespans.begin(), m.makespans.end(), middle) - m.makespans.begin())]);
  if (alone) {
    for (std::uint32_t d = 0; d < plan.dispatches.size(); ++d) {
      const LaunchPlan by_itself = alone_plan(plan, d);
      std::vector<Tick> ends;  // submitted at 0 (alone_plan): the turnaround
      for (std::uint32_t i = 0; i < runs_each; ++i) {
        ends.push_back(
            in_plan_time(executor.run(by_itself), executor.time_scale()).dispatches.front().end);
      }
      m.alone[plan.dispatches[d].name] = median(std::move(ends));
    }
  }
  m.report = measured_report(scenario, plan, m.run, m.alone);
  return m;
}

}  // namespace aqlsim::hip
