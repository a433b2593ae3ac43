// The oracle against the hardware baseline on the experiment that reproduces Pai et al. table 5
// (workloads/experiments/pai_simultaneous.yaml): all 56 ordered pairs of ERCBench kernels on
// gtx480, the second arriving 100 cycles after the first.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "experiment/compare.hpp"

namespace aqlsim {
namespace {

TEST(PaiPairs, SjfThroughputIsFifosOrBetterOnEveryPair) {
  ExperimentSpec spec = load_experiment(std::string(AQLSIM_SOURCE_DIR) +
                                        "/workloads/experiments/pai_simultaneous.yaml");
  ASSERT_EQ(spec.workloads.size(), 56u);
  spec.policies = {"fifo", "sjf"};
  const auto runs = run_experiment(spec, {.seed = std::nullopt, .jobs = 2, .progress = {}});
  std::map<std::string, std::map<std::string, double>> stp;  // workload -> policy -> STP
  for (const RunSummary& r : runs) {
    ASSERT_EQ(r.status, RunStatus::completed) << r.workload << " " << r.policy;
    stp[r.workload][r.policy] = r.metrics.stp;
  }
  ASSERT_EQ(stp.size(), 56u);
  double log_gain = 0;
  for (const auto& [workload, by_policy] : stp) {
    EXPECT_GE(by_policy.at("sjf"), by_policy.at("fifo")) << workload;
    log_gain += std::log(by_policy.at("sjf") / by_policy.at("fifo"));
  }
  // Over all pairs (geometric mean) SJF is clearly ahead.
  EXPECT_GT(log_gain / 56, std::log(1.10));
}

}  // namespace
}  // namespace aqlsim
