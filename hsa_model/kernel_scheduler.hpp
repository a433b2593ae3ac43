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

// A dispatch's isolated runtime with 1, 2, ... persistent workers per CU (Bashizade et al.'s
// offline profile); index w - 1 holds the runtime with w workers.
struct WorkerProfile {
  QueueId queue = 0;
  std::uint64_t packet_index = 0;
  std::vector<Tick> runtime_by_workers;
};

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
  // The host has noticed that every work-group (task) of an unfinished kernel has started.
  virtual void on_last_workgroup_started(KernelControl&, KernelId) {}
  // The time set with KernelControl::set_timer has come.
  virtual void on_timer(KernelControl&) {}

  // Oracle policies (SJF, SRT) are told every dispatch of the run before it starts.
  virtual void on_known_dispatches(std::vector<KnownDispatch>) {}
  // Policies that size kernels are given each dispatch's offline profile before the run.
  virtual void on_worker_profiles(std::vector<WorkerProfile>) {}
};

}  // namespace aqlsim
