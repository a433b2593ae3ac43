#include "queue_sched/serial_kernel_scheduler.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace aqlsim {
namespace {

// An application's time summed over its kernels, each up to 2^62 ps: a few of those overflow a
// Tick. The sum is only compared, so it stops at kNever.
Tick saturated(TickSum sum) {
  return static_cast<Tick>(std::min<TickSum>(sum, kNever));
}

}  // namespace

void SerialKernelScheduler::on_known_dispatches(std::vector<KnownDispatch> dispatches) {
  for (const KnownDispatch& d : dispatches) {
    if (known_by_queue_.size() <= d.queue) known_by_queue_.resize(d.queue + 1);
    known_by_queue_[d.queue].push_back(d.isolated_runtime);
  }
}

Tick SerialKernelScheduler::application_total(const KernelControl& control, KernelId kernel) const {
  const QueueId queue = control.kernel(kernel).queue;
  if (queue >= known_by_queue_.size()) return control.kernel(kernel).isolated_runtime;
  const std::vector<Tick>& known = known_by_queue_[queue];
  return saturated(std::accumulate(known.begin(), known.end(), TickSum{0}));
}

Tick SerialKernelScheduler::application_remaining(const KernelControl& control,
                                                  KernelId kernel) const {
  const QueueId queue = control.kernel(kernel).queue;
  TickSum left = 0;
  const auto add_if_sibling = [&](KernelId k) {
    const KernelState& state = control.kernel(k);
    if (state.queue == queue)
      left += std::llround(static_cast<double>(state.isolated_runtime) * state.left_share());
  };
  if (running_) add_if_sibling(*running_);
  for (const KernelId k : ready_)
    add_if_sibling(k);
  if (queue >= known_by_queue_.size()) return saturated(left);
  const std::vector<Tick>& known = known_by_queue_[queue];
  const std::size_t arrived = std::min(known.size(), arrived_by_queue_[queue]);
  return saturated(
      std::accumulate(known.begin() + static_cast<std::ptrdiff_t>(arrived), known.end(), left));
}

void SerialKernelScheduler::on_arrival(KernelControl& control, KernelId kernel) {
  if (info_.size() <= kernel) info_.resize(kernel + 1);
  const QueueId queue = control.kernel(kernel).queue;
  if (arrived_by_queue_.size() <= queue) arrived_by_queue_.resize(queue + 1, 0);
  info_[kernel] = {.arrived = control.now(), .run_time = 0};
  ++arrived_by_queue_[queue];
  ready_.push_back(kernel);
  if (!running_) {
    start_next(control);
  } else if (!evicting_ && preempts(control, kernel, *running_)) {
    preempt(control);
  } else if (!timer_armed_ && !evicting_) {
    // A kernel that had the device to itself gets a quantum now that another waits, counted
    // from when its launch lands if it is still on its way.
    arm_timer(control, std::max(control.now(), running_since_), *running_);
  } else if (timer_armed_ && !evicting_ && quantum_follows_arrivals()) {
    arm_timer(control, quantum_from_, *running_);
  }
}

void SerialKernelScheduler::start_next(KernelControl& control) {
  if (ready_.empty()) return;
  const std::size_t chosen = choose(control);
  const KernelId kernel = ready_[chosen];
  ready_.erase(ready_.begin() + static_cast<std::ptrdiff_t>(chosen));
  running_ = kernel;
  running_since_ = control.launch(kernel);
  arm_timer(control, running_since_, kernel);
}

void SerialKernelScheduler::arm_timer(KernelControl& control, Tick from, KernelId kernel) {
  const Tick q = ready_.empty() ? kNever : quantum(control, kernel);
  timer_armed_ = q != kNever;
  quantum_from_ = from;
  if (timer_armed_) {
    // A quantum shortened below what has already run ends now.
    control.set_timer(std::max(control.now(), from + q));
  } else {
    control.cancel_timer();
  }
}

void SerialKernelScheduler::on_timer(KernelControl& control) {
  timer_armed_ = false;
  if (!running_ || evicting_) return;
  if (ready_.empty()) return;  // nobody waits: it keeps the device until someone arrives
  preempt(control);
}

void SerialKernelScheduler::preempt(KernelControl& control) {
  evicting_ = true;
  timer_armed_ = false;
  control.cancel_timer();
  control.evict(*running_);
}

void SerialKernelScheduler::stopped(KernelControl& control, KernelId kernel) {
  // A kernel evicted before its launch landed (an arrival preempting it) never had the device.
  info_[kernel].run_time += std::max<Tick>(0, control.now() - running_since_);
  info_[kernel].finished_by_stop = control.kernel(kernel).completed;
  running_.reset();
  evicting_ = false;
  timer_armed_ = false;
  control.cancel_timer();
}

void SerialKernelScheduler::on_evicted(KernelControl& control, KernelId kernel) {
  stopped(control, kernel);
  ready_.push_back(kernel);
  start_next(control);
}

void SerialKernelScheduler::on_completed(KernelControl& control, KernelId kernel) {
  if (running_ == kernel) stopped(control, kernel);
  start_next(control);
}

}  // namespace aqlsim
