// SRTF/Adaptive's slowdown forecasts (Pai et al. §5.1.2, figure 13), on numbers worked by hand.
#include "queue_sched/fairness_plan.hpp"

#include <gtest/gtest.h>

namespace aqlsim {
namespace {

TEST(FairnessPlan, ExclusiveIsFigure13sT1AndT1PlusT2) {
  // A (T1 = 10) and B (T2 = 20) start together, alone runtimes = their remaining times:
  // A finishes at 10 (slowdown 1), B at 30 (slowdown 30 / 20 = 1.5).
  const PlannedKernel kernels[] = {{10, 0, 10}, {20, 0, 20}};
  const std::vector<double> s = exclusive_slowdowns(kernels);
  EXPECT_DOUBLE_EQ(s[0], 1.0);
  EXPECT_DOUBLE_EQ(s[1], 1.5);
  EXPECT_DOUBLE_EQ(slowdown_gap(s), 0.5);
}

TEST(FairnessPlan, SharingFollowsTs1AndTs2) {
  // A keeps 3 of R = 4 (0.75), B gets 1 of 4 (0.25). TS1 = 10 / 0.75 = 40/3; B does 40/3 *
  // 0.25 = 10/3 of its 20 meanwhile, TS2 = 20 - 10/3 = 50/3, so B ends at 30 as before while
  // A's slowdown becomes (40/3) / 10 = 4/3: gap 1.5 - 4/3 = 1/6, fairer than 0.5.
  const PlannedKernel kernels[] = {{10, 0, 10}, {20, 0, 20}};
  const std::vector<double> s = sharing_slowdowns(kernels, 0.75, 0.25);
  EXPECT_DOUBLE_EQ(s[0], 4.0 / 3.0);
  EXPECT_DOUBLE_EQ(s[1], 1.5);
  EXPECT_NEAR(slowdown_gap(s), 1.0 / 6.0, 1e-12);
}

TEST(FairnessPlan, WhenTheCoRunnerFinishesFirstTheFastestTakesTheRestAlone) {
  // A (T 10) at 0.25, B (T 12) at 0.75: B ends at 12 / 0.75 = 16, when A has done 16 * 0.25
  // = 4, so A ends at 16 + 6 = 22. Elapsed 2 and 1, alone 10 and 12: slowdowns 24/10, 17/12.
  const PlannedKernel kernels[] = {{10, 2, 10}, {12, 1, 12}};
  const std::vector<double> s = sharing_slowdowns(kernels, 0.25, 0.75);
  EXPECT_DOUBLE_EQ(s[0], 2.4);
  EXPECT_DOUBLE_EQ(s[1], 17.0 / 12.0);
}

TEST(FairnessPlan, OthersWaitForTheSharingPairAndACoRunnerThatFitsNothingWaitsToo) {
  // No room beside A (co share 0): A ends at 10 / 0.5 = 20, B at 20 + 5, C at 25 + 30.
  const PlannedKernel kernels[] = {{10, 0, 10}, {5, 0, 5}, {30, 0, 30}};
  const std::vector<double> s = sharing_slowdowns(kernels, 0.5, 0.0);
  EXPECT_DOUBLE_EQ(s[0], 2.0);
  EXPECT_DOUBLE_EQ(s[1], 5.0);
  EXPECT_DOUBLE_EQ(s[2], 55.0 / 30.0);
  // Exclusive: 10, 15, 45.
  const std::vector<double> e = exclusive_slowdowns(kernels);
  EXPECT_DOUBLE_EQ(e[2], 1.5);
  EXPECT_DOUBLE_EQ(slowdown_gap(e), 2.0);
}

TEST(FairnessPlan, TheGapsAreThoseOfTheSlowdowns) {
  const PlannedKernel kernels[] = {{10, 3, 12}, {5, 1, 6}, {30, 7, 31}, {2, 0, 9}};
  for (std::size_t n = 1; n <= 4; ++n) {
    const std::span<const PlannedKernel> some(kernels, n);
    EXPECT_EQ(exclusive_gap(some), slowdown_gap(exclusive_slowdowns(some)));
    if (n < 2) continue;
    for (const double co : {0.0, 0.25, 0.9}) {
      EXPECT_EQ(sharing_gap(some, 0.5, co), slowdown_gap(sharing_slowdowns(some, 0.5, co)));
    }
  }
  EXPECT_EQ(exclusive_gap({}), 0.0);
}

}  // namespace
}  // namespace aqlsim
