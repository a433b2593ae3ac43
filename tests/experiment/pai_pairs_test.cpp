// The oracle against the hardware baseline on the experiment that reproduces Pai et al. table 5
// (workloads/experiments/pai_simultaneous.yaml): all 56 ordered pairs of ERCBench kernels on
// gtx480, the second arriving 100 cycles after the first.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>

#include "experiment/compare.hpp"
#include "tests/queue_sched/ercbench.hpp"

namespace aqlsim {
namespace {

using StpByPolicy = std::map<std::string, double>;

// Workload ("first+second") -> policy -> STP, for fifo and sjf under `seed` (the file's if none).
std::map<std::string, StpByPolicy> fifo_and_sjf(std::optional<std::uint64_t> seed) {
  ExperimentSpec spec = load_experiment(std::string(AQLSIM_SOURCE_DIR) +
                                        "/workloads/experiments/pai_simultaneous.yaml");
  EXPECT_EQ(spec.workloads.size(), 56u);
  spec.policies = {"fifo", "sjf"};
  std::map<std::string, StpByPolicy> stp;
  for (const RunSummary& r :
       run_experiment(spec, {.seed = seed, .jobs = 2, .limits = {}, .progress = {}})) {
    EXPECT_EQ(r.status, RunStatus::completed) << r.workload << " " << r.policy;
    stp[r.workload][r.policy] = r.metrics.stp;
  }
  EXPECT_EQ(stp.size(), 56u);
  return stp;
}

// Whether table 3's runtimes of the pair's kernels are within 10% of each other.
bool near_tie(const std::string& workload) {
  const auto plus = workload.find('+');
  const auto runtime = [](const std::string& kernel) {
    const auto& t = testing::kTable23;
    return std::find_if(std::begin(t), std::end(t),
                        [&](const testing::Table23& row) { return row.kernel == kernel; })
        ->runtime_cycles;
  };
  const double a = runtime(workload.substr(0, plus));
  const double b = runtime(workload.substr(plus + 1));
  return std::max(a, b) < 1.10 * std::min(a, b);
}

TEST(PaiPairs, SjfThroughputIsFifosOrBetterOnEveryPair) {
  double log_gain = 0;
  for (const auto& [workload, by_policy] : fifo_and_sjf(std::nullopt)) {
    EXPECT_GE(by_policy.at("sjf"), by_policy.at("fifo")) << workload;
    log_gain += std::log(by_policy.at("sjf") / by_policy.at("fifo"));
  }
  // Over all pairs (geometric mean) SJF is clearly ahead.
  EXPECT_GT(log_gain / 56, std::log(1.10));
}

// SJF >= FIFO is not a law for near-ties: AES-d/AES-e, JPEG-d/JPEG-e and render/SAD differ by
// 2-6% in table 3, so which order gives the higher STP depends on how the tails of the two
// kernels overlap, which depends on the random draws (seeds 1-20: 5 of 120 near-tie runs have
// SJF below FIFO, by at most 1.6%). Wherever the runtimes differ clearly, it must hold for
// every seed.
TEST(PaiPairs, SjfThroughputIsFifosOrBetterOnOtherSeedsUnlessTheKernelsNearlyTie) {
  int near_ties = 0;
  for (std::uint64_t seed = 2; seed <= 4; ++seed) {
    for (const auto& [workload, by_policy] : fifo_and_sjf(seed)) {
      if (near_tie(workload)) {
        ++near_ties;
        continue;
      }
      EXPECT_GE(by_policy.at("sjf"), by_policy.at("fifo")) << workload << " seed " << seed;
    }
  }
  EXPECT_EQ(near_ties, 3 * 6);  // three near-tie pairs, both orders, three seeds
}

}  // namespace
}  // namespace aqlsim
