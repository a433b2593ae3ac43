// Every run can report runtime predictions: a predictor-driven policy (srtf) publishes its own;
// for any other policy the runner attaches the Simple Slicing predictor beside it, which only
// watches.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "scenario/load_scenario.hpp"
#include "scenario/runner.hpp"
#include "tests/queue_sched/two_cu_device.hpp"
#include "tests/support/microseconds.hpp"

namespace aqlsim {
namespace {

using testing::us;
using Series = std::vector<std::pair<Tick, Tick>>;

// 24 blocks of 10 us on two CUs of R = 4: three steps, [0,10], [10,20], [20,30].
RunReport run_grid(const std::string& policy, bool predict_beside_policy) {
  const Scenario s = load_scenario_text(std::string(testing::kTwoCuDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
queues:
  - {packets: [{name: grid, dispatch: k, workgroups: 24}]}
scheduling: {thread_block: )" + policy + "}\n",
                                        "grid.yaml");
  RunOptions options;
  options.predict_beside_policy = predict_beside_policy;
  options.record_predictions = true;
  RunReport r = run_scenario(s, options);
  EXPECT_EQ(r.outcome.status, RunStatus::completed);
  EXPECT_EQ(r.kernels.size(), 1u);
  return r;
}

TEST(Predictions, BesideFifoTheSlicingPredictorReportsEachChange) {
  // Equation 2 per CU: Pred = Active + (12 - Done) * 10 us / 4, t = 10 us from the first block.
  // At the end of step s (Active = 10 s us) the CU's blocks end one after the other, Done going
  // from 4(s-1)+1 to 4s: Pred = 10 s + 2.5 (12 - Done) = 10 s + 27.5, + 25, + 22.5, + 20 us.
  // Blocks end alternately on CU 0 and CU 1, and a kernel's prediction is the larger of the
  // two CUs', so it changes once per pair: 37.5, 35, 32.5, 30 us at 10 us; at 20 us the same
  // (Active 20 and 8 blocks fewer); at 30 us again. The last is the actual runtime, 30 us.
  const RunReport r = run_grid("fifo", true);
  EXPECT_EQ(r.predictions_by, PredictionSource::observer);
  Series expected;
  for (const Tick at : {10 * us, 20 * us, 30 * us}) {
    for (const Tick predicted : {37'500'000, 35'000'000, 32'500'000, 30'000'000})
      expected.emplace_back(at, predicted);
  }
  EXPECT_EQ(r.kernels[0].predictions, expected);
  EXPECT_EQ(r.kernels[0].end, 30 * us);
}

TEST(Predictions, ThePredictorBesideAPolicyOnlyWatches) {
  const RunReport watched = run_grid("fifo", true);
  const RunReport plain = run_grid("fifo", false);
  EXPECT_EQ(plain.predictions_by, PredictionSource::none);
  EXPECT_TRUE(plain.kernels[0].predictions.empty());
  EXPECT_EQ(watched.kernels[0].start, plain.kernels[0].start);
  EXPECT_EQ(watched.kernels[0].end, plain.kernels[0].end);
  EXPECT_EQ(watched.events, plain.events);
}

TEST(Predictions, APredictingPolicyReportsItsOwnAndNothingIsAttached) {
  const RunReport asked = run_grid("srtf", true);
  const RunReport not_asked = run_grid("srtf", false);
  EXPECT_EQ(asked.predictions_by, PredictionSource::policy);
  EXPECT_EQ(not_asked.predictions_by, PredictionSource::policy);
  EXPECT_FALSE(asked.kernels[0].predictions.empty());
  EXPECT_EQ(asked.kernels[0].predictions, not_asked.kernels[0].predictions);
}

}  // namespace
}  // namespace aqlsim
