// Experiments: sweeps, pairs, parallel runs identical to serial ones, and the summaries.
#include "experiment/compare.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

namespace aqlsim {
namespace {

namespace fs = std::filesystem;

class Compare : public ::testing::Test {
 protected:
  fs::path dir = fs::path(::testing::TempDir()) /
                 ("aqlsim_compare_" +
                  std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
  void SetUp() override { fs::create_directories(dir); }
  void TearDown() override { fs::remove_all(dir); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  }
};

bool same(const RunSummary& a, const RunSummary& b) {
  return a.workload == b.workload && a.point == b.point && a.policy == b.policy &&
         a.status == b.status && a.makespan_us == b.makespan_us && a.metrics.stp == b.metrics.stp &&
         a.metrics.antt == b.metrics.antt && a.metrics.fairness == b.metrics.fairness &&
         a.map_count == b.map_count;
}

TEST_F(Compare, ParallelRunsGiveExactlyTheSerialResults) {
  const std::string library = std::string(AQLSIM_SOURCE_DIR) + "/workloads/kernels/ercbench.yaml";
  const std::string file = write("pairs.yaml", R"(
experiment:
  pairs:
    device: gtx480
    kernels: )" + library + R"(
    names: [jpeg_d, jpeg_e, aes_d]
    second_arrival: 25%
  policies: [fifo, srtf, sjf]
)");
  const ExperimentSpec spec = load_experiment(file);
  ASSERT_EQ(spec.workloads.size(), 6u);  // 3 x 2 ordered pairs
  EXPECT_EQ(spec.workloads[0].name, "jpeg_d+jpeg_e");
  const auto serial = run_experiment(spec, {.seed = std::nullopt, .jobs = 1, .progress = {}});
  const auto parallel = run_experiment(spec, {.seed = std::nullopt, .jobs = 2, .progress = {}});
  ASSERT_EQ(serial.size(), 18u);
  ASSERT_EQ(parallel.size(), serial.size());
  for (std::size_t i = 0; i < serial.size(); ++i)
    EXPECT_TRUE(same(serial[i], parallel[i])) << i;
}

// Two workloads whose makespans are worked out by hand (one 10 us or 40 us work-group, no packet
// latency), two policies: geometric means and speedups follow.
TEST_F(Compare, SummariesAreGeometricMeansWithSpeedupsOverTheBaseline) {
  const std::string base = R"(
device: {compute_units: 1, front_end: {packet_latency: 0}}
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: WGus, contention: 0}
queues:
  - packets: [{name: p, dispatch: k}]
)";
  auto with = [&](const std::string& t) {
    std::string s = base;
    s.replace(s.find("WG"), 2, t);
    return s;
  };
  write("a.yaml", with("10"));
  write("b.yaml", with("40"));
  const std::string file = write("e.yaml", R"(
experiment:
  workloads: [a.yaml, b.yaml]
  policies: [fifo, fifo-backfill]
  baseline: fifo
  sweep:
    device.compute_units: [1, 2]
)");
  const ExperimentSpec spec = load_experiment(file);
  const auto runs = run_experiment(spec, {.seed = std::nullopt, .jobs = 2, .progress = {}});
  ASSERT_EQ(runs.size(), 8u);  // 2 points x 2 policies x 2 workloads
  const auto rows = summarise(spec, runs);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].point, (std::vector<std::string>{"1"}));
  EXPECT_EQ(rows[0].policy, "fifo");
  EXPECT_EQ(rows[0].runs, 2u);
  EXPECT_NEAR(rows[0].makespan_us, std::sqrt(10.0 * 40.0), 1e-9);  // geomean of 10 and 40
  EXPECT_NEAR(*rows[1].speedup, 1.0, 1e-12);
  EXPECT_NEAR(rows[0].metrics.stp, 1.0, 1e-12);  // alone = shared for a lone kernel
}

TEST(ParseSweep, SplitsValuesAndRejectsMissingParts) {
  const Sweep s = parse_sweep("graph.lowering=round-robin:1,round-robin:8");
  EXPECT_EQ(s.key, "graph.lowering");
  EXPECT_EQ(s.values, (std::vector<std::string>{"round-robin:1", "round-robin:8"}));
  EXPECT_THROW(parse_sweep("novalues="), InputError);
  EXPECT_THROW(parse_sweep("=1,2"), InputError);
}

}  // namespace
}  // namespace aqlsim
