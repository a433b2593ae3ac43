#include "queue_sched/rr_ready.hpp"

namespace aqlsim {

void RrReady::on_quantum(const MappingView& view, SlotAssignment& next) {
  // Slots that may take another queue: empty ones first, then those whose queue is not ready.
  std::vector<SlotIndex> free_slots;
  for (const bool want_empty : {true, false}) {
    for (SlotIndex s = 0; s < view.slots.size(); ++s) {
      const SlotStatus& slot = view.slots[s];
      if (slot.switching || slot.queue.has_value() == want_empty) continue;
      if (!slot.queue || !view.queues[*slot.queue].head_ready) free_slots.push_back(s);
    }
  }
  const std::size_t n = view.queues.size();
  const std::size_t start = queue_cursor_;
  auto slot = free_slots.begin();
  for (std::size_t i = 0; i < n && slot != free_slots.end(); ++i) {
    const QueueStatus& q = view.queues[(start + i) % n];
    if (q.slot || !q.head_ready) continue;
    next[*slot++] = q.id;
    queue_cursor_ = (q.id + 1) % n;
  }
}

}  // namespace aqlsim
