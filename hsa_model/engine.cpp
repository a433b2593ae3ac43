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

void Engine::schedule_in_order(Tick when, EventHandler& handler, std::uint64_t payload) {
  assert(when >= now_ && "events cannot be scheduled in the past");
  const Event event{when, next_sequence_++, &handler, payload};
  if (when == now_) {
    due_now_.push_back(event);
  } else if (!in_order_.push(event)) {
    queue_.push(event);
  }
}

bool Engine::lanes_first() const {
  if (lanes_.empty()) return false;
  if (queue_.empty()) return true;
  const Event& queued = queue_.top();
  const Tick time = lanes_.top_time();
  return time != queued.time ? time < queued.time : lanes_.top_sequence() < queued.sequence;
}

const Engine::Event* Engine::earliest_queued() const {
  const Event* next = lanes_first() ? &lanes_.top() : queue_.empty() ? nullptr : &queue_.top();
  if (!in_order_.empty() && (next == nullptr || in_order_.front().before(*next)))
    next = &in_order_.front();
  return next;
}

Engine::Event Engine::take_due_now() {
  const Event event = due_now_[due_now_head_++];
  if (due_now_head_ == due_now_.size()) {
    due_now_.clear();
    due_now_head_ = 0;
  }
  return event;
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
  if (stop_ != EngineStop::none) return false;
  // The earliest of the four sources, found once: the lanes, the queue, the in-order events,
  // the current tick's.
  const bool from_lanes = lanes_first();
  bool any_queued = from_lanes || !queue_.empty();
  // The first queued event's key; the lanes' comes from their tree, not the event itself.
  Tick time = from_lanes ? lanes_.top_time() : any_queued ? queue_.top().time : kNever;
  std::uint64_t sequence = from_lanes   ? lanes_.top_sequence()
                           : any_queued ? queue_.top().sequence
                                        : 0;
  // In-order events are there only after an eviction: one test when they are not.
  bool from_in_order = false;
  if (!in_order_.empty()) [[unlikely]] {
    const Event& first = in_order_.front();
    from_in_order =
        !any_queued || (first.time != time ? first.time < time : first.sequence < sequence);
    if (from_in_order) {
      time = first.time;
      sequence = first.sequence;
      any_queued = true;
    }
  }
  const bool due_now = due_now_head_ < due_now_.size() &&
                       (!any_queued || now_ != time || due_now_[due_now_head_].sequence < sequence);
  if (!due_now) {
    if (!any_queued) return false;  // nothing left
    // Only a queued event can be past the limit: the current tick is not.
    if (time > time_limit_) {
      stop_ = EngineStop::time_limit;
      return false;
    }
  }
  if (processed_ >= next_checkpoint_ && !checkpoint()) return false;
  const Event event = due_now         ? take_due_now()
                      : from_in_order ? in_order_.pop()
                      : from_lanes    ? lanes_.pop()
                                      : queue_.pop();
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
