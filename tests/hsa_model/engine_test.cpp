#include "hsa_model/engine.hpp"

#include <gtest/gtest.h>

#include <vector>

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

}  // namespace
}  // namespace aqlsim
