// The oracle against the hardware baseline on Pai et al.'s workloads (§6.1.3): all 56 ordered
// pairs of ERCBench kernels on gtx480, the second arriving 100 cycles after the first.
//
// SJF here is block-level and non-preemptive like every policy of this model: when it puts the
// later kernel first, that kernel still waits for the first one's running work-groups (the
// hand-off delay that Pai et al.'s SJF does not pay, §6.2.2). So SJF gains over FIFO only when
// the reordering is worth more than that wait; for near-ties (isolated runtimes within 10% of
// each other: AES-d/AES-e, JPEG-d/JPEG-e, render/SAD) it can lose a little. With seed 1 it
// does for 4 of the 56 pairs (by 1.6% to 9.1%: JPEG's blocks are a fifth of its runtime).
#include <gtest/gtest.h>

#include <cmath>

#include "tests/queue_sched/ercbench.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

RunReport run_pair(const std::string& first, const std::string& second, const std::string& policy) {
  const Scenario s =
      testing::ercbench_scenario("queues:\n  - {packets: [{name: first, dispatch: " + first +
                                 "}]}\n  - {packets: [{name: second, dispatch: " + second +
                                 ", at: 100cy}]}\nscheduling: {thread_block: " + policy + "}\n");
  RunReport r = testing::run_checked(s);
  EXPECT_EQ(r.outcome.status, RunStatus::completed) << first << "+" << second << " " << policy;
  EXPECT_EQ(r.kernels.size(), 2u);
  return r;
}

TEST(ErcbenchPairs, SjfThroughputIsFifosOrBetterUnlessTheKernelsNearlyTie) {
  double log_gain = 0;
  for (const std::string first : testing::kErcbenchKernels) {
    for (const std::string second : testing::kErcbenchKernels) {
      if (first == second) continue;
      const RunReport fifo = run_pair(first, second, "fifo");
      const RunReport sjf = run_pair(first, second, "sjf");
      const double first_alone = static_cast<double>(sjf.kernels[0].alone);
      const double second_alone = static_cast<double>(sjf.kernels[1].alone);
      const std::string pair = first + "+" + second;
      log_gain += std::log(sjf.metrics.stp / fifo.metrics.stp);
      if (first_alone <= second_alone) {
        // SJF's order is the arrival order: the very same schedule as FIFO.
        EXPECT_DOUBLE_EQ(sjf.metrics.stp, fifo.metrics.stp) << pair;
      } else if (second_alone < 0.9 * first_alone) {
        EXPECT_GE(sjf.metrics.stp, fifo.metrics.stp) << pair;
      } else {
        EXPECT_GE(sjf.metrics.stp, 0.9 * fifo.metrics.stp) << pair << ": near-tie";
      }
    }
  }
  // Over all pairs (geometric mean) SJF is clearly ahead: 1.607 against 1.458 with seed 1.
  EXPECT_GT(log_gain / 56, std::log(1.05));
}

}  // namespace
}  // namespace aqlsim
