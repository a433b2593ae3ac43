// The predictor-accuracy experiment.
#include "experiment/accuracy.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace aqlsim {
namespace {

TEST(Quantile, InterpolatesBetweenSortedValues) {
  const std::vector<double> v{1, 2, 3, 4, 5};
  EXPECT_DOUBLE_EQ(quantile(v, 0.0), 1);
  EXPECT_DOUBLE_EQ(quantile(v, 0.25), 2);
  EXPECT_DOUBLE_EQ(quantile(v, 0.5), 3);
  EXPECT_DOUBLE_EQ(quantile(v, 1.0), 5);
  EXPECT_DOUBLE_EQ(quantile({10, 20}, 0.25), 12.5);
}

// A perfect staircase: 2 CUs x R = 4, k = 3 waves of exactly 10 us. On each CU Total_Blocks =
// 12 and the first of the four blocks ending at 10 us gives t = 10 us and
// Pred = 10 + (12 - 1) * 10 / 4 = 37.5 us against an actual 30 us: 1.25 (eq. 2 counts the three
// blocks ending at the same instant as still to run). That is also each CU's only slice-unaware
// prediction, and, with one slice, the slice-aware prediction at the start of the last slice.
TEST(PredictorAccuracy, APerfectStaircaseHasOneSliceAndOnePrediction) {
  const std::filesystem::path file = std::filesystem::path(::testing::TempDir()) / "staircase.yaml";
  std::ofstream(file) << R"(
device:
  compute_units: 2
  cu: {simds: 1, waves_per_simd: 4, vgprs_per_simd: 1024, vgpr_granule: 1}
  front_end: {packet_latency: 0}
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 24}
queues:
  - packets: [{name: grid, dispatch: k}]
)";
  ExperimentSpec spec = load_experiment(file.string());
  const std::vector<RatioSummary> summary = predictor_accuracy(spec);
  ASSERT_EQ(summary.size(), 6u);  // isolated and shared, three predictions each
  for (const RatioSummary& r : summary) {
    EXPECT_EQ(r.count, 1u) << r.group << " " << r.when;
    EXPECT_DOUBLE_EQ(r.median, 1.25) << r.group << " " << r.when;
    EXPECT_DOUBLE_EQ(r.within_half_to_double, 1.0) << r.group << " " << r.when;
  }
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace aqlsim
