#include "scenario/run_limits.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <string_view>

#include "config/counted.hpp"

namespace aqlsim {
namespace {

// In the largest binary unit it reaches, to four significant digits: --max-memory 1K is
// "1 KiB" where whole MiB made it "0 MiB"; 80% of 64 GiB is "51.2 GiB".
std::string bytes_text(std::uint64_t bytes) {
  if (bytes < 1024) return counted(bytes, "byte");
  constexpr std::string_view kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  auto value = static_cast<double>(bytes) / 1024;
  std::size_t unit = 0;
  for (; value >= 1024 && unit + 1 < std::size(kUnits); ++unit)
    value /= 1024;
  return fmt::format("{:.4g} {}", value, kUnits[unit]);
}

}  // namespace

std::optional<std::string> rings_past_memory_limit(std::uint64_t bytes, const RunLimits& limits) {
  if (limits.max_memory_bytes == 0 || bytes <= limits.max_memory_bytes) return std::nullopt;
  return fmt::format("the queues' rings would take {}, past the memory limit of {}",
                     bytes_text(bytes), bytes_text(limits.max_memory_bytes));
}

std::uint64_t resident_memory_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::uint64_t size_pages = 0;
  std::uint64_t resident_pages = 0;
  if (!(statm >> size_pages >> resident_pages)) return 0;
  return resident_pages * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

std::uint64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0
             ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page)
             : 0;
}

void apply_limits(Gpu& gpu, const RunLimits& limits, std::function<void(const Gpu&)> progress) {
  gpu.engine().set_limits(limits.max_sim_time, limits.max_events);
  if (limits.max_memory_bytes == 0 && !progress) return;
  gpu.engine().set_checkpoint(
      kCheckpointEvents, [&gpu, memory = limits.max_memory_bytes, progress = std::move(progress)] {
        if (progress) progress(gpu);
        return memory == 0 || resident_memory_bytes() <= memory;
      });
}

std::string memory_limit_message(const RunLimits& limits) {
  return fmt::format("the process's memory use passed the limit of {}",
                     bytes_text(limits.max_memory_bytes));
}

}  // namespace aqlsim
