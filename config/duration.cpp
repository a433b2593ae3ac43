#include "config/duration.hpp"

#include <fmt/format.h>

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

}  // namespace

DurationStatus parse_duration(std::string_view text, double clock_mhz, Tick& ticks) {
  text = trim(text);
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  // A number too large for a double (1e400) is too long, whatever its unit; one too small
  // (1e-400) is 0, as it rounds to 0 ps in any unit.
  bool out_of_range = ec == std::errc::result_out_of_range && text.front() != '-';
  if (out_of_range) {
    const std::string_view number(text.data(), static_cast<std::size_t>(end - text.data()));
    const auto e = number.find_first_of("eE");
    const bool tiny = e != std::string_view::npos && e + 1 < number.size() && number[e + 1] == '-';
    if (!tiny) return DurationStatus::too_long;
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

// 15 significant digits: two durations that differ by a picosecond up to 1000 s print apart
// (the default 6 once gave "(1.23457ms) must be longer than (1.23457ms)").
std::string format_duration(Tick t) {
  if (t == 0) return "0";
  if (t >= kMillisecond) return fmt::format("{:.15g}ms", static_cast<double>(t) / kMillisecond);
  if (t >= kMicrosecond) return fmt::format("{:.15g}us", to_us(t));
  if (t >= kNanosecond) return fmt::format("{:.15g}ns", static_cast<double>(t) / kNanosecond);
  return fmt::format("{}ps", t);
}

}  // namespace aqlsim
