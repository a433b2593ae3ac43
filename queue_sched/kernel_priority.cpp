#include "queue_sched/kernel_priority.hpp"

#include <cmath>

namespace aqlsim {

std::size_t PriorityKernelScheduler::choose(const KernelControl& control) {
  const auto waiting = ready();
  std::size_t best = 0;
  for (std::size_t i = 1; i < waiting.size(); ++i) {
    if (key(control, waiting[i]) < key(control, waiting[best])) best = i;
  }
  return best;
}

Tick KernelSrt::key(const KernelControl& control, KernelId kernel) const {
  const KernelState& k = control.kernel(kernel);
  return std::llround(static_cast<double>(k.isolated_runtime) * k.left_share()) +
         application_later(control, kernel);
}

}  // namespace aqlsim
