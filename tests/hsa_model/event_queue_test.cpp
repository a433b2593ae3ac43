// The radix-heap event queue must pop exactly the order a comparison heap pops: (time, sequence).
#include "hsa_model/event_queue.hpp"

#include <gtest/gtest.h>

#include <queue>
#include <random>

namespace aqlsim {
namespace {

struct After {
  bool operator()(const ScheduledEvent& a, const ScheduledEvent& b) const { return b.before(a); }
};

TEST(EventQueue, PopsByTimeThenSequence) {
  EventQueue q;
  q.push({.time = 5, .sequence = 0, .handler = nullptr, .payload = 0});
  q.push({.time = 3, .sequence = 1, .handler = nullptr, .payload = 1});
  q.push({.time = 5, .sequence = 2, .handler = nullptr, .payload = 2});
  q.push({.time = 3, .sequence = 3, .handler = nullptr, .payload = 3});
  EXPECT_EQ(q.top().payload, 1u);
  std::vector<std::uint64_t> order;
  while (!q.empty())
    order.push_back(q.pop().payload);
  EXPECT_EQ(order, (std::vector<std::uint64_t>{1, 3, 0, 2}));
}

// As the engine uses it: every push is later than the last pop (time > now, a fresh sequence
// number); times cluster (many events at the same tick), spread over several orders of
// magnitude, and a top() between pushes must not disturb the order.
TEST(EventQueue, MatchesAComparisonHeapOnARandomEngineLikeRun) {
  std::mt19937_64 random(7);
  EventQueue q;
  std::priority_queue<ScheduledEvent, std::vector<ScheduledEvent>, After> reference;
  std::uint64_t sequence = 0;
  Tick now = 0;
  const auto push = [&] {
    const int scale = static_cast<int>(random() % 40);
    const Tick delay = 1 + static_cast<Tick>(random() % (Tick{1} << scale)) * (random() % 3);
    const ScheduledEvent e{
        .time = now + delay, .sequence = sequence++, .handler = nullptr, .payload = sequence};
    q.push(e);
    reference.push(e);
  };
  for (int i = 0; i < 1000; ++i)
    push();
  for (int step = 0; step < 200000; ++step) {
    ASSERT_EQ(q.size(), reference.size());
    EXPECT_EQ(q.top().sequence, reference.top().sequence);
    const ScheduledEvent got = q.pop();
    ASSERT_EQ(got.sequence, reference.top().sequence) << "step " << step;
    ASSERT_EQ(got.time, reference.top().time);
    reference.pop();
    now = got.time;
    for (std::uint64_t n = random() % 3; n > 0; --n)
      push();
    if (q.empty()) push();
  }
}

}  // namespace
}  // namespace aqlsim
