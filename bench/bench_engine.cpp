// The cost of one event: schedule plus pop on a heap of a realistic size.
#include <benchmark/benchmark.h>

#include "hsa_model/engine.hpp"

namespace aqlsim {
namespace {

struct Reschedule final : EventHandler {
  Engine* engine = nullptr;
  std::uint64_t state = 1;
  void handle(std::uint64_t) override {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    engine->schedule_after(1 + static_cast<Tick>(state >> 44), *this);
  }
};

// Keeps `range(0)` events pending (the resident work-groups of a large GPU) and measures
// how many schedule+pop pairs run per second.
void BM_EventScheduleAndPop(benchmark::State& state) {
  Engine engine;
  Reschedule handler;
  handler.engine = &engine;
  for (std::int64_t i = 0; i < state.range(0); ++i)
    engine.schedule_at(i, handler);
  for (auto _ : state)
    engine.step();
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EventScheduleAndPop)->Arg(64)->Arg(1024)->Arg(16384);

}  // namespace
}  // namespace aqlsim
