#include "hip_backend/calibration_yaml.hpp"

#include <fmt/format.h>

namespace aqlsim::hip {
namespace {

// The preset whose CU resources the measured device most resembles: the calibration measures
// the front end and clocks, not register files.
const char* base_preset(const std::string& arch) {
  if (arch.starts_with("sm_")) return "h100";
  return "cdna";
}

}  // namespace

std::string calibration_yaml(const Calibration& c, const std::string& executor) {
  std::string out = fmt::format(
      "# Measured by `aqlsim hip calibrate --executor {}` on {} ({}).\n"
      "# Only the figures below are measured; the CU resources come from the '{}' preset.\n",
      executor, c.device, c.arch.empty() ? "arch unknown" : c.arch, base_preset(c.arch));
  for (const std::string& source : c.sources)
    out += "#   " + source + "\n";
  out += fmt::format("# device clock: {:.0f} Hz declared, {:.0f} Hz measured\n",
                     c.clock_hz_declared, c.clock_hz_measured);
  out += fmt::format("# launch latency (submission to first work-group): {:.3f} us\n",
                     to_us(c.launch_latency));
  out += fmt::format("# spin kernel accuracy (spun / asked - 1, median): {:.4f}\n", c.spin_error);
  out += fmt::format("preset: {}\n", base_preset(c.arch));
  out += fmt::format("name: {}\n", c.arch.empty() ? executor + "-measured" : c.arch + "-measured");
  if (c.compute_units > 0) out += fmt::format("compute_units: {}\n", c.compute_units);
  out += "front_end:\n";
  out += fmt::format("  packet_latency: {:.3f}us  # back-to-back dispatches in one queue\n",
                     to_us(c.packet_overhead));
  return out;
}

}  // namespace aqlsim::hip
