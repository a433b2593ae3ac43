#include "config/duration.hpp"

#include <gtest/gtest.h>

#include "config/limits.hpp"

namespace aqlsim {
namespace {

TEST(ParseDuration, AcceptsEveryUnit) {
  EXPECT_EQ(parse_duration("4.4us", 0), 4'400'000);
  EXPECT_EQ(parse_duration("100 us", 0), 100 * kMicrosecond);
  EXPECT_EQ(parse_duration("250ns", 0), 250'000);
  EXPECT_EQ(parse_duration("7ps", 0), 7);
  EXPECT_EQ(parse_duration("2ms", 0), 2 * kMillisecond);
  EXPECT_EQ(parse_duration("1s", 0), kSecond);
  EXPECT_EQ(parse_duration("0", 0), 0);
  // Microseconds with the micro sign (U+00B5) or the Greek mu (U+03BC), which look the same.
  EXPECT_EQ(parse_duration("3\xC2\xB5s", 0), 3 * kMicrosecond);
  EXPECT_EQ(parse_duration("3\xCE\xBCs", 0), 3 * kMicrosecond);
}

TEST(ParseDuration, ConvertsCyclesWithTheClock) {
  // 700 cycles at 700 MHz is exactly one microsecond.
  EXPECT_EQ(parse_duration("700cy", 700.0), kMicrosecond);
  EXPECT_EQ(parse_duration("1400 cycles", 700.0), 2 * kMicrosecond);
}

TEST(ParseDuration, RejectsMissingOrUnknownUnitsAndNegatives) {
  EXPECT_FALSE(parse_duration("100", 0));
  EXPECT_FALSE(parse_duration("5 parsecs", 0));
  EXPECT_FALSE(parse_duration("-1us", 0));
  EXPECT_FALSE(parse_duration("us", 0));
  EXPECT_FALSE(parse_duration("", 0));
}

TEST(FormatDuration, PicksAReadableUnit) {
  EXPECT_EQ(format_duration(4'400'000), "4.4us");
  EXPECT_EQ(format_duration(100 * kMicrosecond), "100us");
  EXPECT_EQ(format_duration(3 * kMillisecond), "3ms");
  EXPECT_EQ(format_duration(250'000), "250ns");
  EXPECT_EQ(format_duration(7), "7ps");
  EXPECT_EQ(format_duration(0), "0");
  // Enough digits to tell a picosecond apart (6 gave 1.23457ms for both).
  EXPECT_EQ(format_duration(1'234'567 * kNanosecond), "1.234567ms");
  EXPECT_EQ(format_duration(1'234'567 * kNanosecond + 1), "1.234567001ms");
  EXPECT_EQ(format_duration(limits::kMaxDurationPs), "1000000000ms");
}

}  // namespace
}  // namespace aqlsim
