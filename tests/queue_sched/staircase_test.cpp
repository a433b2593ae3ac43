// Pai et al. equation 1: T = ceil(N / R) * t.
#include "queue_sched/staircase.hpp"

#include <gtest/gtest.h>

namespace aqlsim {
namespace {

TEST(StaircaseEquation, APartialLastStepCostsAWholeT) {
  EXPECT_EQ(staircase_runtime(12, 4, 10), 30);  // three full steps
  EXPECT_EQ(staircase_runtime(13, 4, 10), 40);  // the 13th block needs a fourth step
  EXPECT_EQ(staircase_runtime(3, 4, 10), 10);   // fewer blocks than R: one step
  EXPECT_EQ(staircase_runtime(0, 4, 10), 0);
  // Figure 2: N = 3R blocks take 3t.
  EXPECT_EQ(staircase_runtime(3 * 4, 4, 7), 3 * 7);
}

}  // namespace
}  // namespace aqlsim
