// In-order events pop in (time, sequence) order, and a push that would go further from the back
// than InOrderEvents::kReach is refused (the engine then queues the event elsewhere).
#include "hsa_model/in_order_events.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "tests/support/scheduled_events.hpp"

namespace aqlsim {
namespace {

using testing::at;
using testing::drain;

TEST(InOrderEvents, AnEventLaterThanItsPlaceMovesThere) {
  InOrderEvents events;
  EXPECT_TRUE(events.empty());
  EXPECT_TRUE(events.push(at(10, 0)));
  EXPECT_TRUE(events.push(at(30, 1)));
  EXPECT_TRUE(events.push(at(20, 2)));  // before the last
  EXPECT_TRUE(events.push(at(5, 3)));   // before all, within reach
  EXPECT_TRUE(events.push(at(30, 4)));  // ties 1's time, later sequence
  EXPECT_EQ(events.front().payload, 3u);
  EXPECT_EQ(drain(events), (std::vector<std::uint64_t>{3, 0, 2, 1, 4}));
}

TEST(InOrderEvents, APushBeyondReachIsRefusedAndChangesNothing) {
  InOrderEvents events;
  const auto n = static_cast<std::uint64_t>(InOrderEvents::kReach);
  for (std::uint64_t i = 0; i <= n; ++i)
    ASSERT_TRUE(events.push(at(100 + static_cast<Tick>(i), i)));
  // kReach + 1 events: one before the first would be kReach + 1 places from the back.
  EXPECT_FALSE(events.push(at(50, n + 1)));
  // One before the second is exactly kReach places from the back.
  EXPECT_TRUE(events.push(at(100, n + 2)));
  std::vector<std::uint64_t> expected = {0, n + 2};
  for (std::uint64_t i = 1; i <= n; ++i)
    expected.push_back(i);
  EXPECT_EQ(drain(events), expected);
}

// As the engine feeds it: pushes mostly in order with some a little early, pops between them (so
// the run part is dropped as it grows). What it accepts must pop in sorted order.
TEST(InOrderEvents, MatchesASortedReferenceOnARandomRun) {
  std::mt19937_64 random(5);
  InOrderEvents events;
  std::vector<ScheduledEvent> reference;  // what was accepted and not yet popped
  std::uint64_t sequence = 0;
  Tick now = 0;
  std::size_t refused = 0;
  for (int step = 0; step < 100000; ++step) {
    if (random() % 2 == 0 || reference.empty()) {
      // Usually after every earlier one; now and then up to 40 places early.
      const Tick latest = reference.empty() ? now : std::max(now, reference.back().time);
      const Tick back = random() % 8 == 0 ? static_cast<Tick>(random() % 40) : 0;
      const ScheduledEvent e = at(std::max(now + 1, latest + 1 - back), sequence++);
      if (events.push(e)) {
        reference.insert(std::upper_bound(reference.begin(), reference.end(), e,
                                          [](const auto& a, const auto& b) { return a.before(b); }),
                         e);
      } else {
        ++refused;
        const auto place =
            std::upper_bound(reference.begin(), reference.end(), e,
                             [](const auto& a, const auto& b) { return a.before(b); });
        ASSERT_GT(reference.end() - place, static_cast<std::ptrdiff_t>(InOrderEvents::kReach))
            << "refused within reach, step " << step;
      }
    } else {
      ASSERT_FALSE(events.empty());
      const ScheduledEvent got = events.pop();
      ASSERT_EQ(got.sequence, reference.front().sequence) << "step " << step;
      now = got.time;
      reference.erase(reference.begin());
    }
    ASSERT_EQ(events.empty(), reference.empty());
  }
  EXPECT_GT(refused, 0u);  // the run went beyond reach at times
}

}  // namespace
}  // namespace aqlsim
