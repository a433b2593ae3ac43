#pragma once
// Durations written by people: a number and a unit ("4.4us", "100 us", "14529cy").
#include <optional>
#include <string>
#include <string_view>

#include "hsa_model/time.hpp"

namespace aqlsim {

enum class DurationStatus { ok, malformed, too_long, needs_clock };

// Units: ps, ns, us, ms, s, and cy/cycles (converted with clock_mhz). A bare "0" is allowed.
// Anything else, negative values included, is malformed; a duration above
// limits::kMaxDurationPs is too long. A clock_mhz of 0 means no clock is known: cycles then
// need one. `ticks` is set only when the result is ok.
DurationStatus parse_duration(std::string_view text, double clock_mhz, Tick& ticks);
// The same, nullopt unless ok.
std::optional<Tick> parse_duration(std::string_view text, double clock_mhz);

// The duration limit as people read it.
inline constexpr std::string_view kMaxDurationText = "1000000s (1e18 ps)";

inline constexpr std::string_view kDurationHelp =
    "a duration with a unit, e.g. 4.4us, 100 ns, 2ms or 14529cy (device clock cycles)";

// Formats ticks for people in the largest unit not above them: "4.4us", "3ms", "250ns", with
// up to `digits` significant digits (15 tell any two durations up to 1000 s apart).
std::string format_duration(Tick t, int digits = 15);

}  // namespace aqlsim
