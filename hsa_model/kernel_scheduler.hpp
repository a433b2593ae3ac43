#pragma once
// The host-side kernel scheduler (Lopez-Albelda et al. 2018, Bashizade et al. 2018): a policy
// that decides which kernels run, when they are evicted and where they may place work-groups.
// It is told of arrivals, completions, evictions and its timer; it acts through KernelControl,
// which owns the mechanism (transfer latencies, preemption, timers). Implementations live in
// queue_sched/.
#include <string_view>
#include <vector>

#include "hsa_model/kernel_state.hpp"
#include "hsa_model/thread_block_scheduler.hpp"

namespace aqlsim {

class KernelControl;

class KernelScheduler {
 public:
  virtual ~KernelScheduler() = default;
  virtual std::string_view name() const = 0;

  // A kernel was submitted; it is held until the scheduler launches it.
  virtual void on_arrival(KernelControl& control, KernelId kernel) = 0;
  // The host has read the task counter of a kernel that stopped: all its work is done
  // (on_completed) or it was evicted with work left (on_evicted).
  virtual void on_completed(KernelControl& control, KernelId kernel) = 0;
  virtual void on_evicted(KernelControl& control, KernelId kernel) = 0;
  // The time set with KernelControl::set_timer has come.
  virtual void on_timer(KernelControl&) {}

  // Oracle policies (SJF, SRT) are told every dispatch of the run before it starts.
  virtual void on_known_dispatches(std::vector<KnownDispatch>) {}
};

}  // namespace aqlsim
