#pragma once
// Events and their order for the tests of the engine's event stores (LaneEvents, InOrderEvents).
#include <cstdint>
#include <vector>

#include "hsa_model/event_queue.hpp"

namespace aqlsim::testing {

// An event with no handler; its payload names it (the sequence number unless given).
inline ScheduledEvent at(Tick time, std::uint64_t sequence) {
  return {.time = time, .sequence = sequence, .handler = nullptr, .payload = sequence};
}
inline ScheduledEvent at(Tick time, std::uint64_t sequence, std::uint64_t payload) {
  return {.time = time, .sequence = sequence, .handler = nullptr, .payload = payload};
}

// Pops every event of `events`: their payloads, in the order they came.
template <class Events>
std::vector<std::uint64_t> drain(Events& events) {
  std::vector<std::uint64_t> payloads;
  while (!events.empty())
    payloads.push_back(events.pop().payload);
  return payloads;
}

}  // namespace aqlsim::testing
