#include "hsa_model/hardware_scheduler.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace aqlsim {

HardwareScheduler::HardwareScheduler(Engine& engine, const FrontEndSpec& spec, FrontEndState& state,
                                     PacketProcessor& processor, QueueMappingPolicy& policy,
                                     const Observers& observers)
    : engine_(&engine),
      spec_(&spec),
      state_(&state),
      processor_(&processor),
      policy_(&policy),
      observers_(&observers),
      map_after_unmap_(state.slots.size()) {}

void HardwareScheduler::on_queue_created(QueueId queue) {
  for (SlotIndex slot = 0; slot < state_->slots.size(); ++slot) {
    const HardwareSlot& s = state_->slots[slot];
    if (!s.queue && s.activity == SlotActivity::empty && !map_after_unmap_[slot]) {
      return begin_map(slot, queue);
    }
  }
  arm_quantum();
}

void HardwareScheduler::on_host_activity() {
  if (oversubscribed()) arm_quantum();
}

void HardwareScheduler::arm_quantum() {
  if (quantum_armed_) return;
  quantum_armed_ = true;
  if (!asleep_) return engine_->schedule_after(spec_->quantum, quantum_event_);
  // Woken from a quiet period: the next tick the timer would have had, had it kept ticking. A
  // doorbell that rings on the grid is served by that grid's tick, run now after the doorbell
  // (as a ticking timer serves a submission scheduled before its tick); the tick that has just
  // put the timer to sleep is not run again.
  asleep_ = false;
  const Tick quiet_for = engine_->now() - last_tick_;
  const Tick periods = std::max<Tick>(1, (quiet_for + spec_->quantum - 1) / spec_->quantum);
  engine_->schedule_at(last_tick_ + periods * spec_->quantum, quantum_event_);
}

// Nothing can change any more when no event other than this quantum is pending and no queue,
// mapped or not, has a packet that could run: then the timer stops, which ends the run (a
// finished workload, or a deadlock that the model reports) instead of rotating forever.
bool HardwareScheduler::progress_possible() const {
  if (!engine_->idle()) return true;
  for (QueueId q = 0; q < state_->queues.size(); ++q) {
    if (processor_->head_ready(q)) return true;
  }
  return false;
}

// Quiet: no queue (but one in its error state) has a packet, no kernel is in flight and no slot
// is switching. Only a doorbell can end that, so the timer sleeps (and wakes on its own grid)
// rather than ticking through every quantum until a far-future submission. What the sleep
// skips: a policy that rotates empty queues (rr-idle, rr-timeslice) does not rotate them while
// nothing runs.
bool HardwareScheduler::quiet() const {
  for (QueueId q = 0; q < state_->queues.size(); ++q) {
    // A queue in its error state keeps its packets for ever and will never run them: counted,
    // it kept the timer ticking every quantum until a far-future submission.
    const QueueRuntime& rt = state_->runtime[q];
    if ((state_->queues[q]->has_pending() && !rt.failed) || rt.in_flight > 0) return false;
  }
  return std::none_of(state_->slots.begin(), state_->slots.end(),
                      [](const HardwareSlot& s) { return s.activity == SlotActivity::switching; });
}

void HardwareScheduler::quantum(std::uint64_t) {
  quantum_armed_ = false;
  if (!progress_possible()) {
    asleep_ = spec_->gem5();  // gem5's timer never stops: a later doorbell finds its grid
    last_tick_ = asleep_ ? engine_->now() : last_tick_;
    return;
  }
  last_tick_ = engine_->now();
  // gem5's timer keeps firing while any queue is unmapped (hw_scheduler.cc:57-82).
  if (!spec_->gem5() && quiet()) {
    asleep_ = true;
    return;
  }
  SlotAssignment next;
  next.reserve(state_->slots.size());
  for (const HardwareSlot& s : state_->slots)
    next.push_back(s.queue);
  policy_->on_quantum(snapshot(), next);
  apply(next);
  arm_quantum();
}

