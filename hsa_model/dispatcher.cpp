#include "hsa_model/dispatcher.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

#include "hsa_model/random_stream.hpp"

namespace aqlsim {

Dispatcher::Dispatcher(Engine& engine, const DeviceSpec& device, ThreadBlockScheduler& scheduler,
                       const Observers& observers, std::uint64_t seed)
    : engine_(&engine),
      scheduler_(&scheduler),
      observers_(&observers),
      seed_(seed),
      max_kernels_(device.front_end.max_concurrent_kernels),
      busy_lanes_(device.compute_units, 0),
      is_candidate_(device.compute_units, 0) {
  assert(device.cu.max_workgroups <= 64 && "lanes are tracked in a 64-bit mask");
  cus_.reserve(device.compute_units);
  for (std::uint32_t i = 0; i < device.compute_units; ++i)
    cus_.emplace_back(device.cu);
  timer_ = make_workgroup_timer(engine, workgroup_end_, cus_, kernels_);
}

KernelId Dispatcher::launch(const KernelLaunch& launch) {
  assert(has_capacity() && launch.workgroups > 0);
  const auto id = static_cast<KernelId>(kernels_.size());
  KernelState& k = kernels_.emplace_back();
  k.id = id;
  k.profile = launch.profile;
  k.queue = launch.queue;
  k.packet_index = launch.packet_index;
  k.stream_key = launch.stream_key;
  k.isolated_runtime = launch.isolated_runtime;
  k.completion_signal = launch.completion_signal;
  k.demand = launch.demand;
  k.occupancy = launch.occupancy;
  k.duration = launch.duration;
  k.reference_load = launch.duration.reference_residency == 0 ? launch.occupancy.max_residency
                                                              : launch.duration.reference_residency;
  k.sampler = DurationSampler(k.duration, k.reference_load);
  k.total_workgroups = launch.workgroups;
  k.resident_per_cu.assign(cus_.size(), 0);
  k.arrival = launch.arrival;
  k.launch = engine_->now();
  active_.push_back(id);
  now_ = engine_->now();
  scheduler_->on_kernel_launched(view(), id);
  if (!observers_->empty()) observers_->notify(&ModelObserver::on_kernel_launched, k, now_);
  mark_all_candidates();
  request_pass();
  return id;
}

void Dispatcher::request_pass() {
  if (pass_pending_) return;
  pass_pending_ = true;
  // Scheduled behind every event already due now, so that all work-groups finishing at this
  // tick have released their resources before anything is placed.
  engine_->schedule_at(engine_->now(), pass_event_);
}

void Dispatcher::mark_candidate(CuIndex cu) {
  if (is_candidate_[cu]) return;
  is_candidate_[cu] = 1;
  candidates_.push_back(cu);
}

// Every change to the set of kernels with work left to issue goes through here.
void Dispatcher::mark_all_candidates() {
  for (CuIndex cu = 0; cu < cus_.size(); ++cu)
    mark_candidate(cu);
  update_smallest_pending();
}

bool Dispatcher::can_take_work(CuIndex cu) const {
  return smallest_pending_ && cus_[cu].totals_allow(*smallest_pending_);
}

void Dispatcher::update_smallest_pending() {
  smallest_pending_.reset();
  for (const KernelId id : active_) {
    const KernelState& k = kernels_[id];
    if (k.unissued() == 0) continue;
    if (!smallest_pending_) {
      smallest_pending_ = k.demand;
      continue;
    }
    WorkgroupDemand& m = *smallest_pending_;
    m.waves = std::min(m.waves, k.demand.waves);
    m.vgprs_per_wave = std::min(m.vgprs_per_wave, k.demand.vgprs_per_wave);
    m.sgprs_per_wave = std::min(m.sgprs_per_wave, k.demand.sgprs_per_wave);
    m.lds_bytes = std::min(m.lds_bytes, k.demand.lds_bytes);
  }
}

void Dispatcher::run_pass(std::uint64_t) {
  pass_pending_ = false;
  now_ = engine_->now();
  if (scheduler_->take_rescan_request()) mark_all_candidates();
  // Round-robin over the CUs that may take work, one work-group per CU per round, until no
  // CU accepts another.
  while (!candidates_.empty()) {
    next_round_.clear();
    // By index: placing a kernel's last work-group marks every CU, appending to this round.
    for (std::size_t i = 0; i < candidates_.size(); ++i) {
      const CuIndex cu = candidates_[i];
      const auto kernel = can_take_work(cu) ? scheduler_->pick(view(), cu) : std::nullopt;
      if (kernel) {
        assert(view().fits(*kernel, cu) && "a thread-block scheduler picked what does not fit");
        place_workgroup(*kernel, cu);
        next_round_.push_back(cu);
      } else {
        is_candidate_[cu] = 0;
      }
    }
    candidates_.swap(next_round_);
  }
  start_placed_workgroups();
  if (const Tick at = scheduler_->wake_at(); at > now_ && at < wake_pending_) {
    wake_pending_ = at;
    engine_->schedule_at(at, wake_event_);
  }
}

void Dispatcher::wake(std::uint64_t) {
  if (engine_->now() != wake_pending_) return;  // superseded by an earlier wake-up
  wake_pending_ = kNever;
  mark_all_candidates();
  request_pass();
}

void Dispatcher::place_workgroup(KernelId id, CuIndex cu) {
  KernelState& k = kernels_[id];
  std::uint32_t slot;
  if (free_slots_.empty()) {
    slot = static_cast<std::uint32_t>(workgroups_.size());
    workgroups_.emplace_back();
  } else {
    slot = free_slots_.back();
    free_slots_.pop_back();
  }
  WorkgroupRecord& wg = workgroups_[slot];
  wg.kernel = id;
  wg.index = k.issued++;
  wg.cu = cu;
  wg.lane = take_lane(cu);
  wg.start = now_;
  wg.end = kNever;  // known when it ends (the at-dispatch timer knows it at the start)
  timer_->before_load_change(cu);
  wg.placement = cus_[cu].place(k.demand);
  ++k.resident_per_cu[cu];
  if (k.start == kNever) k.start = now_;
  placed_.push_back(slot);
  // Once a kernel has issued its last work-group, other kernels may now be chosen anywhere.
  if (k.unissued() == 0) mark_all_candidates();
}

void Dispatcher::start_placed_workgroups() {
  for (const std::uint32_t slot : placed_) {
    WorkgroupRecord& wg = workgroups_[slot];
    const KernelState& k = kernels_[wg.kernel];
    // Load in work-group equivalents of this kernel: every resident wave counts.
    const double load = static_cast<double>(cus_[wg.cu].resident_waves()) / k.demand.waves;
    RandomStream stream(seed_, k.stream_key, wg.index);
    timer_->start(slot, wg, k, load, stream);
    scheduler_->on_workgroup_started(view(), wg);
    if (!observers_->empty()) {
      observers_->notify(&ModelObserver::on_workgroup_started, k, wg, cus_[wg.cu]);
    }
  }
  placed_.clear();
  timer_->settle();
}

void Dispatcher::finish_workgroup(std::uint64_t slot) {
  now_ = engine_->now();
  workgroups_[slot].end = now_;
  const WorkgroupRecord wg = workgroups_[slot];
  free_slots_.push_back(static_cast<std::uint32_t>(slot));
  KernelState& k = kernels_[wg.kernel];
  timer_->before_load_change(wg.cu);
  cus_[wg.cu].release(k.demand, wg.placement);
  busy_lanes_[wg.cu] &= ~(std::uint64_t{1} << wg.lane);
  --k.resident_per_cu[wg.cu];
  ++k.completed;
  ++workgroups_finished_;
  scheduler_->on_workgroup_finished(view(), wg);
  if (!observers_->empty()) observers_->notify(&ModelObserver::on_workgroup_finished, k, wg);
  mark_candidate(wg.cu);
  request_pass();
  if (k.finished()) complete_kernel(k);
}

void Dispatcher::complete_kernel(KernelState& k) {
  k.end = now_;
  std::erase(active_, k.id);
  scheduler_->on_kernel_completed(view(), k.id);
  if (!observers_->empty()) observers_->notify(&ModelObserver::on_kernel_completed, k, now_);
  mark_all_candidates();
  if (on_kernel_completed_) on_kernel_completed_(k);
}

std::uint32_t Dispatcher::take_lane(CuIndex cu) {
  const auto lane = static_cast<std::uint32_t>(std::countr_one(busy_lanes_[cu]));
  busy_lanes_[cu] |= std::uint64_t{1} << lane;
  return lane;
}

}  // namespace aqlsim
