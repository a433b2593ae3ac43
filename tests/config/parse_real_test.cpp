// Real numbers: the whole text, and numbers beyond a double's range still read as numbers.
#include "config/parse_real.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace aqlsim {
namespace {

TEST(ParseReal, ReadsTheWholeTextAsFromCharsDoes) {
  EXPECT_EQ(parse_real("1.5"), 1.5);
  EXPECT_EQ(parse_real("-2e3"), -2000.0);
  EXPECT_EQ(parse_real(".5"), 0.5);
  for (const std::string bad : {"", " 1", "1 ", "+1", "1x", "0x10", "nan", "inf", "-inf", "1e"})
    EXPECT_EQ(parse_real(bad), std::nullopt) << "'" << bad << "'";
}

// from_chars reports these as out of range and leaves no value: they were "not a number".
TEST(ParseReal, NumbersBeyondADoublesRangeAreInfinityOrZero) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(parse_real("1e400"), kInf);
  EXPECT_EQ(parse_real("-1e400"), -kInf);
  EXPECT_EQ(parse_real(std::string(400, '9')), kInf);
  EXPECT_EQ(parse_real("1e-400"), 0.0);
  const std::optional<double> tiny = parse_real("0." + std::string(400, '0') + "1");
  ASSERT_TRUE(tiny.has_value());
  EXPECT_EQ(*tiny, 0.0);
  EXPECT_FALSE(std::signbit(*tiny));
  const std::optional<double> negative_tiny = parse_real("-1e-400");
  ASSERT_TRUE(negative_tiny.has_value());
  EXPECT_TRUE(std::signbit(*negative_tiny));
}

}  // namespace
}  // namespace aqlsim
