#include "config/duration.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <utility>

#include "config/limits.hpp"

namespace aqlsim {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

// Ticks per unit; 0 marks clock cycles, which need the device clock.
std::optional<double> ticks_per_unit(std::string_view unit) {
  static constexpr std::array<std::pair<std::string_view, double>, 9> kUnits{{
      {"ps", 1.0},
      {"ns", 1e3},
      {"us", 1e6},
      {"\xC2\xB5s", 1e6},  // µs, the micro sign
      {"\xCE\xBCs", 1e6},  // μs, the Greek mu (what many keyboards and converters give)
      {"ms", 1e9},
      {"s", 1e12},
      {"cy", 0.0},
      {"cycles", 0.0},
  }};
  for (const auto& [name, scale] : kUnits) {
    if (name == unit) return scale;
  }
  return std::nullopt;
}

// Whether a decimal number that a double cannot hold is above its range rather than below it:
// by the place of its first nonzero digit and its exponent ("1000e-400" is below, "0.01e400"
// above). The text is what from_chars took as a number: digits, a point, an exponent.
bool above_range(std::string_view number) {
  const auto e = number.find_first_of("eE");
  const std::string_view mantissa = number.substr(0, e);
  const auto point = std::min(mantissa.find('.'), mantissa.size());
  const auto first = mantissa.find_first_of("123456789");
  if (first == std::string_view::npos) return false;  // all zeros: 0, never out of range
  // The first nonzero digit stands for 10^place.
  const auto place = first < point ? static_cast<long long>(point - first) - 1
                                   : -static_cast<long long>(first - point);
  long long exponent = 0;
  if (e != std::string_view::npos) {
    std::string_view digits = number.substr(e + 1);
    const bool negative = digits.starts_with('-');
    if (digits.starts_with('-') || digits.starts_with('+')) digits.remove_prefix(1);
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), exponent);
    // An exponent beyond 18 digits decides alone.
    if (ec == std::errc::result_out_of_range) return !negative;
    if (negative) exponent = -exponent;
  }
  return place + exponent > 0;
}

}  // namespace

DurationStatus parse_duration(std::string_view text, double clock_mhz, Tick& ticks) {
  text = trim(text);
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  // A number too large for a double (1e400) is too long, whatever its unit; one too small
  // (1e-400) is 0, as it rounds to 0 ps in any unit.
  const bool out_of_range = ec == std::errc::result_out_of_range && text.front() != '-';
  if (out_of_range) {
    if (above_range(std::string_view(text.data(), static_cast<std::size_t>(end - text.data()))))
      return DurationStatus::too_long;
    value = 0;
  }
  if ((ec != std::errc{} && !out_of_range) || !std::isfinite(value) || value < 0)
    return DurationStatus::malformed;
  const std::string_view unit = trim(std::string_view(end, text.data() + text.size() - end));
  if (unit.empty()) {
    if (value != 0 || out_of_range) return DurationStatus::malformed;
    ticks = 0;
    return DurationStatus::ok;
  }
  const auto scale = ticks_per_unit(unit);
  if (!scale) return DurationStatus::malformed;
  if (*scale == 0.0 && clock_mhz == 0.0) return DurationStatus::needs_clock;
  const double exact = *scale == 0.0 ? value * kMicrosecond / clock_mhz : value * *scale;
  if (!(exact <= static_cast<double>(limits::kMaxDurationPs))) return DurationStatus::too_long;
  ticks = static_cast<Tick>(std::llround(exact));
  return DurationStatus::ok;
}

std::optional<Tick> parse_duration(std::string_view text, double clock_mhz) {
  Tick ticks = 0;
  if (parse_duration(text, clock_mhz, ticks) != DurationStatus::ok) return std::nullopt;
  return ticks;
}

// 15 significant digits by default: messages that compare two durations must print them apart
// (6 once gave "(1.23457ms) must be longer than (1.23457ms)").
std::string format_duration(Tick t, int digits) {
  if (t == 0) return "0";
  if (t >= kMillisecond)
    return fmt::format("{:.{}g}ms", static_cast<double>(t) / kMillisecond, digits);
  if (t >= kMicrosecond) return fmt::format("{:.{}g}us", to_us(t), digits);
  if (t >= kNanosecond)
    return fmt::format("{:.{}g}ns", static_cast<double>(t) / kNanosecond, digits);
  return fmt::format("{}ps", t);
}

}  // namespace aqlsim
