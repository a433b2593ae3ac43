// --max-sim-time, --max-events and --max-memory: the run budgets of `run` and `compare`.
#include <fmt/format.h>

#include <charconv>

#include "cli/commands.hpp"
#include "config/duration.hpp"
#include "config/limits.hpp"

namespace aqlsim::cli {
namespace {

// A whole number, optionally followed by one of the suffixes (each a multiplier); nothing else.
std::uint64_t parse_count(const std::string& option, const std::string& text,
                          std::initializer_list<std::pair<char, std::uint64_t>> suffixes) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  // Past 2^64 - 1, from_chars still reads the digits and says they are out of range.
  const bool read = error == std::errc{} || error == std::errc::result_out_of_range;
  std::uint64_t scale = 1;
  if (read && stop + 1 == end) {
    for (const auto& [suffix, multiplier] : suffixes) {
      if (*stop == suffix) scale = multiplier;
    }
  }
  const bool whole = read && (stop == end || scale != 1);
  const bool too_large = error == std::errc::result_out_of_range || value > UINT64_MAX / scale;
  const SourceLocation where{fmt::format("{} {}", option, text), 0, 0};
  if (!whole || (value == 0 && !too_large))
    throw InputError(where,
                     "expected a positive whole number" +
                         std::string(suffixes.size() ? " with an optional K, M, G or T" : ""));
  if (too_large) throw InputError(where, fmt::format("more than the largest, {}", UINT64_MAX));
  return value * scale;
}

}  // namespace

Tick parse_duration_option(const std::string& option, const std::string& text) {
  Tick ticks = 0;
  const DurationStatus status = parse_duration(text, 0.0, ticks);
  if (status == DurationStatus::needs_clock) {
    throw InputError({fmt::format("{} {}", option, text), 0, 0},
                     "cycles depend on a device's clock, and the option is one for every run: "
                     "give a time unit (ps, ns, us, ms or s), e.g. 1ms");
  }
  if (status != DurationStatus::ok || ticks <= 0) {
    throw InputError({fmt::format("{} {}", option, text), 0, 0},
                     fmt::format("expected a positive duration with a unit, e.g. 1ms, up to {}",
                                 kMaxDurationText));
  }
  return ticks;
}

void LimitOptions::add_to(CLI::App& command) {
  command
      .add_option("--max-sim-time", max_sim_time,
                  "Stop a run whose simulated time would pass this (default: the largest, "
                  "about 53 days)")
      ->type_name("DURATION");
  command
      .add_option("--max-events", max_events,
                  "Stop a run after this many events (default 10000000000)")
      ->type_name("N");
  command
      .add_option("--max-memory", max_memory,
                  "Stop a run when the process's resident memory passes this, e.g. 4G "
                  "(default: 80% of physical memory)")
      ->type_name("SIZE");
}

RunLimits LimitOptions::limits() const {
  RunLimits limits;
  // A duration's limit, 1000000 s, is below the largest simulated time (the default).
  static_assert(limits::kMaxDurationPs < kMaxSimTime);
  if (max_sim_time) limits.max_sim_time = parse_duration_option("--max-sim-time", *max_sim_time);
  if (max_events) limits.max_events = parse_count("--max-events", *max_events, {});
  limits.max_memory_bytes = physical_memory_bytes() / 10 * 8;
  if (max_memory) {
    limits.max_memory_bytes =
        parse_count("--max-memory", *max_memory,
                    {{'K', 1ULL << 10}, {'M', 1ULL << 20}, {'G', 1ULL << 30}, {'T', 1ULL << 40}});
  }
  return limits;
}

}  // namespace aqlsim::cli
