#include "hsa_model/front_end_state.hpp"

#include <algorithm>

namespace aqlsim {

FrontEndState::FrontEndState(std::uint32_t slot_count, const Observers& observers)
    : slots(slot_count), observers_(&observers) {}

void FrontEndState::end_interval(SlotIndex slot, Tick t) {
  HardwareSlot& s = slots[slot];
  const Tick end = std::max(t, s.since);
  totals_[static_cast<std::size_t>(s.activity)] += end - s.since;
  if (!observers_->empty() && end > s.since) {
    const UserQueue* queue = s.queue ? queues[*s.queue].get() : nullptr;
    observers_->notify(&ModelObserver::on_slot_activity, slot, s.activity, queue, s.since, end);
  }
  s.since = end;
}

void FrontEndState::set_activity(SlotIndex slot, SlotActivity activity, Tick now, bool split) {
  HardwareSlot& s = slots[slot];
  if (s.activity == activity && !split) return;
  end_interval(slot, now);
  s.activity = activity;
}

void FrontEndState::close_intervals(Tick t) {
  for (SlotIndex i = 0; i < slots.size(); ++i)
    end_interval(i, t);
}

}  // namespace aqlsim
