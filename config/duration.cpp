#include "config/duration.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <utility>

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
  static constexpr std::array<std::pair<std::string_view, double>, 8> kUnits{{
      {"ps", 1.0},
      {"ns", 1e3},
      {"us", 1e6},
      {"\xC2\xB5s", 1e6},  // µs
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

std::optional<Tick> parse_duration(std::string_view text, double clock_mhz) {
  text = trim(text);
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || !std::isfinite(value) || value < 0) return std::nullopt;
  const std::string_view unit = trim(std::string_view(end, text.data() + text.size() - end));
  if (unit.empty()) return value == 0 ? std::optional<Tick>(0) : std::nullopt;
  const auto scale = ticks_per_unit(unit);
  if (!scale) return std::nullopt;
  const double ticks = *scale == 0.0 ? value * kMicrosecond / clock_mhz : value * *scale;
  if (ticks > 9.0e18) return std::nullopt;
  return static_cast<Tick>(std::llround(ticks));
}

std::string format_duration(Tick t) {
  if (t == 0) return "0";
  if (t >= kMillisecond) return fmt::format("{:g}ms", static_cast<double>(t) / kMillisecond);
  if (t >= kMicrosecond) return fmt::format("{:g}us", to_us(t));
  if (t >= kNanosecond) return fmt::format("{:g}ns", static_cast<double>(t) / kNanosecond);
  return fmt::format("{}ps", t);
}

}  // namespace aqlsim
