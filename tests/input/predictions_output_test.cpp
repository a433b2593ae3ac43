// Prediction series are opt-in: `aqlsim run --json --trace` writes none and attaches no
// predictor beside the policy; with --predictions every kernel has its series, the ones the run
// recorded, and the trace its counter tracks. Apart from them the two files are the same.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "hsa_model/time.hpp"
#include "scenario/load_scenario.hpp"
#include "scenario/runner.hpp"
#include "tests/support/cli_fixture.hpp"

namespace aqlsim {
namespace {

using namespace aqlsim::testing;  // the fixture and its helpers
using ::testing::HasSubstr;
using ::testing::Not;

class Predictions : public CliFixture {
 protected:
  // `aqlsim run quickstart -q --json NAME.json --trace NAME.trace.json ARGS`.
  void run_quickstart(const std::string& name, const std::string& args) const {
    const Result r =
        aqlsim("run -q " + quote(kQuickstart) + " --json " + quote(path(name + ".json")) +
               " --trace " + quote(path(name + ".trace.json")) + args);
    ASSERT_EQ(r.status, 0) << r.err;
  }
};

Json without_series(Json result) {
  for (Json& k : result.at("kernels"))
    k.erase("predictions");
  return result;
}

TEST_F(Predictions, WithoutTheFlagNoSeriesIsWrittenAndNoPredictorWatches) {
  run_quickstart("r", "");
  const Json j = read_json("r.json");
  EXPECT_EQ(j.at("predictions_by"), "none");  // fifo-backfill has no predictor of its own
  ASSERT_EQ(j.at("kernels").size(), 4u);
  for (const Json& k : j.at("kernels"))
    EXPECT_FALSE(k.contains("predictions")) << k.at("name");
  EXPECT_THAT(read_file(path("r.trace.json")), Not(HasSubstr("\"prediction ")));
}

TEST_F(Predictions, APolicysOwnPredictionsAreWrittenOnlyWithTheFlag) {
  run_quickstart("plain", " --policy srtf");
  run_quickstart("asked", " --policy srtf --predictions");
  const Json plain = read_json("plain.json");
  const Json asked = read_json("asked.json");
  EXPECT_EQ(plain.at("predictions_by"), "policy");
  EXPECT_EQ(plain, without_series(asked));
  EXPECT_THAT(read_file(path("plain.trace.json")), Not(HasSubstr("\"prediction ")));
  EXPECT_THAT(read_file(path("asked.trace.json")), HasSubstr("\"prediction a0\""));
}

TEST_F(Predictions, WithTheFlagTheSeriesAreThoseOfTheRunReport) {
  run_quickstart("r", " --predictions");
  const Json j = read_json("r.json");
  EXPECT_EQ(j.at("predictions_by"), "simple-slicing observer");
  EXPECT_THAT(read_file(path("r.trace.json")), HasSubstr("\"prediction a0\""));

  RunOptions options;
  options.predict_beside_policy = true;
  options.record_predictions = true;
  const RunReport report = run_scenario(load_scenario(kQuickstart), options);
  const Json& kernels = j.at("kernels");
  ASSERT_EQ(kernels.size(), report.kernels.size());
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const auto& expected = report.kernels[i].predictions;
    const Json& series = kernels[i].at("predictions");
    SCOPED_TRACE(report.kernels[i].name);
    ASSERT_FALSE(expected.empty());
    ASSERT_EQ(series.size(), expected.size());
    for (std::size_t p = 0; p < expected.size(); ++p) {
      EXPECT_EQ(series[p].at("time_us"), to_us(expected[p].first));
      EXPECT_EQ(series[p].at("predicted_us"), to_us(expected[p].second));
    }
  }
  // Apart from the series and whose they are, the file is the one written without the flag.
  run_quickstart("plain", "");
  Json plain = read_json("plain.json");
  plain["predictions_by"] = j.at("predictions_by");
  EXPECT_EQ(plain, without_series(j));
}

}  // namespace
}  // namespace aqlsim
