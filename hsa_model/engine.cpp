#include "hsa_model/engine.hpp"

#include <algorithm>
#include <cassert>

namespace aqlsim {

void Engine::schedule_at(Tick when, EventHandler& handler, std::uint64_t payload) {
  assert(when >= now_ && "events cannot be scheduled in the past");
  const Event event{when, next_sequence_++, &handler, payload};
  if (when == now_) {
    due_now_.push_back(event);
    return;
  }
  heap_.push(event);
}

Engine::Event Engine::pop_next() {
  const bool same_tick_left = due_now_head_ < due_now_.size();
  if (heap_.empty() || (same_tick_left && heap_.top().time > now_)) {
    const Event event = due_now_[due_now_head_++];
    if (due_now_head_ == due_now_.size()) {
      due_now_.clear();
      due_now_head_ = 0;
    }
    return event;
  }
  const Event event = heap_.top();
  heap_.pop();
  return event;
}

bool Engine::step() {
  if (idle() || stopped_) return false;
  const Event event = pop_next();
  now_ = event.time;
  ++processed_;
  event.handler->handle(event.payload);
  return true;
}

void Engine::run() {
  while (step()) {
  }
}

}  // namespace aqlsim
