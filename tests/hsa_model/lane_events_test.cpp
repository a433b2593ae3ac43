// Lanes must pop exactly the order a comparison heap pops, (time, sequence), whatever the lanes,
// a withdrawn event must never pop, and the rest keep their order.
#include "hsa_model/lane_events.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "hsa_model/engine.hpp"
#include "tests/support/scheduled_events.hpp"

namespace aqlsim {
namespace {

using testing::at;
using testing::drain;

TEST(LaneEvents, PopsByTimeThenSequenceAcrossLanes) {
  LaneEvents lanes;
  lanes.set_lanes(3);
  EXPECT_TRUE(lanes.empty());
  lanes.push(2, at(5, 0, 10));
  lanes.push(0, at(7, 1, 11));
  lanes.push(0, at(3, 2, 12));  // earlier than its lane's first: becomes the lane's first
  lanes.push(1, at(5, 3, 13));  // ties lane 2's time with a later sequence number
  lanes.push(2, at(4, 4, 14));
  EXPECT_EQ(lanes.top().payload, 12u);
  EXPECT_EQ(drain(lanes), (std::vector<std::uint64_t>{12, 14, 10, 13, 11}));
}

TEST(LaneEvents, AWithdrawnEventNeverPops) {
  LaneEvents lanes;
  lanes.set_lanes(2);
  lanes.push(0, at(10, 0, 1));
  lanes.push(0, at(20, 1, 2));
  lanes.push(0, at(30, 2, 3));
  lanes.push(1, at(25, 3, 4));
  EXPECT_TRUE(lanes.remove(0, nullptr, 2));  // the middle of its lane
  EXPECT_FALSE(lanes.remove(0, nullptr, 2));
  EXPECT_FALSE(lanes.remove(1, nullptr, 1));  // another lane's payload
  EXPECT_TRUE(lanes.remove(0, nullptr, 1));   // the earliest of all
  EXPECT_EQ(lanes.top().payload, 4u);
  EXPECT_EQ(drain(lanes), (std::vector<std::uint64_t>{4, 3}));
}

// A withdrawal moves the events on its shorter side: before it, behind it, or none when it was
// the first. Each way, the rest pop in order.
TEST(LaneEvents, AWithdrawalKeepsTheRestInOrder) {
  for (std::uint64_t withdrawn = 0; withdrawn < 5; ++withdrawn) {
    LaneEvents lanes;
    lanes.set_lanes(2);
    for (std::uint64_t i = 0; i < 5; ++i)
      lanes.push(0, at(10 * static_cast<Tick>(i + 1), i, i));  // payloads 0..4 at 10..50
    lanes.push(1, at(25, 5, 9));
    EXPECT_TRUE(lanes.remove(0, nullptr, withdrawn));
    std::vector<std::uint64_t> expected = {0, 1, 9, 2, 3, 4};
    std::erase(expected, withdrawn);
    EXPECT_EQ(drain(lanes), expected) << "payload " << withdrawn << " withdrawn";
  }
}

TEST(LaneEvents, TheHandlerTellsEventsWithTheSamePayloadApart) {
  struct Nothing final : EventHandler {
    void handle(std::uint64_t) override {}
  } a, b;
  LaneEvents lanes;
  lanes.set_lanes(1);
  lanes.push(0, {.time = 1, .sequence = 0, .handler = &a, .payload = 7});
  lanes.push(0, {.time = 2, .sequence = 1, .handler = &b, .payload = 7});
  EXPECT_TRUE(lanes.remove(0, &b, 7));
  EXPECT_EQ(lanes.pop().handler, static_cast<EventHandler*>(&a));
  EXPECT_TRUE(lanes.empty());
}

// As the dispatcher uses the lanes, and more: many events per lane (past the initial room, so
// the lanes grow and compact), out-of-order pushes, times clustered at the same tick, and
// withdrawals anywhere, alone or in batches. The reference is a list searched for its earliest.
TEST(LaneEvents, MatchesASortedReferenceOnARandomRun) {
  std::mt19937_64 random(11);
  constexpr std::uint32_t kLanes = 37;
  LaneEvents lanes;
  lanes.set_lanes(kLanes);
  struct Pending {
    ScheduledEvent event;
    std::uint32_t lane;
  };
  std::vector<Pending> reference;
  std::uint64_t sequence = 0;
  Tick now = 0;
  const auto push = [&] {
    const auto lane = static_cast<std::uint32_t>(random() % kLanes);
    const Tick delay = 1 + static_cast<Tick>(random() % 1000) * static_cast<Tick>(random() % 2);
    const ScheduledEvent e = at(now + delay, sequence, sequence);
    ++sequence;
    lanes.push(lane, e);
    reference.push_back({e, lane});
  };
  const auto earliest = [&] {
    return std::min_element(reference.begin(), reference.end(),
                            [](const auto& a, const auto& b) { return a.event.before(b.event); });
  };
  for (int i = 0; i < 2000; ++i)
    push();
  const auto withdraw = [&] {
    const std::size_t victim = random() % reference.size();
    ASSERT_TRUE(lanes.remove(reference[victim].lane, nullptr, reference[victim].event.payload));
    reference.erase(reference.begin() + static_cast<std::ptrdiff_t>(victim));
  };
  for (int step = 0; step < 100000; ++step) {
    const auto action = random() % 8;
    if (action < 2 && !reference.empty()) {
      withdraw();
    } else if (action == 2 && step % 50 == 0) {
      // A batch (an eviction): up to 100 withdrawals, so that both a few lanes (a climb each)
      // and most of the 37 (a rebuild of the tree) lose their first event.
      lanes.defer_order();
      for (std::uint64_t n = random() % 100; n > 0 && !reference.empty(); --n)
        withdraw();
      lanes.restore_order();
    } else if (!reference.empty()) {
      const auto expected = earliest();
      ASSERT_EQ(lanes.top().sequence, expected->event.sequence) << "step " << step;
      // The engine compares the key the tree keeps, not the event: it must be the same.
      ASSERT_EQ(lanes.top_time(), expected->event.time) << "step " << step;
      ASSERT_EQ(lanes.top_sequence(), expected->event.sequence) << "step " << step;
      const ScheduledEvent got = lanes.pop();
      ASSERT_EQ(got.sequence, expected->event.sequence) << "step " << step;
      now = got.time;
      reference.erase(expected);
    }
    for (std::uint64_t n = random() % 3; n > 0; --n)
      push();
    ASSERT_EQ(lanes.empty(), reference.empty());
  }
}

// A batch changes the tree once, at its end: by a climb per lane when few lanes changed, by a
// rebuild when many did. Either way the order is the one the same changes make one by one.
TEST(LaneEvents, ABatchOfWithdrawalsEndsInTheSameOrder) {
  for (const std::uint32_t changed : {1u, 2u, 30u, 64u}) {
    LaneEvents batched;
    LaneEvents one_by_one;
    batched.set_lanes(64);
    one_by_one.set_lanes(64);
    for (std::uint32_t lane = 0; lane < 64; ++lane) {
      for (LaneEvents* lanes : {&batched, &one_by_one}) {
        lanes->push(lane, at(100 + lane, 2 * lane, 2 * lane));  // the lane's first
        lanes->push(lane, at(500, 2 * lane + 1, 2 * lane + 1));
      }
    }
    // The first `changed` lanes lose their first event (and every third its second too).
    const auto change = [changed](LaneEvents& lanes) {
      for (std::uint32_t lane = 0; lane < changed; ++lane) {
        EXPECT_TRUE(lanes.remove(lane, nullptr, 2 * lane));
        if (lane % 3 == 0) {
          EXPECT_TRUE(lanes.remove(lane, nullptr, 2 * lane + 1));
        }
      }
    };
    batched.defer_order();
    change(batched);
    batched.restore_order();
    change(one_by_one);
    // Lane `changed` (or lane 1's second, when every lane changed) is first now.
    const std::uint64_t first = changed < 64 ? 2 * changed : 3;
    EXPECT_EQ(batched.top().payload, first) << changed << " lanes changed";
    EXPECT_EQ(drain(batched), drain(one_by_one)) << changed << " lanes changed";
  }
}

TEST(LaneEvents, SetLanesDiscardsEveryEvent) {
  LaneEvents lanes;
  lanes.set_lanes(4);
  lanes.push(3, at(1, 0));
  lanes.set_lanes(4);
  EXPECT_TRUE(lanes.empty());
}

}  // namespace
}  // namespace aqlsim
