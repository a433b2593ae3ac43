#pragma once
// The common frame of the kernel-level schedulers of Lopez-Albelda et al. 2018 §IV: one
// kernel on the device at a time; the others wait, held, in a ready list. A policy says which
// ready kernel runs next, for how long (its quantum) and whether an arrival preempts the
// running kernel. The frame evicts, relaunches and keeps the timer through KernelControl.
//
// An application is a user queue: its kernels (a pipeline, e.g. CONV's two, CEDD's four) arrive
// one after another as the queue's barrier bits release them. Oracle policies see every
// dispatch in advance (on_known_dispatches) and so know an application's later kernels.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "hsa_model/kernel_control.hpp"
#include "hsa_model/kernel_scheduler.hpp"

namespace aqlsim {

class SerialKernelScheduler : public KernelScheduler {
 public:
  void on_arrival(KernelControl& control, KernelId kernel) final;
  void on_completed(KernelControl& control, KernelId kernel) final;
  void on_evicted(KernelControl& control, KernelId kernel) final;
  void on_timer(KernelControl& control) final;
  void on_known_dispatches(std::vector<KnownDispatch> dispatches) final;

 protected:
  // Which of the ready kernels (in the order they became ready) runs next.
  virtual std::size_t choose(const KernelControl& control) = 0;
  // How long `kernel`, just chosen, may run before the others get a turn (kNever: until it
  // ends or is preempted). ready() no longer holds it.
  virtual Tick quantum(const KernelControl& control, KernelId kernel) = 0;
  // Whether the kernel that just arrived should take the device from the running one.
  virtual bool preempts(const KernelControl&, KernelId /*arrived*/, KernelId /*running*/) {
    return false;
  }
  // Whether an arrival re-asks quantum() for the running kernel, counted from the same start
  // (kernel-cfs: one more active kernel shortens every share of the epoch). Otherwise a quantum
  // is fixed when its timer is armed.
  virtual bool quantum_follows_arrivals() const { return false; }

  std::span<const KernelId> ready() const { return ready_; }
  // When `kernel` reached the scheduler.
  Tick arrived_at(KernelId kernel) const { return info_[kernel].arrived; }
  // Time `kernel` has had the device: from each launch landing to its eviction report.
  Tick run_time(KernelId kernel) const { return info_[kernel].run_time; }
  // Its work-groups finished by then (what the pending-work read at the report gives): with
  // run_time, a measure that stays consistent while the kernel runs again.
  std::uint64_t finished_by_last_stop(KernelId kernel) const {
    return info_[kernel].finished_by_stop;
  }

  // Oracle figures of the kernel's application (its queue), from the isolated runtimes: the
  // sum over all its kernels; and its remaining time, the sum of its kernels' (López §IV-B):
  // for each that has arrived and not finished, its isolated time times its share of
  // work-groups not finished, and for each still to arrive, its isolated time.
  Tick application_total(const KernelControl& control, KernelId kernel) const;
  Tick application_remaining(const KernelControl& control, KernelId kernel) const;

 private:
  struct KernelInfo {
    Tick arrived = 0;
    Tick run_time = 0;
    std::uint64_t finished_by_stop = 0;
  };

  void start_next(KernelControl& control);
  void arm_timer(KernelControl& control, Tick from, KernelId kernel);
  void preempt(KernelControl& control);
  void stopped(KernelControl& control, KernelId kernel);

  std::vector<KernelId> ready_;
  std::vector<KernelInfo> info_;  // by KernelId
  std::optional<KernelId> running_;
  Tick running_since_ = 0;  // when its launch landed
  Tick quantum_from_ = 0;   // when the running kernel's quantum began
  bool evicting_ = false;
  bool timer_armed_ = false;
  std::vector<std::vector<Tick>> known_by_queue_;  // isolated runtimes, in packet order
  std::vector<std::size_t> arrived_by_queue_;      // how many of each queue's kernels have arrived
};

}  // namespace aqlsim
