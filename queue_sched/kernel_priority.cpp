#include "queue_sched/kernel_priority.hpp"

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
  return application_remaining(control, kernel);
}

}  // namespace aqlsim
