#pragma once
// The engine's pending events, ordered by (time, sequence number): a radix heap (Ahuja, Mehlhorn,
// Orlin and Tarjan 1990) on the 128-bit key, with 4-bit digits. A radix heap needs every key
// pushed to be larger than the last one popped, which the engine guarantees: it pushes only
// events later than now, and sequence numbers only grow. An event goes to the bucket of the
// highest digit in which its key differs from the last popped key, and of its value there;
// every key of a lower bucket is smaller. Push is O(1); a pop moves the other events of the
// smallest key's bucket to lower buckets. Digits rather than bits make that a few moves per
// event instead of about ten (work-group ends spread over 2^23 ticks, 2^13 apart). Wider
// digits move less still, but byte digits (4096 buckets) ran slower than 4-bit ones (512) in
// wall time for their cache misses. It pops exactly the order a comparison heap pops, so runs
// stay bit-for-bit the same.
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
  EventQueue() : buckets_(kBuckets) {}

  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

  // `event` must come after the last event popped.
  void push(const ScheduledEvent& event) {
    const std::size_t b = bucket_of(event);
    std::vector<ScheduledEvent>& bucket = buckets_[b];
    bucket.push_back(event);
    mark(b);
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
    // The rest of the bucket shares the popped key's digits down to this bucket's: each goes
    // to a lower bucket, never this one, so the loop can read the bucket as it fills others.
    for (const ScheduledEvent& e : bucket) {
      const std::size_t b = bucket_of(e);
      buckets_[b].push_back(e);
      mark(b);
    }
    bucket.clear();  // keeps its capacity
    unmark(min_bucket_);
    min_bucket_ = kNone;
    return event;
  }

 private:
  static constexpr std::size_t kDigitBits = 4;
  static constexpr std::size_t kDigits = std::size_t{1} << kDigitBits;
  static constexpr std::size_t kLevels = 128 / kDigitBits;  // sequence digits, then time digits
  static constexpr std::size_t kBuckets = kLevels * kDigits;
  static constexpr std::size_t kWords = kBuckets / 64;
  static constexpr std::size_t kNone = kBuckets;
  static_assert(kWords <= 64, "one summary word indexes the bitmap's words");

  // level * kDigits + the key's digit at that level, the level being the highest digit in which
  // the key differs from the last popped one (the key is never equal to it).
  std::size_t bucket_of(const ScheduledEvent& e) const {
    const auto time = static_cast<std::uint64_t>(e.time);
    const std::uint64_t time_bits = time ^ static_cast<std::uint64_t>(last_time_);
    if (time_bits != 0) {
      const std::size_t level =
          (63 - static_cast<std::size_t>(std::countl_zero(time_bits))) / kDigitBits;
      return (kLevels / 2 + level) * kDigits + ((time >> (level * kDigitBits)) & (kDigits - 1));
    }
    const std::uint64_t sequence_bits = e.sequence ^ last_sequence_;
    const std::size_t level =
        (63 - static_cast<std::size_t>(std::countl_zero(sequence_bits))) / kDigitBits;
    return level * kDigits + ((e.sequence >> (level * kDigitBits)) & (kDigits - 1));
  }

  void mark(std::size_t b) {
    words_[b / 64] |= std::uint64_t{1} << (b % 64);
    summary_ |= std::uint64_t{1} << (b / 64);
  }
  void unmark(std::size_t b) {
    std::uint64_t& word = words_[b / 64];
    word &= ~(std::uint64_t{1} << (b % 64));
    if (word == 0) summary_ &= ~(std::uint64_t{1} << (b / 64));
  }

  void find_min() const {
    const auto w = static_cast<std::size_t>(std::countr_zero(summary_));
    const std::size_t b = w * 64 + static_cast<std::size_t>(std::countr_zero(words_[w]));
    const std::vector<ScheduledEvent>& bucket = buckets_[b];
    std::size_t best = 0;
    for (std::size_t i = 1; i < bucket.size(); ++i) {
      if (bucket[i].before(bucket[best])) best = i;
    }
    min_bucket_ = b;
    min_index_ = best;
  }

  std::vector<std::vector<ScheduledEvent>> buckets_;  // kBuckets of them
  std::array<std::uint64_t, kWords> words_{};         // bit b: bucket b is not empty
  std::uint64_t summary_ = 0;                         // bit w: words_[w] is not zero
  std::size_t size_ = 0;
  Tick last_time_ = 0;
  std::uint64_t last_sequence_ = 0;
  // Where the earliest event is, when known (top() finds it without changing the queue).
  mutable std::size_t min_bucket_ = kNone;
  mutable std::size_t min_index_ = 0;
};

}  // namespace aqlsim
