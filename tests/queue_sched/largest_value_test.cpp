// LargestValue keeps the largest of its values, and says when it changed, as they rise and fall.
#include "queue_sched/largest_value.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace aqlsim {
namespace {

TEST(LargestValue, FollowsTheLargestAsValuesRiseAndFall) {
  LargestValue<int> values(4, -1);
  EXPECT_EQ(values.largest(), -1);
  EXPECT_TRUE(values.set(2, 5));   // rises above the rest
  EXPECT_FALSE(values.set(0, 3));  // stays below
  EXPECT_FALSE(values.set(1, 5));  // ties: the largest is still 5
  EXPECT_FALSE(values.set(2, 1));  // the other 5 is still there
  EXPECT_EQ(values.largest(), 5);
  EXPECT_TRUE(values.set(1, 2));  // the only 5 falls: 3 is found by the scan
  EXPECT_EQ(values.largest(), 3);
  EXPECT_FALSE(values.set(0, 3));  // set to what it was
  EXPECT_TRUE(values.set(0, 0));
  EXPECT_EQ(values.largest(), 2);
}

TEST(LargestValue, AgreesWithAScanAfterEveryUpdate) {
  // Values drawn from a small range, so that ties, rises and falls of the largest all occur.
  for (std::size_t n = 1; n <= 9; ++n) {
    LargestValue<std::int64_t> values(n, -100);
    std::vector<std::int64_t> plain(n, -100);
    std::uint64_t state = n;
    for (int step = 0; step < 2000; ++step) {
      state = state * 6364136223846793005u + 1442695040888963407u;
      const std::size_t i = (state >> 33) % n;
      const auto value = static_cast<std::int64_t>((state >> 40) % 7);
      const std::int64_t before = *std::ranges::max_element(plain);
      plain[i] = value;
      const std::int64_t after = *std::ranges::max_element(plain);
      ASSERT_EQ(values.set(i, value), after != before) << n << " values, step " << step;
      ASSERT_EQ(values.largest(), after) << n << " values, step " << step;
    }
  }
}

}  // namespace
}  // namespace aqlsim