MappingView HardwareScheduler::snapshot() {
  const auto& queues = state_->queues;
  queue_status_.resize(queues.size());
  // With thousands of queues, a quantum waits mostly on memory: each queue's line is asked for
  // a few queues ahead, and its head packet's once that has had time to arrive.
  constexpr QueueId kAhead = 16;
  for (QueueId q = 0; q < queues.size(); ++q) {
    if (q + kAhead < queues.size()) __builtin_prefetch(queues[q + kAhead].get());
    if (q + kAhead / 2 < queues.size()) queues[q + kAhead / 2]->prefetch_head();
    const UserQueue& queue = *queues[q];
    const QueueRuntime& rt = state_->runtime[q];
    queue_status_[q] = QueueStatus{
        .id = q,
        .priority = queue.priority(),
        .head_priority = queue.has_pending() ? queue.packet_priority(queue.read_index()) : 0,
        .pending = queue.pending(),
        .head_ready = processor_->head_ready(q),
        .in_flight = rt.in_flight,
        .slot = rt.slot,
    };
  }
  slot_status_.resize(state_->slots.size());
  for (SlotIndex i = 0; i < state_->slots.size(); ++i) {
    const HardwareSlot& s = state_->slots[i];
    const bool switching = s.activity == SlotActivity::switching || map_after_unmap_[i];
    // gem5's idle test (hw_scheduler.cc:306-328) ignores a packet being processed.
    const bool processing = !spec_->gem5() && s.activity == SlotActivity::processing;
    slot_status_[i] = SlotStatus{
        .queue = s.queue,
        .switching = switching,
        .idle = s.queue && !switching && !processing && state_->runtime[*s.queue].in_flight == 0,
    };
  }
  return MappingView{queue_status_, slot_status_, engine_->now()};
}

void HardwareScheduler::apply(const SlotAssignment& next) {
  if (next.size() != state_->slots.size()) {
    throw std::logic_error("queue-mapping policy returned the wrong number of slots");
  }
  for (SlotIndex slot = 0; slot < next.size(); ++slot) {
    const auto current = state_->slots[slot].queue;
    const auto target = next[slot];
    if (current == target) continue;
    if (slot_status_[slot].switching) {
      throw std::logic_error("queue-mapping policy changed a slot that is switching");
    }
    const bool target_in_use = target && (state_->runtime[*target].slot ||
                                          std::count(next.begin(), next.end(), target) > 1);
    if (target_in_use) {
      throw std::logic_error("queue-mapping policy mapped a queue that is already mapped");
    }
    if (current) {
      map_after_unmap_[slot] = target;
      begin_unmap(slot);
    } else if (target) {
      begin_map(slot, *target);
    }
  }
}

void HardwareScheduler::begin_map(SlotIndex slot, QueueId queue) {
  HardwareSlot& s = state_->slots[slot];
  s.queue = queue;
  state_->runtime[queue].slot = slot;
  ++map_count_;
  state_->set_activity(slot, SlotActivity::switching, engine_->now());
  if (!observers_->empty()) {
    observers_->notify(&ModelObserver::on_queue_mapped, slot, *state_->queues[queue],
                       engine_->now());
  }
  if (spec_->map_latency == 0) return map_done(slot);
  engine_->schedule_after(spec_->map_latency, map_event_, slot);
}

void HardwareScheduler::map_done(std::uint64_t slot) {
  processor_->start_slot(static_cast<SlotIndex>(slot));
}

void HardwareScheduler::begin_unmap(SlotIndex slot) {
  processor_->stop_slot(slot);
  ++unmap_count_;
  state_->set_activity(slot, SlotActivity::switching, engine_->now());
  if (spec_->unmap_latency == 0) return unmap_done(slot);
  engine_->schedule_after(spec_->unmap_latency, unmap_event_, slot);
}

void HardwareScheduler::unmap_done(std::uint64_t slot_index) {
  const auto slot = static_cast<SlotIndex>(slot_index);
  HardwareSlot& s = state_->slots[slot];
  const QueueId old = *s.queue;
  // The unmap's switching interval is the old queue's; a map that follows is the next queue's.
  state_->set_activity(slot, SlotActivity::switching, engine_->now(), /*split=*/true);
  state_->runtime[old].slot.reset();
  s.queue.reset();
  if (!observers_->empty()) {
    observers_->notify(&ModelObserver::on_queue_unmapped, slot, *state_->queues[old],
                       engine_->now());
  }
  const auto next = std::exchange(map_after_unmap_[slot], std::nullopt);
  if (next) return begin_map(slot, *next);
  state_->set_activity(slot, SlotActivity::empty, engine_->now());
}

}  // namespace aqlsim
