#pragma once
// Budgets that end a simulation early (RunStatus::limit) instead of letting mistaken or hostile
// input run for hours or exhaust memory. The defaults are far beyond any normal experiment.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "hsa_model/gpu.hpp"

namespace aqlsim {

struct RunLimits {
  Tick max_sim_time = kMaxSimTime;
  // About a quarter to half an hour of simulation on one core.
  std::uint64_t max_events = 10'000'000'000;
  std::uint64_t max_memory_bytes = 0;  // the process's resident set; 0: no limit
};

// How often (in events) budgets are checked and progress is reported: about every 0.1 s.
inline constexpr std::uint64_t kCheckpointEvents = std::uint64_t{1} << 20;

// Sets the engine's time and event limits and, when there is a memory limit or a progress
// callback, a checkpoint that checks the one and calls the other.
void apply_limits(Gpu& gpu, const RunLimits& limits, std::function<void(const Gpu&)> progress);
// What the stop of a run at a limit of `limits` means, for an outcome whose engine limit text
// is empty (the memory budget).
std::string memory_limit_message(const RunLimits& limits);

// The rings of a model are allocated whole when it is built, before any checkpoint compares
// the process's memory with the limit: their size is compared first. The message when `bytes`
// of rings pass the memory limit, else nothing.
std::optional<std::string> rings_past_memory_limit(std::uint64_t bytes, const RunLimits& limits);

std::uint64_t resident_memory_bytes();  // 0 when unknown
std::uint64_t physical_memory_bytes();  // 0 when unknown

}  // namespace aqlsim
