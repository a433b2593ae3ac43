// SJF's foresight on a pair of Pai et al.'s workloads (§6.1.3), the second kernel arriving 100
// cycles after the first (tests/experiment/pai_pairs_test.cpp checks all 56 pairs).
//
// The paper's SJF knows the second kernel will arrive within one work-group duration and runs
// it first, so it never pays the hand-off delay (§6.2.2). Without that foresight it does, and
// a near-tie can then lose to FIFO.
#include <gtest/gtest.h>

#include "tests/queue_sched/ercbench.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

RunReport run_pair(const std::string& first, const std::string& second, const std::string& policy,
                   const std::string& params = "{}") {
  const Scenario s = testing::ercbench_scenario(
      "queues:\n  - {packets: [{name: first, dispatch: " + first +
      "}]}\n  - {packets: [{name: second, dispatch: " + second +
      ", at: 100cy}]}\nscheduling: {thread_block: " + policy + ", params: " + params + "}\n");
  RunReport r = testing::run_checked(s);
  EXPECT_EQ(r.outcome.status, RunStatus::completed) << first << "+" << second << " " << policy;
  EXPECT_EQ(r.kernels.size(), 2u);
  return r;
}

TEST(ErcbenchPairs, WithoutForesightSjfLosesNearTiesToTheHandOffDelay) {
  // JPEG-e (25383 cycles in table 3) then JPEG-d (24853): the oracle without foresight puts
  // JPEG-d first but it waits for JPEG-e's first blocks, a fifth of its runtime.
  const RunReport fifo = run_pair("jpeg_e", "jpeg_d", "fifo");
  const RunReport blind = run_pair("jpeg_e", "jpeg_d", "sjf", "{sjf: {foresight: 0}}");
  const RunReport oracle = run_pair("jpeg_e", "jpeg_d", "sjf");
  EXPECT_LT(blind.metrics.stp, fifo.metrics.stp);
  EXPECT_GT(oracle.metrics.stp, fifo.metrics.stp);
}

}  // namespace
}  // namespace aqlsim
