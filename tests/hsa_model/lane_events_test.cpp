// Lanes must pop exactly the order a comparison heap pops, (time, sequence), whatever the lanes,
// a withdrawn event must never pop, and a moved one pops at its new place only.
#include "hsa_model/lane_events.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "hsa_model/engine.hpp"

namespace aqlsim {
namespace {

ScheduledEvent at(Tick time, std::uint64_t sequence, std::uint64_t payload = 0) {
  return {.time = time, .sequence = sequence, .handler = nullptr, .payload = payload};
}

std::vector<std::uint64_t> drain(LaneEvents& lanes) {
  std::vector<std::uint64_t> payloads;
  while (!lanes.empty())
    payloads.push_back(lanes.pop().payload);
  return payloads;
}

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

TEST(LaneEvents, AMovedEventPopsAtItsNewPlace) {
  LaneEvents lanes;
  lanes.set_lanes(2);
  lanes.push(0, at(10, 0, 1));
  lanes.push(0, at(20, 1, 2));
  lanes.push(1, at(15, 2, 3));
  // Lane 0's first moves behind its second: lane 1 leads now, then lane 0's second.
  EXPECT_TRUE(lanes.retime(0, nullptr, 1, 30, 3));
  EXPECT_EQ(lanes.top().payload, 3u);
  EXPECT_EQ(lanes.top_time(), 15);
  // Lane 0's last moves before everything (as a context save cut short by an eviction).
  EXPECT_TRUE(lanes.retime(0, nullptr, 1, 5, 4));
  EXPECT_EQ(lanes.top().payload, 1u);
  EXPECT_EQ(lanes.top_time(), 5);
  EXPECT_EQ(lanes.top_sequence(), 4u);
  EXPECT_FALSE(lanes.retime(1, nullptr, 1, 40, 5));  // not in lane 1
  EXPECT_EQ(drain(lanes), (std::vector<std::uint64_t>{1, 3, 2}));
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
// withdrawals and moves (earlier or later, as an eviction's save moves an end) anywhere, alone or
// in batches. The reference is a list searched for its earliest.
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
  const auto move = [&] {
    Pending& moved = reference[random() % reference.size()];
    moved.event.time = now + 1 + static_cast<Tick>(random() % 1000);
    moved.event.sequence = sequence++;
    ASSERT_TRUE(lanes.retime(moved.lane, nullptr, moved.event.payload, moved.event.time,
                             moved.event.sequence));
  };
  for (int step = 0; step < 100000; ++step) {
    const auto action = random() % 9;
    if (action < 2 && !reference.empty()) {
      withdraw();
    } else if (action == 2 && !reference.empty()) {
      move();
    } else if (action == 3 && step % 50 == 0) {
      // A batch (an eviction): up to 60 withdrawals and moves, so that both a few lanes (a climb
      // each) and most of the 37 (a rebuild of the tree) change their first event.
      lanes.defer_order();
      for (std::uint64_t n = random() % 60; n > 0 && !reference.empty(); --n) {
        if (random() % 2 == 0) {
          withdraw();
        } else {
          move();
        }
      }
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
    // The first `changed` lanes lose their first event (odd lanes) or move it behind all the
    // others (even lanes, to time 1000).
    const auto change = [changed](LaneEvents& lanes) {
      for (std::uint32_t lane = 0; lane < changed; ++lane) {
        if (lane % 2 == 1) {
          EXPECT_TRUE(lanes.remove(lane, nullptr, 2 * lane));
        } else {
          EXPECT_TRUE(lanes.retime(lane, nullptr, 2 * lane, 1000, 200 + lane));
        }
      }
    };
    batched.defer_order();
    change(batched);
    batched.restore_order();
    change(one_by_one);
    // Lane `changed` (or the last one's second, when every lane changed) is first now.
    const std::uint64_t first = changed < 64 ? 2 * changed : 1;
    EXPECT_EQ(batched.top().payload, first) << changed << " lanes changed";
    EXPECT_EQ(drain(batched), drain(one_by_one)) << changed << " lanes changed";
  }
}

// A lane's second move in a batch leaves the event where it is until the batch ends: the lane
// must then be in order again, here the reverse of its order before.
TEST(LaneEvents, EveryEventOfALaneMovedInABatch) {
  LaneEvents lanes;
  lanes.set_lanes(2);
  for (std::uint64_t i = 0; i < 4; ++i)
    lanes.push(0, at(10 * static_cast<Tick>(i + 1), i, i));  // payloads 0..3 at 10..40
  lanes.push(1, at(25, 4, 9));
  lanes.defer_order();
  for (std::uint64_t i = 0; i < 4; ++i)
    EXPECT_TRUE(lanes.retime(0, nullptr, i, 50 - 10 * static_cast<Tick>(i), 5 + i));
  lanes.restore_order();
  EXPECT_EQ(lanes.top().payload, 3u);  // now at 20
  EXPECT_EQ(drain(lanes), (std::vector<std::uint64_t>{3, 9, 2, 1, 0}));
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
