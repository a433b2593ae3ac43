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
// The largest simulated time, 2^62 ps (about 53 days). A run whose next event would pass it
// stops (RunStatus::limit). Every duration is at most kMaxDuration (input is checked when it
// is read, computed durations are clamped), so a time plus a duration cannot overflow.
inline constexpr Tick kMaxSimTime = Tick{1} << 62;
inline constexpr Tick kMaxDuration = 1'000'000 * kSecond;

constexpr Tick microseconds(std::int64_t n) {
  return n * kMicrosecond;
}
constexpr Tick nanoseconds(std::int64_t n) {
  return n * kNanosecond;
}

// The largest figure a run reports as a time in microseconds or as a ratio of two durations
// (a turnaround over an alone run of at least 1 ps): no simulated time passes 2^62 ps. Readers
// of result files refuse more; totals over the hardware slots may pass it.
inline constexpr double kLargestReportedFigure = static_cast<double>(kMaxSimTime);

// Ticks as fractional microseconds, the unit of every report.
constexpr double to_us(Tick t) {
  return static_cast<double>(t) / kMicrosecond;
}

// A sum of times that may each last a whole run (up to 2^62 ps), such as the slot time summed
// over every hardware queue slot: 128 bits, which no sum of 2^64 such times overflows.
__extension__ using TickSum = __int128;
// As to_us (a sum that fits a Tick gives the same double).
constexpr double sum_to_us(TickSum t) {
  return static_cast<double>(t) / kMicrosecond;
}

// A computed duration in ticks, rounded and clamped to [0, kMaxDuration] (a drawn or scaled
// duration can exceed what a Tick holds; converting such a double would be undefined).
inline Tick duration_ticks(double ticks) {
  if (!(ticks < static_cast<double>(kMaxDuration))) return kMaxDuration;  // NaN too
  return ticks > 0 ? static_cast<Tick>(std::llround(ticks)) : 0;
}

// count x t (t >= 0), clamped to kMaxDuration: a grid of 2^40 work-groups times their duration
// would overflow a Tick. Multiplied in 128 bits (checking count against kMaxDuration / t cost a
// division on every prediction).
constexpr Tick scaled_duration(std::uint64_t count, Tick t) {
  __extension__ using Wide = unsigned __int128;
  const Wide product = static_cast<Wide>(count) * static_cast<std::uint64_t>(t);
  return product > static_cast<Wide>(kMaxDuration) ? kMaxDuration : static_cast<Tick>(product);
}

// A policy's time parameter given in milliseconds (quantum_ms and the like), in ticks: one
// rounding for the policy and for the checks made on it.
inline Tick milliseconds_to_ticks(double ms) {
  return duration_ticks(ms * kMillisecond);
}

// Converts a (possibly fractional) number of device clock cycles to ticks.
inline Tick cycles_to_ticks(double cycles, double clock_mhz) {
  return duration_ticks(cycles * kMicrosecond / clock_mhz);
}

}  // namespace aqlsim
