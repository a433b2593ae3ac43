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
  queue_.push(event);
}

bool Engine::lanes_first() const {
  return !lanes_.empty() && (queue_.empty() || lanes_.top().before(queue_.top()));
}

const Engine::Event* Engine::earliest_queued() const {
  if (lanes_first()) return &lanes_.top();
  return queue_.empty() ? nullptr : &queue_.top();
}

Engine::Event Engine::pop_next() {
  const bool same_tick_left = due_now_head_ < due_now_.size();
  const bool from_lanes = lanes_first();
  const Event* next = from_lanes ? &lanes_.top() : queue_.empty() ? nullptr : &queue_.top();
  if (next == nullptr || (same_tick_left && due_now_[due_now_head_].before(*next))) {
    const Event event = due_now_[due_now_head_++];
    if (due_now_head_ == due_now_.size()) {
      due_now_.clear();
      due_now_head_ = 0;
    }
    return event;
  }
  return from_lanes ? lanes_.pop() : queue_.pop();
}

void Engine::set_limits(Tick time, std::uint64_t events) {
  time_limit_ = std::min(time, kMaxSimTime);
  event_limit_ = events;
  next_checkpoint_ =
      std::min(checkpoint_every_ ? processed_ + checkpoint_every_ : event_limit_, event_limit_);
}

void Engine::set_checkpoint(std::uint64_t every, std::function<bool()> check) {
  checkpoint_every_ = every;
  check_ = std::move(check);
  set_limits(time_limit_, event_limit_);
}

Tick Engine::next_time() const {
  if (due_now_head_ < due_now_.size()) return now_;
  const Event* next = earliest_queued();
  return next == nullptr ? kNever : next->time;
}

bool Engine::checkpoint() {
  if (processed_ >= event_limit_) {
    stop_ = EngineStop::event_limit;
    return false;
  }
  if (check_ && !check_()) {
    stop_ = EngineStop::checkpoint;
    return false;
  }
  next_checkpoint_ = std::min(processed_ + checkpoint_every_, event_limit_);
  return true;
}

bool Engine::step() {
  if (idle() || stop_ != EngineStop::none) return false;
  // Events due now come first, and they are never past the limit: only the queue's can be.
  if (due_now_head_ == due_now_.size() && earliest_queued()->time > time_limit_) {
    stop_ = EngineStop::time_limit;
    return false;
  }
  if (processed_ >= next_checkpoint_ && !checkpoint()) return false;
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
