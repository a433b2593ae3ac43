#pragma once
// Events that are never withdrawn and mostly come in the order they will run: the ends of the
// context transfers of evicted work-groups. Each CU's transfers run one after another, and an
// eviction queues them CU by CU in turn, so a new one usually runs after every one queued
// before it. Kept as a sorted list: a push usually appends and a pop takes the first, both
// O(1), where the lanes' tree climbed O(log lanes) nodes per event. A push that would go more
// than kReach events from the back is refused, and the engine queues that event elsewhere.
#include <cstddef>
#include <vector>

#include "hsa_model/event_queue.hpp"

namespace aqlsim {

class InOrderEvents {
 public:
  static constexpr std::size_t kReach = 16;

  // A pop that runs the last event clears the list, so no run events are kept without one to
  // come: one comparison, which the engine makes at every step.
  bool empty() const { return events_.empty(); }
  // The earliest event; not empty().
  const ScheduledEvent& front() const { return events_[head_]; }
  ScheduledEvent pop() {
    const ScheduledEvent event = events_[head_++];
    if (head_ == events_.size()) {
      events_.clear();
      head_ = 0;
    } else if (head_ >= kReach && 2 * head_ >= events_.size()) {
      // The events already run are dropped once they are half the list: O(1) a pop, amortised.
      events_.erase(events_.begin(), events_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
    return event;
  }
  // False, and nothing kept, when `event` belongs more than kReach events before the back.
  bool push(const ScheduledEvent& event) {
    if (empty() || !event.before(events_.back())) {
      events_.push_back(event);
      return true;
    }
    std::size_t i = events_.size() - 1;
    const std::size_t reach = i + 1 - head_ <= kReach ? head_ : i + 1 - kReach;
    for (; i > reach && event.before(events_[i - 1]); --i) {
    }
    if (i > head_ && event.before(events_[i - 1])) return false;
    events_.insert(events_.begin() + static_cast<std::ptrdiff_t>(i), event);
    return true;
  }

 private:
  std::vector<ScheduledEvent> events_;  // sorted; [0, head_) have run
  std::size_t head_ = 0;
};

}  // namespace aqlsim
