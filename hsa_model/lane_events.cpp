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
  changed_.reserve(lanes);  // a batch notes each lane once at most
  is_changed_.assign(lanes, 0);
  for (std::uint32_t i = 0; i < leaves_; ++i)
    winners_[leaves_ + i] = i;
  rebuild_nodes();
}

std::uint32_t LaneEvents::add_lane() {
  assert(empty() && "adding a lane discards the lanes' events");
  set_lanes(lanes_ + 1, static_cast<std::uint32_t>(capacity_));
  return lanes_ - 1;
}

void LaneEvents::rebuild_nodes() {
  for (std::size_t n = leaves_ - 1; n >= 1; --n)
    set_node(n);
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
  if (!deferring_) return update(lane);
  if (is_changed_[lane]) return;
  is_changed_[lane] = 1;
  changed_.push_back(lane);
}

void LaneEvents::restore_order() {
  deferring_ = false;
  // A climb per lane costs log2(leaves) nodes, a rebuild every node once.
  const std::size_t depth = static_cast<std::size_t>(std::bit_width(leaves_)) - 1;
  if (changed_.size() * depth < leaves_) {
    for (const std::uint32_t lane : changed_)
      update(lane);
  } else {
    for (const std::uint32_t lane : changed_)
      keys_[leaves_ + lane] = first_key(lane);
    rebuild_nodes();
  }
  for (const std::uint32_t lane : changed_)
    is_changed_[lane] = 0;
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

std::optional<Tick> LaneEvents::remove(std::uint32_t lane, const EventHandler* handler,
                                       std::uint64_t payload) {
  const std::uint32_t i = find(lane, handler, payload);
  Span& span = spans_[lane];
  if (i == span.tail) return std::nullopt;
  ScheduledEvent* events = begin(lane);
  const Tick time = events[i].time;
  if (i == span.head) {
    if (++span.head == span.tail) span = {0, 0};
    first_changed(lane);
  } else if (i - span.head < span.tail - 1 - i) {
    // The earlier events move back by one: the first is the same event, and the tree, which
    // keeps keys and lanes but no places, stays right.
    for (std::uint32_t j = i; j > span.head; --j)
      events[j] = events[j - 1];
    ++span.head;
  } else {
    for (std::uint32_t j = i + 1; j < span.tail; ++j)
      events[j - 1] = events[j];
    --span.tail;
  }
  return time;
}

}  // namespace aqlsim
