#include "hsa_model/kernel_control.hpp"

#include <cassert>

namespace aqlsim {

KernelControl::KernelControl(Engine& engine, Dispatcher& dispatcher,
                             const PreemptionSpec& preemption, KernelScheduler& scheduler)
    : engine_(&engine),
      dispatcher_(&dispatcher),
      preemption_(preemption),
      scheduler_(&scheduler),
      timer_lane_(engine.add_lane()) {
  dispatcher_->set_kernel_events(this);
}

KernelControl::Wanted& KernelControl::wanted(KernelId kernel) {
  if (wanted_.size() <= kernel) wanted_.resize(kernel + 1);
  return wanted_[kernel];
}

Tick KernelControl::launch(KernelId kernel) {
  Wanted& w = wanted(kernel);
  w.running = true;
  // An eviction that has not stopped the kernel yet is given up: its command, if still on its
  // way, lands void, and no report comes.
  w.evicting = false;
  w.progress_at_launch = this->kernel(kernel).progress();
  const Tick at = now() + preemption_.launch_command;
  engine_->schedule_at(at, launch_event_, (std::uint64_t{++w.launches} << 32) | kernel);
  return at;
}

void KernelControl::evict(KernelId kernel) {
  Wanted& w = wanted(kernel);
  if (this->kernel(kernel).finished() || w.evicting) return;
  w.running = false;
  w.evicting = true;
  engine_->schedule_after(preemption_.eviction_command, eviction_event_, kernel);
}

void KernelControl::set_timer(Tick at) {
  assert(at >= now());
  cancel_timer();
  engine_->schedule_in_lane(timer_lane_, at, timer_event_, 0);
}

void KernelControl::set_cu_mask(KernelId kernel, std::vector<std::uint8_t> mask) {
  ++wanted(kernel).moves;  // overrides a move in flight
  dispatcher_->set_cu_mask(kernel, this->kernel(kernel).within_queue_mask(std::move(mask)));
}

void KernelControl::set_workers_per_cu(KernelId kernel, std::uint32_t workers) {
  Wanted& w = wanted(kernel);
  ++w.resizes;  // overrides a resize in flight
  w.resizing = false;
  dispatcher_->set_max_per_cu(kernel, workers);
}

void KernelControl::resize(KernelId kernel, std::uint32_t workers) {
  const bool shrinks = workers < this->kernel(kernel).max_per_cu;
  const Tick latency = shrinks ? preemption_.eviction_command : preemption_.launch_command;
  Wanted& w = wanted(kernel);
  w.resized_to = workers;
  w.resizing = true;
  engine_->schedule_after(latency, resize_event_, (std::uint64_t{++w.resizes} << 32) | kernel);
}

std::uint32_t KernelControl::workers_per_cu(KernelId kernel) const {
  const bool resizing = kernel < wanted_.size() && wanted_[kernel].resizing;
  return resizing ? wanted_[kernel].resized_to : this->kernel(kernel).max_per_cu;
}

void KernelControl::resize_lands(std::uint64_t payload) {
  const auto id = static_cast<KernelId>(payload);
  Wanted& w = wanted(id);
  if (static_cast<std::uint32_t>(payload >> 32) != w.resizes) return;  // superseded
  w.resizing = false;
  if (!kernel(id).finished()) dispatcher_->set_max_per_cu(id, w.resized_to);
}

void KernelControl::move_to(KernelId kernel, std::vector<std::uint8_t> requested) {
  const std::vector<std::uint8_t>& now = this->kernel(kernel).cu_mask;
  std::vector<std::uint8_t> mask = this->kernel(kernel).within_queue_mask(std::move(requested));
  bool gives_up = false;
  for (std::size_t cu = 0; cu < cu_count(); ++cu) {
    const bool had = now.empty() || now[cu] != 0;
    const bool keeps = mask.empty() || mask[cu] != 0;
    gives_up = gives_up || (had && !keeps);
  }
  if (pending_masks_.size() <= kernel) pending_masks_.resize(kernel + 1);
  pending_masks_[kernel] = std::move(mask);
  engine_->schedule_after(gives_up ? preemption_.eviction_command : preemption_.launch_command,
                          move_event_, (std::uint64_t{++wanted(kernel).moves} << 32) | kernel);
}

void KernelControl::move_lands(std::uint64_t payload) {
  const auto id = static_cast<KernelId>(payload);
  if (static_cast<std::uint32_t>(payload >> 32) != wanted(id).moves) return;  // superseded
  if (!this->kernel(id).finished()) dispatcher_->set_cu_mask(id, pending_masks_[id]);
}

void KernelControl::launch_lands(std::uint64_t payload) {
  const auto id = static_cast<KernelId>(payload);
  const Wanted& w = wanted(id);
  if (w.running && static_cast<std::uint32_t>(payload >> 32) == w.launches)
    dispatcher_->release(id);
}

void KernelControl::eviction_lands(std::uint64_t kernel) {
  const auto id = static_cast<KernelId>(kernel);
  if (wanted(id).running || this->kernel(id).finished()) return;
  dispatcher_->hold(id);  // drain: workers take no new task; the rest stop them at once
  // At once, but behind the events already due now: a work-group that ends as the command lands
  // has finished, and is neither killed nor saved.
  if (preemption_.mechanism != PreemptionMechanism::drain)
    engine_->schedule_at(now(), stop_event_, kernel);
}

void KernelControl::stop_workgroups(std::uint64_t kernel) {
  const auto id = static_cast<KernelId>(kernel);
  if (!this->kernel(id).finished()) dispatcher_->stop_workgroups(id, preemption_.mechanism);
}

void KernelControl::on_arrival(KernelId kernel) {
  wanted(kernel);
  scheduler_->on_arrival(*this, kernel);
}

void KernelControl::on_idle(KernelId kernel) {
  Wanted& w = wanted(kernel);
  if (!w.evicting) return;
  w.evicting = false;
  w.fruitless = this->kernel(kernel).progress() == w.progress_at_launch ? w.fruitless + 1 : 0;
  if (w.fruitless >= kFruitlessEvictions) {
    livelocked_ = kernel;
    engine_->stop();
    return;
  }
  engine_->schedule_after(preemption_.pending_read, report_event_, kernel);
}

void KernelControl::on_completed(KernelId kernel) {
  Wanted& w = wanted(kernel);
  w.evicting = false;
  w.running = false;
  engine_->schedule_after(preemption_.pending_read, report_event_, kernel | kCompletedFlag);
}

void KernelControl::on_all_issued(KernelId kernel) {
  engine_->schedule_after(preemption_.pending_read, all_issued_event_, kernel);
}

void KernelControl::all_issued_reported(std::uint64_t kernel) {
  const auto id = static_cast<KernelId>(kernel);
  if (!this->kernel(id).finished()) scheduler_->on_last_workgroup_started(*this, id);
}

void KernelControl::report(std::uint64_t payload) {
  const auto id = static_cast<KernelId>(payload & ~kCompletedFlag);
  if (payload & kCompletedFlag) {
    scheduler_->on_completed(*this, id);
  } else {
    scheduler_->on_evicted(*this, id);
  }
}

void KernelControl::timer_fires(std::uint64_t) {
  scheduler_->on_timer(*this);
}

}  // namespace aqlsim
