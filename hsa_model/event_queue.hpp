#pragma once
// The engine's pending events, ordered by (time, sequence number): a radix heap (Ahuja, Mehlhorn,
// Orlin and Tarjan 1990). A radix heap needs every key pushed to be larger than the last one
// popped, which the engine guarantees: it pushes only events later than now, and sequence
// numbers only grow. Push is O(1); a pop moves the other events of the smallest key's bucket
// to lower buckets, each event moving at most 128 times over its life and in practice a few.
// It pops exactly the order a comparison heap pops, so runs stay bit-for-bit the same.
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "hsa_model/time.hpp"

namespace aqlsim {

class EventHandler;

struct ScheduledEvent {
  Tick time;
  std::uint64_t sequence;
  EventHandler* handler;
  std::uint64_t payload;

  bool before(const ScheduledEvent& other) const {
    return time != other.time ? time < other.time : sequence < other.sequence;
  }
};

class EventQueue {
 public:
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

  // `event` must come after the last event popped.
  void push(const ScheduledEvent& event) {
    const std::size_t b = bucket_of(event);
    std::vector<ScheduledEvent>& bucket = buckets_[b];
    bucket.push_back(event);
    nonempty_[b / 64] |= std::uint64_t{1} << (b % 64);
    ++size_;
    // Keep the cached minimum: a lower bucket holds only smaller keys.
    if (min_bucket_ == kNone) return;
    if (b < min_bucket_ || (b == min_bucket_ && event.before(bucket[min_index_]))) {
      min_bucket_ = b;
      min_index_ = bucket.size() - 1;
    }
  }

  // The earliest event; the queue must not be empty.
  const ScheduledEvent& top() const {
    if (min_bucket_ == kNone) find_min();
    return buckets_[min_bucket_][min_index_];
  }

  ScheduledEvent pop() {
    if (min_bucket_ == kNone) find_min();
    std::vector<ScheduledEvent>& bucket = buckets_[min_bucket_];
    const ScheduledEvent event = bucket[min_index_];
    bucket[min_index_] = bucket.back();
    bucket.pop_back();
    --size_;
    last_time_ = event.time;
    last_sequence_ = event.sequence;
    // The rest of the bucket now differs from the last key in lower bits: move it down.
    std::vector<ScheduledEvent> rest;
    rest.swap(bucket);
    clear_bit(min_bucket_);
    for (const ScheduledEvent& e : rest) {
      const std::size_t b = bucket_of(e);
      buckets_[b].push_back(e);
      nonempty_[b / 64] |= std::uint64_t{1} << (b % 64);
    }
    rest.clear();
    rest.swap(bucket);  // keep the bucket's capacity
    min_bucket_ = kNone;
    return event;
  }

 private:
  static constexpr std::size_t kBuckets = 128;
  static constexpr std::size_t kNone = kBuckets;

  // 64 + the highest bit in which the time differs from the last popped time, else the highest
  // bit in which the sequence number does (the key is never equal to the last popped one).
  std::size_t bucket_of(const ScheduledEvent& e) const {
    const auto time_bits =
        static_cast<std::uint64_t>(e.time) ^ static_cast<std::uint64_t>(last_time_);
    if (time_bits != 0) return 64 + 63 - static_cast<std::size_t>(std::countl_zero(time_bits));
    return 63 - static_cast<std::size_t>(std::countl_zero(e.sequence ^ last_sequence_));
  }

  void clear_bit(std::size_t b) { nonempty_[b / 64] &= ~(std::uint64_t{1} << (b % 64)); }

  void find_min() const {
    const std::size_t b = nonempty_[0] != 0
                              ? static_cast<std::size_t>(std::countr_zero(nonempty_[0]))
                              : 64 + static_cast<std::size_t>(std::countr_zero(nonempty_[1]));
    const std::vector<ScheduledEvent>& bucket = buckets_[b];
    std::size_t best = 0;
    for (std::size_t i = 1; i < bucket.size(); ++i) {
      if (bucket[i].before(bucket[best])) best = i;
    }
    min_bucket_ = b;
    min_index_ = best;
  }

  std::array<std::vector<ScheduledEvent>, kBuckets> buckets_;
  std::array<std::uint64_t, 2> nonempty_{};
  std::size_t size_ = 0;
  Tick last_time_ = 0;
  std::uint64_t last_sequence_ = 0;
  // Where the earliest event is, when known (top() finds it without changing the queue).
  mutable std::size_t min_bucket_ = kNone;
  mutable std::size_t min_index_ = 0;
};

}  // namespace aqlsim
