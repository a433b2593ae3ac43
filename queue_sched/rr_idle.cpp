#include "queue_sched/rr_idle.hpp"

#include <algorithm>

namespace aqlsim {

RrIdle::RrIdle(const PolicyParams& params)
    : swaps_per_quantum_(static_cast<std::uint32_t>(params.get("swaps_per_quantum"))) {}

void RrIdle::on_quantum(const MappingView& view, SlotAssignment& next) {
  for (std::uint32_t swap = 0; swap < swaps_per_quantum_; ++swap) {
    const auto queue = next_unmapped_queue(view, next);
    if (!queue) return;
    const auto slot = next_replaceable_slot(view, next);
    if (!slot) return;
    next[*slot] = *queue;
    queue_cursor_ = (*queue + 1) % view.queues.size();
    slot_cursor_ = (*slot + 1) % view.slots.size();
  }
}

std::optional<QueueId> RrIdle::next_unmapped_queue(const MappingView& view,
                                                   const SlotAssignment& next) {
  const std::size_t n = view.queues.size();
  for (std::size_t i = 0; i < n; ++i) {
    const auto q = static_cast<QueueId>((queue_cursor_ + i) % n);
    const bool chosen = std::find(next.begin(), next.end(), q) != next.end();
    if (!view.queues[q].slot && !chosen) return q;
  }
  return std::nullopt;
}

std::optional<SlotIndex> RrIdle::next_replaceable_slot(const MappingView& view,
                                                       const SlotAssignment& next) {
  const std::size_t n = view.slots.size();
  const auto unchanged = [&](std::size_t s) {
    return !view.slots[s].switching && next[s] == view.slots[s].queue;
  };
  for (std::size_t i = 0; i < n; ++i) {  // an empty slot first
    const std::size_t s = (slot_cursor_ + i) % n;
    if (unchanged(s) && !view.slots[s].queue) return static_cast<SlotIndex>(s);
  }
  for (std::size_t i = 0; i < n; ++i) {  // else an idle one
    const std::size_t s = (slot_cursor_ + i) % n;
    if (unchanged(s) && view.slots[s].idle) return static_cast<SlotIndex>(s);
  }
  return std::nullopt;
}

}  // namespace aqlsim
