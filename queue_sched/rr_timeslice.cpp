#include "queue_sched/rr_timeslice.hpp"

#include <algorithm>

namespace aqlsim {

void RrTimeslice::on_quantum(const MappingView& view, SlotAssignment& next) {
  const std::size_t queues = view.queues.size();
  const std::size_t slots = view.slots.size();
  window_start_ = (window_start_ + slots) % queues;
  std::vector<QueueId> window;
  for (std::size_t i = 0; i < slots; ++i) {
    window.push_back(static_cast<QueueId>((window_start_ + i) % queues));
  }
  const auto in_window = [&](std::optional<QueueId> q) {
    return q && std::find(window.begin(), window.end(), *q) != window.end();
  };
  // Queues of the window that are not mapped yet, in cyclic order...
  std::vector<QueueId> incoming;
  for (const QueueId q : window) {
    if (!view.queues[q].slot) incoming.push_back(q);
  }
  // ...go to the slots whose queue left the window, in slot order.
  auto next_incoming = incoming.begin();
  for (std::size_t s = 0; s < slots && next_incoming != incoming.end(); ++s) {
    if (view.slots[s].switching || in_window(view.slots[s].queue)) continue;
    next[s] = *next_incoming++;
  }
}

}  // namespace aqlsim
