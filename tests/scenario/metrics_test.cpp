#include "scenario/metrics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace aqlsim {
namespace {

TEST(Metrics, MatchTheDefinitionsOnAHandComputedCase) {
  const std::vector<double> ntt{1.0, 2.0, 4.0};
  const Metrics m = compute_metrics(ntt);
  EXPECT_DOUBLE_EQ(m.stp, 1.0 + 0.5 + 0.25);
  EXPECT_DOUBLE_EQ(m.antt, 7.0 / 3.0);
  EXPECT_DOUBLE_EQ(m.fairness, 0.25);
  // Population deviation: sqrt(((1-7/3)^2 + (2-7/3)^2 + (4-7/3)^2) / 3) = sqrt(42/27).
  EXPECT_NEAR(m.dntt, std::sqrt(42.0 / 27.0), 1e-12);
}

TEST(Metrics, OneKernelAloneIsPerfectlyFair) {
  const std::vector<double> ntt{1.0};
  const Metrics m = compute_metrics(ntt);
  EXPECT_DOUBLE_EQ(m.stp, 1.0);
  EXPECT_DOUBLE_EQ(m.antt, 1.0);
  EXPECT_DOUBLE_EQ(m.fairness, 1.0);
  EXPECT_DOUBLE_EQ(m.dntt, 0.0);
  EXPECT_DOUBLE_EQ(compute_metrics({}).stp, 0.0);
}

}  // namespace
}  // namespace aqlsim
