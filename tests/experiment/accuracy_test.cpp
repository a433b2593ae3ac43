// The predictor-accuracy experiment.
#include "experiment/accuracy.hpp"

#include <gmock/gmock.h>
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
  const std::vector<RatioSummary> summary = predictor_accuracy(spec).ratios;
  ASSERT_EQ(summary.size(), 6u);  // isolated and shared, three predictions each
  for (const RatioSummary& r : summary) {
    EXPECT_EQ(r.count, 1u) << r.group << " " << r.when;
    EXPECT_DOUBLE_EQ(r.median, 1.25) << r.group << " " << r.when;
    EXPECT_DOUBLE_EQ(r.within_half_to_double, 1.0) << r.group << " " << r.when;
  }
  std::filesystem::remove(file);
}

// As above with `workgroups` work-groups and `extra` YAML after the queue's packets.
std::string staircase(int workgroups, const std::string& extra = "") {
  return "device:\n"
         "  compute_units: 2\n"
         "  cu: {simds: 1, waves_per_simd: 4, vgprs_per_simd: 1024, vgpr_granule: 1}\n"
         "  front_end: {packet_latency: 0}\n"
         "kernels:\n"
         "  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: " +
         std::to_string(workgroups) + "}\nqueues:\n  - packets: [{name: grid, dispatch: k}" +
         extra + "]\n";
}

// Alone runs are counted once when identical, not once per packet name: a.yaml and its copy c
// run `grid` alone identically (1.25, as above), b.yaml's `grid` has 16 work-groups, two waves:
// Pred = 10 + (8 - 1) * 10 / 4 = 27.5 us against 20: 1.375. Shared: all three.
TEST(PredictorAccuracy, IdenticalAloneRunsCountOnceAndOthersEachTime) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "acc_alone";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "a.yaml") << staircase(24);
  std::ofstream(dir / "b.yaml") << staircase(16);
  std::ofstream(dir / "c.yaml") << staircase(24);
  std::ofstream(dir / "e.yaml") << "experiment: {workloads: [a.yaml, b.yaml, c.yaml]}\n";
  const AccuracyResult result = predictor_accuracy(load_experiment((dir / "e.yaml").string()));
  EXPECT_TRUE(result.unfinished.empty());
  for (const RatioSummary& r : result.ratios) {
    if (r.when != "first block") continue;
    if (r.group == "isolated") {
      EXPECT_EQ(r.count, 2u);
      EXPECT_DOUBLE_EQ(r.min, 1.25);
      EXPECT_DOUBLE_EQ(r.max, 1.375);
    } else {
      EXPECT_EQ(r.count, 3u);
    }
  }
  std::filesystem::remove_all(dir);
}

// A shared run that deadlocks (its barrier waits on a signal nothing sets) has no actual
// runtimes: it is reported, not left out silently; its dispatch alone still completes.
TEST(PredictorAccuracy, ARunThatDoesNotCompleteIsReported) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "acc_deadlock";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "d.yaml") << staircase(24, ", {barrier_and: [never]}, {dispatch: k}") +
                                       "signals: [{name: never, initial: 1}]\n";
  const AccuracyResult result = predictor_accuracy(load_experiment((dir / "d.yaml").string()));
  ASSERT_EQ(result.unfinished.size(), 1u);
  EXPECT_EQ(result.unfinished[0].run, "shared run");
  EXPECT_EQ(result.unfinished[0].status, RunStatus::deadlock);
  std::filesystem::remove_all(dir);
}

// The shared run is run as `aqlsim run` runs it: an oracle policy (sjf) is told the isolated
// runtimes. One CU holding two work-groups of 10 us (no contention); L (queue 0, 3 work-groups,
// 20 us alone) and S (queue 1, 2 work-groups, 10 us alone) both submitted at 0. With the oracle,
// S runs [0,10] twice and L [10,20] twice and [20,30]: at their first block ends, S predicts
// 10 + (2 - 1) * 10 / 2 = 15 against 10 (1.5), L 10 + (3 - 1) * 10 / 2 = 20 against 20 (1.0).
// Without it, sjf knew no runtimes and ran L first as fifo does: L [0,10] twice and [10,20],
// S [10,20] and [20,30], so S predicted 15 against 20 (0.75).
TEST(PredictorAccuracy, AnOraclePolicyIsToldTheIsolatedRuntimes) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "acc_oracle";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "w.yaml") << R"(
device:
  compute_units: 1
  cu: {simds: 1, waves_per_simd: 2, vgprs_per_simd: 1024, vgpr_granule: 1}
  front_end: {packet_latency: 0}
kernels:
  - {name: l, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 3}
  - {name: s, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 2}
queues:
  - packets: [{name: L, dispatch: l}]
  - packets: [{name: S, dispatch: s}]
)";
  std::ofstream(dir / "e.yaml") << "experiment: {workload: w.yaml, policies: [sjf]}\n";
  const AccuracyResult result = predictor_accuracy(load_experiment((dir / "e.yaml").string()));
  EXPECT_TRUE(result.unfinished.empty());
  bool seen = false;
  for (const RatioSummary& r : result.ratios) {
    if (r.group != "shared" || r.when != "first block") continue;
    seen = true;
    EXPECT_EQ(r.count, 2u);
    EXPECT_DOUBLE_EQ(r.min, 1.0);
    EXPECT_DOUBLE_EQ(r.max, 1.5);
  }
  EXPECT_TRUE(seen);
  std::filesystem::remove_all(dir);
}

// One point is measured: a sweep was silently ignored (the file's own value run once, a bad
// swept value never read).
TEST(PredictorAccuracy, AnExperimentWithASweepIsRefusedAtItsValues) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "acc_sweep";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "w.yaml") << staircase(24);
  std::ofstream(dir / "e.yaml")
      << "experiment:\n  workload: w.yaml\n  sweep: {device.compute_units: [1, bogus]}\n";
  try {
    predictor_accuracy(load_experiment((dir / "e.yaml").string()));
    ADD_FAILURE() << "the sweep was run or ignored";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr(
                              "e.yaml:3:34: accuracy measures one point and runs no sweep (of "
                              "'device.compute_units'): take the sweep out of the "
                              "experiment and give the point in its `set` or with --set "
                              "device.compute_units=VALUE"));
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace aqlsim
