#pragma once
// The charts of a run's report page (report/run_page.hpp): the Gantt chart of kernels by queue,
// the NTT of each kernel and, from the run's trace, the hardware slots' mapping and the CU
// occupancy over time. Every chart is bounded in drawn elements however large the run.
#include <cstddef>
#include <string>
#include <vector>

#include "report/run_result.hpp"
#include "report/trace_summary.hpp"

namespace aqlsim::report {

inline constexpr std::size_t kMaxGanttRows = 128;    // more queues share rows
inline constexpr std::size_t kMaxKernelSeries = 10;  // kernel colours; the rest are "other"
inline constexpr std::size_t kMaxNttBars = 100;      // more kernels: a histogram of NTT

// The colour series of the run's kernels: kernel definitions in order of first appearance, at
// most kMaxKernelSeries, then "other kernels" when there are more. A run that stopped short has a
// last series, "unfinished kernels", for the work-groups of kernels its JSON does not list.
struct KernelSeries {
  explicit KernelSeries(const RunResult& run);
  std::size_t of_kernel(const std::string& definition) const;
  // Of a packet name (as the trace names work-groups); "unfinished kernels" when the run lists
  // no such kernel.
  std::size_t of_packet(const std::string& packet) const;
  std::vector<std::string> names;

 private:
  std::vector<std::pair<std::string, std::size_t>> packet_series_;  // sorted by packet
  std::size_t unlisted_ = 0;  // the series of a packet not in the JSON
};

// The time range the run's charts cover: [0, makespan], or to the latest kernel end or the end of
// the run (a barrier or a queue's unmap after the last kernel) if later.
double run_span_us(const RunResult& run);

// The charts, each returns an `<svg data-chart=...>` element.
std::string gantt_chart(const RunResult& run, const KernelSeries& series);
std::string slots_chart(const TraceSummary& trace);
std::string occupancy_chart(const TraceSummary& trace, const KernelSeries& series);
std::string cu_chart(const TraceSummary& trace);
std::string ntt_chart(const RunResult& run);

// What the page draws beside the charts, in their colours and units: an activity's colour in the
// slot chart, the colour of boxes that merge kernels of several definitions, a time in
// microseconds, and an NTT or alone time ("-" when it was not measured: 0 in the JSON, without
// the alone runs or in a run that stopped; no kernel has an NTT of 0).
const char* activity_colour(std::size_t activity);
inline constexpr const char* kMixedColour = "#888888";
std::string microseconds_text(double value);
std::string if_measured(double value, int digits = 4);

}  // namespace aqlsim::report
