#include "hsa_model/dispatcher.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <stdexcept>

#include "hsa_model/random_stream.hpp"

namespace aqlsim {

Dispatcher::Dispatcher(Engine& engine, const DeviceSpec& device, ThreadBlockScheduler& scheduler,
                       const Observers& observers, std::uint64_t seed)
    : engine_(&engine),
      scheduler_(&scheduler),
      observers_(&observers),
      seed_(seed),
      max_kernels_(device.front_end.max_concurrent_kernels),
      cu0_first_(device.front_end.placement == WorkgroupPlacement::cu0_first),
      rotate_(device.front_end.placement == WorkgroupPlacement::rotate),
      wave_size_(device.wave_size),
      preemption_(device.preemption),
      context_channel_free_(device.compute_units, 0),
      busy_lanes_(device.compute_units, 0),
      is_candidate_(device.compute_units, 0) {
  assert(device.cu.max_workgroups <= 64 && "lanes are tracked in a 64-bit mask");
  cus_.reserve(device.compute_units);
  for (std::uint32_t i = 0; i < device.compute_units; ++i)
    cus_.emplace_back(device.cu);
  // One lane per CU for its work-groups' ends and transfers: each work-group has at most one
  // event there, so twice the CU's work-groups is room enough never to grow (page faults).
  engine.set_lanes(device.compute_units, 2 * device.cu.max_workgroups);
  timer_ = make_workgroup_timer(engine, workgroup_event_, cus_, kernels_);
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
  k.stream_seed = RandomStream::kernel_seed(seed_, launch.stream_key);
  k.isolated_runtime = launch.isolated_runtime;
  k.completion_signal = launch.completion_signal;
  k.demand = launch.demand;
  k.occupancy = launch.occupancy;
  k.duration = launch.duration;
  k.reference_load = launch.duration.reference_residency == 0 ? launch.occupancy.max_residency
                                                              : launch.duration.reference_residency;
  k.sampler = DurationSampler(k.duration, k.reference_load);
  k.context_transfer = context_transfer_time(k.demand);
  k.total_workgroups = launch.workgroups;
  k.to_issue = launch.workgroups;
  k.resident_per_cu.assign(cus_.size(), 0);
  k.arrival = launch.arrival;
  k.launch = engine_->now();
  k.cu_mask = launch.cu_mask;
  k.queue_mask = launch.cu_mask;
  if (launch.persistent_workers_per_cu > 0) k.max_per_cu = launch.persistent_workers_per_cu;
  k.held = kernel_events_ != nullptr;
  (k.held ? held_ : active_).push_back(id);
  now_ = engine_->now();
  scheduler_->on_kernel_launched(view(), id);
  if (!observers_->empty()) observers_->notify(&ModelObserver::on_kernel_launched, k, now_);
  if (k.held) {
    kernel_events_->on_arrival(id);
    return id;
  }
  mark_all_candidates();
  request_pass();
  return id;
}

void Dispatcher::hold(KernelId id) {
  KernelState& k = kernels_[id];
  if (k.finished()) return;
  now_ = engine_->now();
  k.off_device = false;  // every hold is a new eviction, reported once it is complete
  if (!k.held) {
    k.held = true;
    std::erase(active_, id);
    held_.push_back(id);
    mark_all_candidates();
  }
  // A kernel evicted before its launch landed was never released: it is idle at once.
  check_idle(k);
}

void Dispatcher::release(KernelId id) {
  KernelState& k = kernels_[id];
  if (!k.held) return;
  now_ = engine_->now();
  k.held = false;
  k.off_device = false;
  k.released = true;
  std::erase(held_, id);
  active_.insert(std::lower_bound(active_.begin(), active_.end(), id), id);
  // After the issuing count moves: a policy that caches what it derives from the active kernels
  // (srtf's stages) must see the change when the hook asks.
  mark_all_candidates();
  scheduler_->on_kernel_released(view(), id);
  request_pass();
}

void Dispatcher::set_cu_mask(KernelId id, std::vector<std::uint8_t> mask) {
  kernels_[id].cu_mask = std::move(mask);
  mark_all_candidates();
  request_pass();
}

void Dispatcher::set_max_per_cu(KernelId id, std::uint32_t workgroups) {
  kernels_[id].max_per_cu = workgroups;
  mark_all_candidates();
  request_pass();
}

void Dispatcher::stop_workgroups(KernelId id, PreemptionMechanism mechanism) {
  assert(mechanism != PreemptionMechanism::drain && "drain stops nothing: hold the kernel");
  now_ = engine_->now();
  // Every run on the device comes back as returned work, now or when its context is saved.
  KernelState& k = kernels_[id];
  k.returned.reserve(k.returned.size() + k.running());
  // The scan ends at the kernel's last work-group on the device (saving ones counted), not at
  // the last slot: a kernel placed early holds the low slots.
  std::uint64_t unseen = k.running();
  {
    const Engine::LaneBatch batch(*engine_);
    // Restores first, so that their CUs' channels are free again before any save is queued.
    slots_to_stop_.clear();
    for (std::uint32_t slot = 0; unseen > 0 && slot < workgroups_.size(); ++slot) {
      const WorkgroupRecord& wg = workgroups_[slot];
      if (wg.kernel != id || wg.phase == WorkgroupPhase::free) continue;
      --unseen;
      if (wg.phase == WorkgroupPhase::restoring) {
        evict_workgroup(slot, mechanism);
      } else if (wg.phase == WorkgroupPhase::running) {
        slots_to_stop_.push_back(slot);
      }
    }
    give_back_transfers();
    for (const std::uint32_t slot : slots_to_stop_)
      evict_workgroup(slot, mechanism);
  }
  assert(unseen == 0 && "a kernel's running count disagrees with its work-group slots");
  mark_all_candidates();
  request_pass();
  check_idle(k);
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

void Dispatcher::mark_all_candidates() {
  const auto count = static_cast<CuIndex>(cus_.size());
  for (CuIndex i = 0; i < count; ++i)
    mark_candidate(rotate_from_ + i < count ? rotate_from_ + i : rotate_from_ + i - count);
  issuing_may_have_changed();
}

// Every change to the set of kernels with work left to issue goes through here.
void Dispatcher::issuing_may_have_changed() {
  update_smallest_pending();
  ++issuing_changes_;
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
  if (cu0_first_) {
    sweep_from_cu0();
  } else {
    place_round_robin();
  }
  start_placed_workgroups();
  if (const Tick at = scheduler_->wake_at(); at > now_ && at < wake_pending_) {
    wake_pending_ = at;
    engine_->schedule_at(at, wake_event_);
  }
}

// Round-robin over the CUs that may take work, one work-group per CU per round, until no CU
// accepts another.
void Dispatcher::place_round_robin() {
  while (!candidates_.empty()) {
    next_round_.clear();
    // By index: placing a kernel's last work-group marks every CU, appending to this round.
    for (std::size_t i = 0; i < candidates_.size(); ++i) {
      const CuIndex cu = candidates_[i];
      const KernelId kernel = pick(cu);
      if (kernel != kNoKernel) {
        place_workgroup(kernel, cu);
        next_round_.push_back(cu);
      } else {
        is_candidate_[cu] = 0;
      }
    }
    // The round's last placement: a later marking of every CU starts after it.
    if (rotate_ && !next_round_.empty())
      rotate_from_ = static_cast<CuIndex>((next_round_.back() + 1) % cus_.size());
    candidates_.swap(next_round_);
  }
}

// gem5 (shader.cc:254-300): one work-group per CU per sweep, every sweep from CU 0; a kernel
// that has issued its last work-group ends the sweep, so the next kernel starts at CU 0 too.
void Dispatcher::sweep_from_cu0() {
  for (const CuIndex cu : candidates_)
    is_candidate_[cu] = 0;
  candidates_.clear();
  bool placed = true;
  while (placed) {
    placed = false;
    for (CuIndex cu = 0; cu < cus_.size(); ++cu) {
      const KernelId kernel = pick(cu);
      if (kernel == kNoKernel) continue;
      place_workgroup(kernel, cu);
      placed = true;
      if (kernels_[kernel].unissued() == 0) break;
    }
  }
  for (const CuIndex cu : candidates_)  // marked by the placements; nothing more fits now
    is_candidate_[cu] = 0;
  candidates_.clear();
}

// The thread-block scheduler's choice for `cu`, checked in every build: a policy that picks
// what may not run there (nothing to issue, held by the kernel scheduler, outside its launch
// controls) is a bug in the policy, reported like a queue-mapping policy's. The CU's resources
// are checked as the work-group is placed (place_workgroup), which computes them anyway.
KernelId Dispatcher::pick(CuIndex cu) {
  if (!can_take_work(cu)) return kNoKernel;
  const KernelId kernel = scheduler_->pick(view(), cu);
  if (kernel == kNoKernel) return kNoKernel;
  const KernelState& k = kernels_[kernel];
  if (k.unissued() == 0) throw_misfit(kernel, cu, "it has nothing to issue");
  if (k.held) throw_misfit(kernel, cu, "the kernel scheduler holds it");
  if (!k.allowed_on(cu)) throw_misfit(kernel, cu, "its launch controls keep it off");
  return kernel;
}

void Dispatcher::throw_misfit(KernelId kernel, CuIndex cu, std::string_view why) const {
  throw std::logic_error(fmt::format("thread-block scheduler '{}' picked kernel {} for CU {}: {}",
                                     scheduler_->name(), kernel, cu, why));
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
  --k.to_issue;
  if (k.returned_pending() > 0) {
    const ReturnedWork work = k.returned[k.returned_head++];
    if (k.returned_head == k.returned.size()) {
      k.returned.clear();
      k.returned_head = 0;
    }
    wg.index = work.index;
    wg.fraction = work.fraction;
    wg.restore = work.restore;
  } else {
    wg.index = k.issued++;
    wg.fraction = 1.0;
    wg.restore = false;
  }
  wg.phase = WorkgroupPhase::running;
  wg.cu = cu;
  wg.lane = take_lane(cu);
  wg.start = now_;
  wg.end = kNever;  // known when it ends (the at-dispatch timer knows it at the start)
  timer_->before_load_change(cu);
  if (!cus_[cu].try_place(k.demand, wg.placement)) throw_misfit(id, cu, "it does not fit");
  ++k.resident_per_cu[cu];
  if (k.start == kNever) k.start = now_;
  placed_.push_back(slot);
  // Once a kernel has issued its last work-group, other kernels may now be chosen anywhere.
  if (k.unissued() == 0) {
    if (scheduler_->rescans().when_fully_issued) {
      mark_all_candidates();
    } else {
      issuing_may_have_changed();
    }
    if (kernel_events_) kernel_events_->on_all_issued(id);
  }
}

void Dispatcher::start_timer(std::uint32_t slot) {
  WorkgroupRecord& wg = workgroups_[slot];
  KernelState& k = kernels_[wg.kernel];
  // The load is in work-group equivalents of this kernel: every resident wave counts.
  if (!k.durations) {
    const ComputeUnitSpec& cu = cus_[wg.cu].spec();
    k.durations = std::make_unique<DurationCache>(k.demand.waves, cu.simds * cu.waves_per_simd);
  }
  DurationCache& durations = *k.durations;
  const double mean = durations.mean_at_waves(k.sampler, cus_[wg.cu].resident_waves());
  const double spread =
      k.sampler.random() ? durations.spread(k.sampler, k.stream_seed, wg.index, k.total_workgroups)
                         : 1.0;
  timer_->start(slot, wg, k, mean, spread);
}

void Dispatcher::start_placed_workgroups() {
  for (const std::uint32_t slot : placed_) {
    WorkgroupRecord& wg = workgroups_[slot];
    KernelState& k = kernels_[wg.kernel];
    if (wg.restore) {
      wg.phase = WorkgroupPhase::restoring;
      engine_->schedule_in_lane(wg.cu, transfer_context(wg.cu, k), workgroup_event_, slot);
    } else {
      start_timer(slot);
    }
    scheduler_->on_workgroup_started(view(), wg);
    if (!observers_->empty()) {
      observers_->notify(&ModelObserver::on_workgroup_started, k, wg, cus_[wg.cu]);
    }
  }
  placed_.clear();
  timer_->settle();
}

void Dispatcher::finish_workgroup(std::uint32_t slot) {
  WorkgroupRecord& record = workgroups_[slot];
  now_ = engine_->now();
  // Copied before anything is written to it (a copy just after a write stalled on store
  // forwarding); observers hear of the run as it was, before the slot is freed.
  WorkgroupRecord wg = record;
  wg.end = now_;
  record.end = now_;
  KernelState& k = kernels_[wg.kernel];
  free_workgroup(slot);
  ++k.completed;
  ++workgroups_finished_;
  scheduler_->on_workgroup_finished(view(), wg);
  if (!observers_->empty()) observers_->notify(&ModelObserver::on_workgroup_finished, k, wg);
  if (k.finished()) {
    complete_kernel(k);
  } else if (kernel_events_) {
    check_idle(k);
  }
}

// Gives the slot's resources back; the run has no event left in its lane (it ended, or the
// eviction withdrew it).
void Dispatcher::free_workgroup(std::uint32_t slot) {
  WorkgroupRecord& wg = workgroups_[slot];
  KernelState& k = kernels_[wg.kernel];
  free_slots_.push_back(slot);
  timer_->before_load_change(wg.cu);
  cus_[wg.cu].release(k.demand, wg.placement);
  busy_lanes_[wg.cu] &= ~(std::uint64_t{1} << wg.lane);
  --k.resident_per_cu[wg.cu];
  wg.phase = WorkgroupPhase::free;
  mark_candidate(wg.cu);
  request_pass();
}

void Dispatcher::evict_workgroup(std::uint32_t slot, PreemptionMechanism mechanism) {
  WorkgroupRecord& wg = workgroups_[slot];
  KernelState& k = kernels_[wg.kernel];
  const bool restoring = wg.phase == WorkgroupPhase::restoring;
  // A restoring work-group's saved context is still in memory: nothing to write out again.
  const bool saves = mechanism == PreemptionMechanism::context_save && !restoring;
  double left = wg.fraction;
  if (restoring) {
    const Tick restored_at = *engine_->cancel_in_lane(wg.cu, workgroup_event_, slot);
    // The wait for the context that is not spent now is not charged.
    k.context_time -= restored_at - now_;
    withdrawn_restores_.push_back({restored_at, k.context_transfer, wg.cu});
  } else {
    left = timer_->withdraw(slot, wg);
  }
  // The context's arrival in memory is never withdrawn (a saving work-group is not evicted
  // again), and a CU's transfers end in the order they are queued.
  if (saves) engine_->schedule_in_order(transfer_context(wg.cu, k), workgroup_event_, slot);
  wg.end = now_;
  ++k.evicted_workgroups;
  // A killed run's work is lost: the work-group starts over.
  const bool killed = mechanism == PreemptionMechanism::kill;
  const double redo = killed ? 1.0 : left;
  if (!observers_->empty()) observers_->notify(&ModelObserver::on_workgroup_evicted, k, wg, redo);
  scheduler_->on_workgroup_evicted(view(), wg);
  if (saves) {
    if (left < wg.fraction) ++k.advanced_runs;
    wg.phase = WorkgroupPhase::saving;
    wg.fraction = left;
    return;
  }
  if (killed) k.wasted += now_ - wg.start;
  return_work(k, {.index = wg.index, .fraction = redo, .restore = !killed});
  free_workgroup(slot);
}

void Dispatcher::return_work(KernelState& k, const ReturnedWork& work) {
  k.returned.push_back(work);
  ++k.to_issue;
}

void Dispatcher::workgroup_event(std::uint64_t slot) {
  switch (workgroups_[slot].phase) {
    case WorkgroupPhase::running:
      return finish_workgroup(static_cast<std::uint32_t>(slot));
    case WorkgroupPhase::saving:
      return context_saved(static_cast<std::uint32_t>(slot));
    case WorkgroupPhase::restoring:
      return context_restored(static_cast<std::uint32_t>(slot));
    case WorkgroupPhase::free:
      break;
  }
  assert(false && "an event about a work-group slot that holds none (a withdrawn event ran)");
}

void Dispatcher::context_saved(std::uint32_t slot) {
  now_ = engine_->now();
  WorkgroupRecord& wg = workgroups_[slot];
  KernelState& k = kernels_[wg.kernel];
  return_work(k, {.index = wg.index, .fraction = wg.fraction, .restore = true});
  free_workgroup(slot);
  // Returned work changes what is pending only for a kernel that may issue.
  if (!k.held) mark_all_candidates();
  check_idle(k);
}

void Dispatcher::context_restored(std::uint32_t slot) {
  now_ = engine_->now();
  workgroups_[slot].phase = WorkgroupPhase::running;
  start_timer(slot);
  timer_->settle();
}

// One work-group's context (VGPRs x lanes x waves, SGPRs x waves, LDS) over its CU's share of
// the save bandwidth.
Tick Dispatcher::context_transfer_time(const WorkgroupDemand& d) const {
  const double bytes =
      4.0 * d.waves * (static_cast<double>(d.vgprs_per_wave) * wave_size_ + d.sgprs_per_wave) +
      d.lds_bytes;
  const double per_cu = preemption_.save_gbps * 1e3 / static_cast<double>(cus_.size());  // B/us
  return duration_ticks(std::ceil(bytes / per_cu * kMicrosecond));
}

// Queues one work-group's context transfer on its CU; returns when the transfer is done.
Tick Dispatcher::transfer_context(CuIndex cu, KernelState& k) {
  Tick& free_at = context_channel_free_[cu];
  // Transfers queued past the largest simulated time are never reached: keep the sum bounded.
  free_at = std::min(std::max(free_at, now_), kMaxSimTime + 1) + k.context_transfer;
  k.context_time += free_at - now_;
  return free_at;
}

// The restores stop_workgroups withdrew, latest end first: each that is the last transfer
// queued on its CU gives back the part of the channel's time not yet spent (a transfer queued
// behind it, its end already scheduled, cannot move up).
void Dispatcher::give_back_transfers() {
  std::sort(withdrawn_restores_.begin(), withdrawn_restores_.end(),
            [](const WithdrawnRestore& a, const WithdrawnRestore& b) { return a.end > b.end; });
  for (const WithdrawnRestore& w : withdrawn_restores_) {
    Tick& free_at = context_channel_free_[w.cu];
    if (free_at == w.end) free_at = std::max(w.end - w.transfer, now_);
  }
  withdrawn_restores_.clear();
}

void Dispatcher::report_idle(KernelState& k) {
  k.off_device = true;
  if (k.released) {
    k.released = false;
    ++k.evictions;
    if (!observers_->empty()) observers_->notify(&ModelObserver::on_kernel_evicted, k, now_);
  }
  kernel_events_->on_idle(k.id);
}

void Dispatcher::complete_kernel(KernelState& k) {
  k.end = now_;
  std::erase(active_, k.id);
  std::erase(held_, k.id);
  scheduler_->on_kernel_completed(view(), k.id);
  if (!observers_->empty()) observers_->notify(&ModelObserver::on_kernel_completed, k, now_);
  if (scheduler_->rescans().when_completed) mark_all_candidates();
  if (on_kernel_completed_) on_kernel_completed_(k);
  if (kernel_events_) kernel_events_->on_completed(k.id);
  // From now on the kernel is only reported: its count for every CU goes (more than half of a
  // finished kernel's memory on a 120-CU device), and so do its draws. (Assigning `{}` would
  // keep the vector's storage: it assigns an empty list.)
  std::vector<std::uint32_t>().swap(k.resident_per_cu);
  k.durations.reset();
}

std::uint32_t Dispatcher::take_lane(CuIndex cu) {
  const auto lane = static_cast<std::uint32_t>(std::countr_one(busy_lanes_[cu]));
  busy_lanes_[cu] |= std::uint64_t{1} << lane;
  return lane;
}

}  // namespace aqlsim
