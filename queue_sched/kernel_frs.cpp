#include "queue_sched/kernel_frs.hpp"

#include <algorithm>
#include <cmath>

namespace aqlsim {

std::vector<ParamSpec> kernel_frs_params() {
  return {{"min_quantum_ms", 1, 0.001, 1e6, false,
           "shortest quantum in milliseconds (the paper: 1 ms)"}};
}

KernelFrs::KernelFrs(const PolicyParams& params)
    : min_quantum_(milliseconds_to_ticks(params.get("min_quantum_ms"))) {}

double KernelFrs::instantaneous_slowdown(Tick t, double tasks, double done, double tpt) {
  return (static_cast<double>(t) + (tasks - done) * tpt) / (tasks * tpt);
}

Tick KernelFrs::quantum_to_reach(double is_max, Tick t, double tasks, double done, double tpt) {
  return std::llround(is_max * tasks * tpt - (tasks - done) * tpt - static_cast<double>(t));
}

double KernelFrs::time_per_task(const KernelControl& control, KernelId kernel) const {
  const KernelState& k = control.kernel(kernel);
  // Measured at the last eviction: the tasks a running kernel has finished since then are not
  // in its run time yet.
  const std::uint64_t finished = finished_by_last_stop(kernel);
  if (finished > 0 && run_time(kernel) > 0)
    return static_cast<double>(run_time(kernel)) / static_cast<double>(finished);
  const Tick isolated = std::max<Tick>(1, k.isolated_runtime);
  return static_cast<double>(isolated) / static_cast<double>(k.total_workgroups);
}

double KernelFrs::slowdown(const KernelControl& control, KernelId kernel) const {
  const KernelState& k = control.kernel(kernel);
  return instantaneous_slowdown(control.now() - arrived_at(kernel),
                                static_cast<double>(k.total_workgroups),
                                static_cast<double>(k.completed), time_per_task(control, kernel));
}

std::size_t KernelFrs::choose(const KernelControl& control) {
  const auto waiting = ready();
  std::size_t highest = 0;
  for (std::size_t i = 1; i < waiting.size(); ++i) {
    if (slowdown(control, waiting[i]) > slowdown(control, waiting[highest])) highest = i;
  }
  return highest;
}

Tick KernelFrs::quantum(const KernelControl& control, KernelId kernel) {
  const auto waiting = ready();
  KernelId lowest = waiting.front();
  for (const KernelId k : waiting) {
    if (slowdown(control, k) < slowdown(control, lowest)) lowest = k;
  }
  const KernelState& m = control.kernel(lowest);
  const Tick q = quantum_to_reach(slowdown(control, kernel), control.now() - arrived_at(lowest),
                                  static_cast<double>(m.total_workgroups),
                                  static_cast<double>(m.completed), time_per_task(control, lowest));
  return std::max(q, min_quantum_);
}

}  // namespace aqlsim
