// The UTF-8 validator behind every input, strict integers, and the duration limit.
#include "config/utf8.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/duration.hpp"
#include "config/limits.hpp"
#include "config/parse_integer.hpp"

namespace aqlsim {
namespace {

using ::testing::HasSubstr;
using ::testing::Optional;

TEST(Utf8, AcceptsEveryWellFormedSequenceUpToU10FFFF) {
  for (const char* text : {"", "plain ascii", "\xC2\x80", "\xC2\xB5s", "\xDF\xBF", "\xE0\xA0\x80",
                           "\xED\x9F\xBF", "\xEE\x80\x80", "\xEF\xBF\xBF", "\xF0\x90\x80\x80",
                           "\xF0\x9F\x98\x80", "\xF4\x8F\xBF\xBF"}) {
    EXPECT_EQ(first_invalid_utf8(text), std::nullopt) << text;
  }
}

TEST(Utf8, RejectsOverlongSurrogatesTruncatedAndOutOfRangeSequences) {
  struct Row {
    std::string text;
    std::size_t bad;
  };
  const Row rows[] = {
      {"a\xC0\x80", 1},         // overlong NUL
      {"\xC1\xBF", 0},          // overlong U+007F
      {"ab\xE0\x9F\xBF", 2},    // overlong U+07FF
      {"\xF0\x8F\xBF\xBF", 0},  // overlong U+FFFF
      {"\xED\xA0\x80", 0},      // surrogate U+D800
      {"x\xED\xBF\xBF", 1},     // surrogate U+DFFF
      {"\xF4\x90\x80\x80", 0},  // U+110000
      {"\xF5\x80\x80\x80", 0},  // lead byte above F4
      {"\xFF", 0},              // never in UTF-8
      {"\x80", 0},              // a lone continuation byte
      {"ok\xE2\x82", 2},        // truncated at the end
      {"\xE2\x82x", 0},         // truncated by another character
      {"\xF0\x9F\x98", 0},      // three of four bytes
      {"\xC2\xB5\xC2", 2},      // valid, then truncated
  };
  for (const Row& row : rows) {
    EXPECT_THAT(first_invalid_utf8(row.text), Optional(row.bad)) << row.text;
  }
}

// A message quotes 60 characters of a value, never part of one, and says how long it was.
TEST(Utf8, AnExcerptKeepsSixtyWholeCharacters) {
  EXPECT_EQ(excerpt("short"), "short");
  EXPECT_EQ(excerpt(std::string(60, 'x')), std::string(60, 'x'));
  EXPECT_EQ(excerpt(std::string(61, 'x')), std::string(60, 'x') + "... (61 bytes)");
  std::string accents;
  for (int i = 0; i < 70; ++i)
    accents += "\u00e9";  // two bytes each
  EXPECT_EQ(excerpt(accents), accents.substr(0, 120) + "... (140 bytes)");
}

TEST(Utf8, CheckNamesTheLineAndTheCharacterColumn) {
  try {
    check_utf8("first\n\xC2\xB5\xC2\xB5 \xFF", "f.yaml");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().file, "f.yaml");
    EXPECT_EQ(e.where().line, 2);
    EXPECT_EQ(e.where().column, 4);  // µ, µ and a space before it
    EXPECT_THAT(e.detail(), HasSubstr("invalid UTF-8 (byte 0xFF)"));
  }
  EXPECT_NO_THROW(check_utf8("\xC2\xB5s", "f.yaml"));
  EXPECT_EQ(escape_invalid_utf8("a\xFF\xC2\xB5\xC0"), "a\\xFF\xC2\xB5\\xC0");
}

TEST(ParseInteger, IsStrictAndNeverWraps) {
  EXPECT_THAT(parse_integer("42", 0, 100), Optional(42));
  EXPECT_THAT(parse_integer("-7", -10, 10), Optional(-7));
  EXPECT_THAT(parse_integer("0x1F", 0, 100), Optional(31));
  EXPECT_THAT(parse_integer("9223372036854775807", 0, INT64_MAX), Optional(INT64_MAX));
  for (const char* bad : {"", " 1", "1 ", "+1", "1.0", "1e3", "0x", "0x-1", "-0x1", "--1", "12a",
                          "9223372036854775808", "99999999999999999999999"}) {
    EXPECT_EQ(parse_integer(bad, INT64_MIN, INT64_MAX), std::nullopt) << bad;
  }
  EXPECT_EQ(parse_integer("-1", 0, 10), std::nullopt);
  EXPECT_EQ(parse_integer("11", 0, 10), std::nullopt);
  EXPECT_EQ(integer_error("5", 0, 10, "a seed"), "");
  EXPECT_EQ(integer_error("-1", 0, 10, "a seed"), "expected a seed from 0 to 10, found '-1'");
}

TEST(ParseDuration, RefusesDurationsAboveTheLimitAsTooLong) {
  Tick ticks = 0;
  EXPECT_EQ(parse_duration("1000000s", 0, ticks), DurationStatus::ok);
  EXPECT_EQ(ticks, limits::kMaxDurationPs);
  for (const char* text : {"1000000.001s", "5000000s", "1e19ps", "1e400s", "1e400", "2e9 ms"}) {
    EXPECT_EQ(parse_duration(text, 0, ticks), DurationStatus::too_long) << text;
  }
  EXPECT_EQ(parse_duration("1e12cy", 1.0, ticks), DurationStatus::ok);  // 1e12 us at 1 MHz
  EXPECT_EQ(parse_duration("1.1e12cy", 1.0, ticks), DurationStatus::too_long);
  EXPECT_EQ(parse_duration("5000cy", 0, ticks), DurationStatus::needs_clock);  // no clock known
  for (const char* text : {"-1e400s", "soon", "5", "1e-400"}) {
    EXPECT_EQ(parse_duration(text, 0, ticks), DurationStatus::malformed) << text;
  }
  // Below a double's range, with a unit: 0 ps, as any duration under 0.5 ps (it was "malformed",
  // and the message asked for a unit it had).
  EXPECT_EQ(parse_duration("1e-400us", 0, ticks), DurationStatus::ok);
  EXPECT_EQ(ticks, 0);
  // Above or below the range by where the first digit stands, not by the exponent's sign:
  // 1 and 500 zeros times 10^-100 is 10^400.
  const std::string huge = "1" + std::string(500, '0') + "e-100us";
  EXPECT_EQ(parse_duration(huge, 0, ticks), DurationStatus::too_long);
  const std::string tiny = "0." + std::string(400, '0') + "1us";
  EXPECT_EQ(parse_duration(tiny, 0, ticks), DurationStatus::ok);
  EXPECT_EQ(ticks, 0);
  EXPECT_EQ(parse_duration("0.001e-306s", 0, ticks), DurationStatus::ok);  // 1e-309: 0
  EXPECT_EQ(parse_duration("1e99999999999999999999s", 0, ticks), DurationStatus::too_long);
  EXPECT_EQ(parse_duration("1e-99999999999999999999s", 0, ticks), DurationStatus::ok);
  // The sum of nine durations at the limit still fits in a Tick.
  EXPECT_LT(9 * (limits::kMaxDurationPs / 1000), INT64_MAX / 1000);
}

}  // namespace
}  // namespace aqlsim
