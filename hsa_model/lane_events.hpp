#pragma once
// Events kept in lanes: the dispatcher gives each CU a lane for the ends of its work-groups (and
// of their contexts' restores), so that an event can be withdrawn (eviction) and the engine's
// general queue holds only the rest. A lane keeps its events sorted by (time, sequence number);
// a winner tree over the lanes' earliest events names the earliest of all. Work-groups mostly
// end in the order they start, so a push usually appends and a pop takes the lane's first: both
// cost O(1) plus the tree's O(log lanes), with no allocation once the lanes have grown. A
// withdrawal leaves nothing behind to pop.
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "hsa_model/event_queue.hpp"

namespace aqlsim {

class LaneEvents {
 public:
  static constexpr std::uint32_t kDefaultCapacity = 8;
  // Discards every event. A lane has room for `capacity` events at first and grows when it must
  // (a lane that holds at most n events at once never grows when given 2n: it compacts).
  void set_lanes(std::uint32_t lanes, std::uint32_t capacity = kDefaultCapacity);
  // One more lane, of the same capacity, for a component made after the lanes were set; only
  // while every lane is empty. Gives its index.
  std::uint32_t add_lane();

  bool empty() const { return keys_[1] == kEmpty; }
  // The earliest event of all lanes; not empty().
  const ScheduledEvent& top() const {
    assert(!deferring_ && "the lanes' order is deferred (a batch of withdrawals)");
    return first(winners_[1]);
  }
  // Its time and sequence number (kNever when empty), from the tree alone.
  Tick top_time() const { return static_cast<Tick>(keys_[1] >> 64); }
  std::uint64_t top_sequence() const { return static_cast<std::uint64_t>(keys_[1]); }
  ScheduledEvent pop();
  // `event` may not be at time kNever.
  void push(std::uint32_t lane, const ScheduledEvent& event);
  // Withdraws the event of `lane` with this handler and payload and gives its time; nothing
  // when there is none. The events on its shorter side move up by one.
  std::optional<Tick> remove(std::uint32_t lane, const EventHandler* handler,
                             std::uint64_t payload);

  // A batch of withdrawals (evicting a kernel from every CU at once): between defer_order and
  // restore_order, remove only notes the lanes whose earliest event it withdrew, and
  // restore_order brings the tree up to date once. A climb per lane put the tree's top levels
  // right once per lane, and was more than half of withdrawing a work-group that was its lane's
  // first. Only remove may be used in between.
  void defer_order() { deferring_ = true; }
  void restore_order();

 private:
  // A lane's events are events_[lane * capacity_ + head, lane * capacity_ + tail), sorted.
  struct Span {
    std::uint32_t head = 0;
    std::uint32_t tail = 0;
  };
  // (time, sequence) as one unsigned 128-bit number, compared without branches (which side of a
  // match wins is as good as random). Time kNever: the lane is empty.
  __extension__ using Key = unsigned __int128;
  static Key key_of(Tick time, std::uint64_t sequence) {
    return (static_cast<Key>(static_cast<std::uint64_t>(time)) << 64) | sequence;
  }
  static constexpr Key kEmpty = static_cast<Key>(static_cast<std::uint64_t>(kNever)) << 64;

  ScheduledEvent* begin(std::uint32_t lane) { return events_.get() + lane * capacity_; }
  const ScheduledEvent& first(std::uint32_t lane) const {
    return events_[lane * capacity_ + spans_[lane].head];
  }
  // Makes room for one more event at the tail of `lane`.
  void make_room(std::uint32_t lane) {
    if (spans_[lane].tail == capacity_) compact_or_grow(lane);
  }
  void compact_or_grow(std::uint32_t lane);
  // Where the event with this handler and payload is in `lane` (its tail when there is none).
  std::uint32_t find(std::uint32_t lane, const EventHandler* handler, std::uint64_t payload);
  // The lane's earliest event has changed: its leaf and the tree above it follow.
  void update(std::uint32_t lane);
  // As update, or noted for restore_order while deferring.
  void first_changed(std::uint32_t lane);
  // The key of the lane's earliest event (kEmpty when it has none).
  Key first_key(std::uint32_t lane) const {
    const Span span = spans_[lane];
    return span.head < span.tail ? key_of(first(lane).time, first(lane).sequence) : kEmpty;
  }
  // Every node above the leaves from its two children, bottom up.
  void rebuild_nodes();
  // Node n from its two children (update climbs without reading its own path).
  void set_node(std::size_t n) {
    const bool right = __builtin_expect_with_probability(keys_[2 * n + 1] < keys_[2 * n], 1, 0.5);
    keys_[n] = right ? keys_[2 * n + 1] : keys_[2 * n];
    winners_[n] = right ? winners_[2 * n + 1] : winners_[2 * n];
  }

  std::uint32_t lanes_ = 0;
  std::uint32_t leaves_ = 1;  // a power of two, at least lanes_ (the unused leaves stay empty)
  std::size_t capacity_ = 0;  // room for events per lane
  // Left uninitialised until used (a model is built for every alone run: zeroing every lane's
  // room was a noticeable part of that).
  std::unique_ptr<ScheduledEvent[]> events_;
  std::vector<Span> spans_;
  // Per node of the tree (the root is 1, the children of n are 2n and 2n + 1, leaf i is
  // leaves_ + i): the earliest key below it (a leaf's: its lane's earliest event), and the leaf
  // it belongs to. The key is kept in the node, not looked up through the winner, so the
  // siblings along a leaf's path can be read without waiting for one another.
  std::vector<Key> keys_ = {kEmpty, kEmpty};
  std::vector<std::uint32_t> winners_ = {0, 0};
  bool deferring_ = false;
  std::vector<std::uint32_t> changed_;    // the lanes noted while deferring, each once
  std::vector<std::uint8_t> is_changed_;  // by lane
};

}  // namespace aqlsim
