#pragma once
// A run's results as read back from the JSON file of `aqlsim run --json` (README: Outputs), for
// the HTML report. Only what the report shows is kept.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace aqlsim::report {

struct KernelResultRow {
  std::string name;    // the packet
  std::string kernel;  // the kernel definition
  std::string queue;
  std::uint64_t workgroups = 0;
  double arrival_us = 0, launch_us = 0, start_us = 0, end_us = 0, alone_us = 0, ntt = 0;
};

struct RunResult {
  std::string source, device, status;
  std::vector<std::pair<std::string, std::string>> policies;  // e.g. ("queue_mapping", "rr-idle")
  std::uint64_t seed = 0;
  double makespan_us = 0;
  std::vector<KernelResultRow> kernels;
  double stp = 0, antt = 0, fairness = 0, dntt = 0;
  std::uint64_t map_count = 0, unmap_count = 0;
  double slot_idle_us = 0;
  std::vector<std::pair<std::string, double>> slot_time_us;  // activity, time summed over slots
  std::uint64_t events = 0, workgroups = 0;
  double end_us = 0;  // when the run stopped (0 in files written before it was reported)
  // With metrics_per: queue the JSON lists `applications`, and the metrics are theirs.
  bool per_application = false;
};

// Parses `text`, the contents of the file `name`. Throws InputError naming the file and what is
// wrong: not JSON (with the line and column where it stops), or JSON of another shape (the
// first key missing or of the wrong type).
RunResult parse_run_result(const std::string& text, const std::string& name);

}  // namespace aqlsim::report
