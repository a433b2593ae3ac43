#include "hsa_model/engine.hpp"

#include <algorithm>
#include <cassert>

namespace aqlsim {

void Engine::schedule_at(Tick when, EventHandler& handler, std::uint64_t payload) {
  assert(when >= now_ && "events cannot be scheduled in the past");
  heap_.push_back(Event{when, next_sequence_++, &handler, payload});
  std::push_heap(heap_.begin(), heap_.end(), later);
}

bool Engine::step() {
  if (heap_.empty() || stopped_) return false;
  std::pop_heap(heap_.begin(), heap_.end(), later);
  const Event event = heap_.back();
  heap_.pop_back();
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
