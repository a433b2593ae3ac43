#pragma once
// Durations written by people: a number and a unit ("4.4us", "100 us", "14529cy").
#include <optional>
#include <string>
#include <string_view>

#include "hsa_model/time.hpp"

namespace aqlsim {

// Units: ps, ns, us, ms, s, and cy/cycles (converted with clock_mhz). A bare "0" is allowed.
// Returns nullopt for anything else, including negative values.
std::optional<Tick> parse_duration(std::string_view text, double clock_mhz);

inline constexpr std::string_view kDurationHelp =
    "a duration with a unit, e.g. 4.4us, 100 ns, 2ms or 14529cy (device clock cycles)";

// Formats ticks for people in the largest unit not above them: "4.4us", "3ms", "250ns".
std::string format_duration(Tick t);

}  // namespace aqlsim
