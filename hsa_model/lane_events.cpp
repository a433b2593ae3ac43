#include "hsa_model/lane_events.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace aqlsim {

void LaneEvents::set_lanes(std::uint32_t lanes, std::uint32_t capacity) {
  lanes_ = lanes;
  leaves_ = std::bit_ceil(std::max<std::uint32_t>(lanes, 1));
  capacity_ = std::max<std::uint32_t>(capacity, 1);
  events_.reset(new ScheduledEvent[lanes * capacity_]);
  spans_.assign(lanes, Span{});
  keys_.assign(2 * std::size_t{leaves_}, kEmpty);
  winners_.assign(2 * std::size_t{leaves_}, 0);
  changed_.clear();
  changes_.assign(lanes, Change::none);
  for (std::uint32_t i = 0; i < leaves_; ++i)
    winners_[leaves_ + i] = i;
  for (std::uint32_t n = leaves_ - 1; n >= 1; --n)
    winners_[n] = winners_[2 * n];
}

void LaneEvents::compact_or_grow(std::uint32_t lane) {
  Span& span = spans_[lane];
  const std::uint32_t size = span.tail - span.head;
  if (2 * std::size_t{size} <= capacity_) {
    // At least half the lane is free once its events move to the front: compacting again takes
    // as many pops as it moves events.
    std::copy(begin(lane) + span.head, begin(lane) + span.tail, begin(lane));
    span = {0, size};
    return;
  }
  const std::size_t capacity = 2 * capacity_;
  std::unique_ptr<ScheduledEvent[]> events(new ScheduledEvent[lanes_ * capacity]);
  for (std::uint32_t l = 0; l < lanes_; ++l) {
    const Span s = spans_[l];
    std::copy(begin(l) + s.head, begin(l) + s.tail, events.get() + l * capacity);
    spans_[l] = {0, s.tail - s.head};
  }
  events_ = std::move(events);
  capacity_ = capacity;
}

// Only the leaf's own path changes, and along it each node's winner is the better of the one
// coming up and the sibling's (which the change does not touch).
void LaneEvents::update(std::uint32_t lane) {
  Key best = first_key(lane);
  std::size_t n = leaves_ + lane;
  keys_[n] = best;
  std::uint32_t winner = lane;
  for (; n > 1; n /= 2) {
    const Key key = keys_[n ^ 1];
    const std::uint32_t other = winners_[n ^ 1];
    // Which side wins is as good as random: told so, the compiler selects without branching.
    const bool earlier = __builtin_expect_with_probability(key < best, 1, 0.5);
    best = earlier ? key : best;
    winner = earlier ? other : winner;
    keys_[n / 2] = best;
    winners_[n / 2] = winner;
  }
}

void LaneEvents::first_changed(std::uint32_t lane) {
  if (deferring_) return note_changed(lane);
  update(lane);
}

void LaneEvents::note_changed(std::uint32_t lane) {
  if (changes_[lane] != Change::none) return;
  changes_[lane] = Change::first;
  changed_.push_back(lane);
}

void LaneEvents::sort(std::uint32_t lane) {
  ScheduledEvent* events = begin(lane);
  const Span span = spans_[lane];
  for (std::uint32_t j = span.head + 1; j < span.tail; ++j) {
    const ScheduledEvent event = events[j];
    std::uint32_t i = j;
    for (; i > span.head && event.before(events[i - 1]); --i)
      events[i] = events[i - 1];
    events[i] = event;
  }
}

void LaneEvents::restore_order() {
  deferring_ = false;
  for (const std::uint32_t lane : changed_) {
    if (changes_[lane] == Change::unsorted) sort(lane);
  }
  // A climb per lane costs log2(leaves) nodes, a rebuild every node once.
  const std::size_t depth = static_cast<std::size_t>(std::bit_width(leaves_)) - 1;
  if (changed_.size() * depth < leaves_) {
    for (const std::uint32_t lane : changed_)
      update(lane);
  } else {
    for (const std::uint32_t lane : changed_)
      keys_[leaves_ + lane] = first_key(lane);
    for (std::size_t n = leaves_ - 1; n >= 1; --n)
      set_node(n);
  }
  for (const std::uint32_t lane : changed_)
    changes_[lane] = Change::none;
  changed_.clear();
}

void LaneEvents::push(std::uint32_t lane, const ScheduledEvent& event) {
  assert(event.time != kNever);
  assert(!deferring_ && "the lanes' order is deferred (a batch of withdrawals)");
  make_room(lane);
  Span& span = spans_[lane];
  ScheduledEvent* events = begin(lane);
  std::uint32_t i = span.tail++;
  for (; i > span.head && event.before(events[i - 1]); --i)
    events[i] = events[i - 1];
  events[i] = event;
  if (i == span.head) update(lane);
}

ScheduledEvent LaneEvents::pop() {
  assert(!deferring_ && "the lanes' order is deferred (a batch of withdrawals)");
  const std::uint32_t lane = winners_[1];
  Span& span = spans_[lane];
  const ScheduledEvent event = first(lane);
  if (++span.head == span.tail) span = {0, 0};
  update(lane);
  return event;
}

std::uint32_t LaneEvents::find(std::uint32_t lane, const EventHandler* handler,
                               std::uint64_t payload) {
  const ScheduledEvent* events = begin(lane);
  const Span span = spans_[lane];
  for (std::uint32_t i = span.head; i < span.tail; ++i) {
    if (events[i].payload == payload && events[i].handler == handler) return i;
  }
  return span.tail;
}

bool LaneEvents::remove(std::uint32_t lane, const EventHandler* handler, std::uint64_t payload) {
  const std::uint32_t i = find(lane, handler, payload);
  Span& span = spans_[lane];
  if (i == span.tail) return false;
  if (i == span.head) {
    if (++span.head == span.tail) span = {0, 0};
    first_changed(lane);
    return true;
  }
  ScheduledEvent* events = begin(lane);
  std::copy(events + i + 1, events + span.tail, events + i);
  --span.tail;
  return true;
}

bool LaneEvents::retime(std::uint32_t lane, const EventHandler* handler, std::uint64_t payload,
                        Tick time, std::uint64_t sequence) {
  assert(time != kNever);
  std::uint32_t i = find(lane, handler, payload);
  const Span span = spans_[lane];
  if (i == span.tail) return false;
  ScheduledEvent* events = begin(lane);
  // A lane's second move in a batch leaves the event in place: the lane is sorted once, when the
  // batch ends (evicting every work-group of a CU moved each past the ones moved before it).
  if (deferring_ && changes_[lane] != Change::none) {
    events[i].time = time;
    events[i].sequence = sequence;
    changes_[lane] = Change::unsorted;
    return true;
  }
  ScheduledEvent event = events[i];
  const bool was_first = i == span.head;
  event.time = time;
  event.sequence = sequence;
  for (; i > span.head && event.before(events[i - 1]); --i)
    events[i] = events[i - 1];
  for (; i + 1 < span.tail && events[i + 1].before(event); ++i)
    events[i] = events[i + 1];
  events[i] = event;
  if (was_first || i == span.head) first_changed(lane);
  return true;
}

}  // namespace aqlsim
