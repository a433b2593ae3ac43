#include "queue_sched/priority_mapping.hpp"

#include <algorithm>

namespace aqlsim {

void PriorityMapping::on_quantum(const MappingView& view, SlotAssignment& next) {
  // Incoming: ready unmapped queues, highest priority first.
  std::vector<const QueueStatus*> incoming;
  for (const QueueStatus& q : view.queues) {
    if (q.head_ready && !q.slot) incoming.push_back(&q);
  }
  std::stable_sort(incoming.begin(), incoming.end(),
                   [&](const auto* a, const auto* b) { return priority(*a) > priority(*b); });
  // The slots in the order they give way: empty, then not ready, then lowest priority.
  struct Victim {
    SlotIndex slot;
    int rank;                // 0 empty, 1 not ready, 2 ready
    std::uint32_t priority;  // of the mapped queue, for rank 2
  };
  std::vector<Victim> victims;
  for (SlotIndex s = 0; s < view.slots.size(); ++s) {
    const SlotStatus& slot = view.slots[s];
    if (slot.switching) continue;
    if (!slot.queue) {
      victims.push_back({s, 0, 0});
      continue;
    }
    const QueueStatus& q = view.queues[*slot.queue];
    victims.push_back({s, q.head_ready ? 2 : 1, priority(q)});
  }
  std::stable_sort(victims.begin(), victims.end(), [](const Victim& a, const Victim& b) {
    return a.rank != b.rank ? a.rank < b.rank : a.priority < b.priority;
  });
  auto victim = victims.begin();
  for (const QueueStatus* q : incoming) {
    if (victim == victims.end()) break;
    if (victim->rank == 2 && victim->priority >= priority(*q)) break;
    next[victim->slot] = q->id;
    ++victim;
  }
}

}  // namespace aqlsim
