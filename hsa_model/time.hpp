#pragma once
// Simulated time: one integer tick type for the whole model (picoseconds, as gem5 uses),
// so event ordering never depends on floating-point rounding.
#include <cmath>
#include <cstdint>
#include <limits>

namespace aqlsim {

using Tick = std::int64_t;

inline constexpr Tick kPicosecond = 1;
inline constexpr Tick kNanosecond = 1'000;
inline constexpr Tick kMicrosecond = 1'000'000;
inline constexpr Tick kMillisecond = 1'000'000'000;
inline constexpr Tick kSecond = 1'000'000'000'000;
inline constexpr Tick kNever = std::numeric_limits<Tick>::max();

constexpr Tick microseconds(std::int64_t n) {
  return n * kMicrosecond;
}
constexpr Tick nanoseconds(std::int64_t n) {
  return n * kNanosecond;
}

// Ticks as fractional microseconds, the unit of every report.
constexpr double to_us(Tick t) {
  return static_cast<double>(t) / kMicrosecond;
}

// Converts a (possibly fractional) number of device clock cycles to ticks.
inline Tick cycles_to_ticks(double cycles, double clock_mhz) {
  return static_cast<Tick>(std::llround(cycles * kMicrosecond / clock_mhz));
}

}  // namespace aqlsim
