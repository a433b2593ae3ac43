#include "hip_backend/measure.hpp"

#include <cmath>

#include "hip_backend/measured_report.hpp"

namespace aqlsim::hip {
namespace {

// Measured times back in plan time (the CPU executor sleeps plan time scaled).
MeasuredRun in_plan_time(MeasuredRun run, double time_scale) {
  if (time_scale == 1.0) return run;
  const auto rescale = [time_scale](Tick& t) {
    t = static_cast<Tick>(std::llround(static_cast<double>(t) / time_scale));
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
                    bool alone) {
  Measurement m;
  m.run = in_plan_time(executor.run(plan), executor.time_scale());
  if (alone) {
    for (std::uint32_t d = 0; d < plan.dispatches.size(); ++d) {
      const MeasuredDispatch by_itself =
          in_plan_time(executor.run(alone_plan(plan, d)), executor.time_scale()).dispatches.front();
      m.alone[plan.dispatches[d].name] = by_itself.end;  // submitted at 0 (alone_plan)
    }
  }
  m.report = measured_report(scenario, plan, m.run, m.alone);
  return m;
}

}  // namespace aqlsim::hip
