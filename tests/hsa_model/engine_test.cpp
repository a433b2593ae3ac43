#include "hsa_model/engine.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "hsa_model/kernel_profile.hpp"

namespace aqlsim {
namespace {

struct Recorder final : EventHandler {
  Engine* engine = nullptr;
  std::vector<std::pair<Tick, std::uint64_t>> seen;
  void handle(std::uint64_t payload) override { seen.emplace_back(engine->now(), payload); }
};

TEST(Engine, RunsEventsByTimeThenBySchedulingOrder) {
  Engine engine;
  Recorder r;
  r.engine = &engine;
  engine.schedule_at(30, r, 1);
  engine.schedule_at(10, r, 2);
  engine.schedule_at(30, r, 3);
  engine.schedule_at(10, r, 4);
  engine.schedule_at(20, r, 5);
  engine.run();
  const std::vector<std::pair<Tick, std::uint64_t>> expected{
      {10, 2}, {10, 4}, {20, 5}, {30, 1}, {30, 3}};
  EXPECT_EQ(r.seen, expected);
  EXPECT_EQ(engine.events_processed(), 5u);
  EXPECT_TRUE(engine.idle());
}

struct Chain final : EventHandler {
  Engine* engine = nullptr;
  int remaining = 3;
  std::vector<Tick> times;
  void handle(std::uint64_t) override {
    times.push_back(engine->now());
    if (--remaining > 0) engine->schedule_after(5, *this);
  }
};

TEST(Engine, HandlersScheduleFollowUpsAndStopHalts) {
  Engine engine;
  Chain chain;
  chain.engine = &engine;
  engine.schedule_at(0, chain);
  engine.run();
  EXPECT_EQ(chain.times, (std::vector<Tick>{0, 5, 10}));

  Recorder r;
  r.engine = &engine;
  engine.schedule_after(1, r, 1);
  engine.stop();
  EXPECT_FALSE(engine.step());
  EXPECT_TRUE(r.seen.empty());
}

TEST(Engine, AnEventPastTheTimeLimitDoesNotRun) {
  Engine engine;
  Recorder r;
  r.engine = &engine;
  engine.set_limits(20, 100);
  for (const Tick t : {10, 20, 30})
    engine.schedule_at(t, r, static_cast<std::uint64_t>(t));
  engine.run();
  // The event at the limit runs; the one after it does not, and stays pending.
  EXPECT_EQ(r.seen, (std::vector<std::pair<Tick, std::uint64_t>>{{10, 10}, {20, 20}}));
  EXPECT_EQ(engine.stopped_by(), EngineStop::time_limit);
  EXPECT_EQ(engine.next_time(), 30);
  EXPECT_EQ(engine.now(), 20);
}

TEST(Engine, TheEventLimitRunsExactlyThatManyEvents) {
  Engine engine;
  Chain chain;
  chain.engine = &engine;
  chain.remaining = 1000;
  engine.set_limits(kMaxSimTime, 7);
  engine.schedule_at(0, chain);
  engine.run();
  EXPECT_EQ(chain.times.size(), 7u);
  EXPECT_EQ(engine.events_processed(), 7u);
  EXPECT_EQ(engine.stopped_by(), EngineStop::event_limit);
}

TEST(Engine, ACheckpointRunsEveryNEventsAndCanStopTheRun) {
  Engine engine;
  Chain chain;
  chain.engine = &engine;
  chain.remaining = 1000;
  std::vector<std::uint64_t> checked_at;
  engine.set_checkpoint(10, [&] {
    checked_at.push_back(engine.events_processed());
    return checked_at.size() < 3;
  });
  engine.schedule_at(0, chain);
  engine.run();
  // Checked before the 11th, 21st and 31st events; the third check stops the run.
  EXPECT_EQ(checked_at, (std::vector<std::uint64_t>{10, 20, 30}));
  EXPECT_EQ(engine.events_processed(), 30u);
  EXPECT_EQ(engine.stopped_by(), EngineStop::checkpoint);
}

TEST(Engine, TheTimeLimitCannotPassTheLargestSimulatedTime) {
  Engine engine;
  Recorder r;
  r.engine = &engine;
  engine.set_limits(kNever, 100);
  engine.schedule_at(kMaxSimTime, r, 1);
  engine.schedule_at(kMaxSimTime + 1, r, 2);
  engine.run();
  EXPECT_EQ(r.seen, (std::vector<std::pair<Tick, std::uint64_t>>{{kMaxSimTime, 1}}));
  EXPECT_EQ(engine.stopped_by(), EngineStop::time_limit);
}

// Laned events, queued events and events scheduled for the current tick run in one order:
// (time, sequence number), whatever holds them.
TEST(Engine, LanedEventsRunInTheSameOrderAsEveryOtherEvent) {
  Engine engine;
  engine.set_lanes(2);
  Recorder r;
  r.engine = &engine;
  struct AtTen final : EventHandler {
    Engine* engine = nullptr;
    Recorder* recorder = nullptr;
    void handle(std::uint64_t payload) override {
      recorder->handle(payload);
      // Scheduled for the current tick, after the laned event 6 (scheduled earlier, at 10 too).
      engine->schedule_at(engine->now(), *recorder, 7);
    }
  } at_ten;
  at_ten.engine = &engine;
  at_ten.recorder = &r;
  engine.schedule_in_lane(1, 20, r, 1);
  engine.schedule_at(10, at_ten, 2);
  engine.schedule_in_lane(0, 20, r, 3);
  engine.schedule_at(20, r, 4);
  engine.schedule_in_lane(0, 5, r, 5);
  engine.schedule_in_lane(1, 10, r, 6);
  engine.run();
  const std::vector<std::pair<Tick, std::uint64_t>> expected{{5, 5},  {10, 2}, {10, 6}, {10, 7},
                                                             {20, 1}, {20, 3}, {20, 4}};
  EXPECT_EQ(r.seen, expected);
  EXPECT_EQ(engine.events_processed(), 7u);
}

// In-order events run in the same order as the rest, and one that cannot go in order (an early
// one behind more than InOrderEvents::kReach others) runs at its time from the queue.
TEST(Engine, InOrderEventsRunInTheSameOrderAsEveryOtherEvent) {
  Engine engine;
  engine.set_lanes(1);
  Recorder r;
  r.engine = &engine;
  const auto far = static_cast<Tick>(InOrderEvents::kReach) + 1;
  for (Tick i = 0; i <= far; ++i)
    engine.schedule_in_order(1000 + i, r, 100 + static_cast<std::uint64_t>(i));
  engine.schedule_in_order(15, r, 1);  // more than kReach events early: goes to the queue
  engine.schedule_in_lane(0, 15, r, 2);
  engine.schedule_at(5, r, 3);
  engine.schedule_in_order(1000, r, 4);  // ties the first in-order event: runs after it
  EXPECT_EQ(engine.next_time(), 5);
  engine.run();
  std::vector<std::pair<Tick, std::uint64_t>> expected{
      {5, 3}, {15, 1}, {15, 2}, {1000, 100}, {1000, 4}};
  for (Tick i = 1; i <= far; ++i)
    expected.emplace_back(1000 + i, 100 + static_cast<std::uint64_t>(i));
  EXPECT_EQ(r.seen, expected);
  EXPECT_TRUE(engine.idle());
}

TEST(Engine, TheTimeLimitStopsBeforeAnInOrderEventPastIt) {
  Engine engine;
  Recorder r;
  r.engine = &engine;
  engine.set_limits(15, 100);
  engine.schedule_in_order(10, r, 1);
  engine.schedule_in_order(20, r, 2);
  EXPECT_EQ(engine.next_time(), 10);
  engine.run();
  EXPECT_EQ(r.seen, (std::vector<std::pair<Tick, std::uint64_t>>{{10, 1}}));
  EXPECT_EQ(engine.stopped_by(), EngineStop::time_limit);
  EXPECT_EQ(engine.next_time(), 20);
  EXPECT_FALSE(engine.idle());
}

TEST(Engine, ACancelledLanedEventNeitherRunsNorCounts) {
  Engine engine;
  engine.set_lanes(1);
  Recorder r;
  r.engine = &engine;
  engine.schedule_in_lane(0, 10, r, 1);
  engine.schedule_in_lane(0, 20, r, 2);
  EXPECT_TRUE(engine.cancel_in_lane(0, r, 1));
  EXPECT_FALSE(engine.cancel_in_lane(0, r, 1));
  EXPECT_EQ(engine.next_time(), 20);
  engine.run();
  EXPECT_EQ(r.seen, (std::vector<std::pair<Tick, std::uint64_t>>{{20, 2}}));
  EXPECT_EQ(engine.events_processed(), 1u);
  EXPECT_TRUE(engine.idle());
}

TEST(Engine, TheTimeLimitStopsBeforeALanedEventPastIt) {
  Engine engine;
  engine.set_lanes(1);
  Recorder r;
  r.engine = &engine;
  engine.set_limits(15, 100);
  engine.schedule_in_lane(0, 10, r, 1);
  engine.schedule_in_lane(0, 20, r, 2);
  engine.run();
  EXPECT_EQ(r.seen, (std::vector<std::pair<Tick, std::uint64_t>>{{10, 1}}));
  EXPECT_EQ(engine.stopped_by(), EngineStop::time_limit);
}

TEST(Time, ComputedDurationsAreClampedNotOverflowed) {
  EXPECT_EQ(duration_ticks(1e30), kMaxDuration);
  EXPECT_EQ(duration_ticks(std::numeric_limits<double>::infinity()), kMaxDuration);
  EXPECT_EQ(duration_ticks(std::numeric_limits<double>::quiet_NaN()), kMaxDuration);
  EXPECT_EQ(duration_ticks(-5.0), 0);
  EXPECT_EQ(duration_ticks(2.5), 3);
  EXPECT_EQ(cycles_to_ticks(1e40, 1000.0), kMaxDuration);
  EXPECT_EQ(scaled_duration(3, 5), 15);
  EXPECT_EQ(scaled_duration(std::uint64_t{1} << 60, kSecond), kMaxDuration);
  EXPECT_EQ(scaled_duration(1'000'000, kSecond), kMaxDuration);
  EXPECT_EQ(scaled_duration(1'000'001, kSecond), kMaxDuration);
  EXPECT_EQ(scaled_duration(999'999, kSecond), 999'999 * kSecond);
  // Any time up to the largest plus any duration still fits in a Tick.
  EXPECT_GT(kNever - kMaxSimTime, kMaxDuration);
  // A persistent kernel's tasks: 1e6 s x 10 is clamped (its llround once gave 1 ps tasks).
  KernelProfile persistent;
  persistent.duration.mean = kMaxDuration;
  persistent.persistent_overhead = 10;
  EXPECT_EQ(persistent.launched_duration().mean, kMaxDuration);
  persistent.duration.mean = 3 * kMicrosecond;
  persistent.persistent_overhead = 1.5;
  EXPECT_EQ(persistent.launched_duration().mean, 4500 * kNanosecond);
}

}  // namespace
}  // namespace aqlsim
