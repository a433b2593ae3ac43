#include "hip_backend/measure.hpp"

#include "hip_backend/measured_report.hpp"

namespace aqlsim::hip {

Measurement measure(const Scenario& scenario, const LaunchPlan& plan, Executor& executor,
                    bool alone) {
  Measurement m;
  m.run = executor.run(plan);
  if (alone) {
    for (std::uint32_t d = 0; d < plan.dispatches.size(); ++d) {
      const MeasuredDispatch by_itself = executor.run(alone_plan(plan, d)).dispatches.front();
      m.alone[plan.dispatches[d].name] = by_itself.end - by_itself.submit;
    }
  }
  m.report = measured_report(scenario, plan, m.run, m.alone);
  return m;
}

}  // namespace aqlsim::hip
