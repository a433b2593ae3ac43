#pragma once
// What the HTML report takes from a Chrome trace written by `aqlsim run --trace` (or by `aqlsim
// hip run --trace`, which has no slots): the hardware slots' activity and the queue each held,
// the map events, and the work-groups resident on the CUs, all summed into time bins as the trace
// is read (one event in memory at a time), so a trace of millions of work-groups costs the bins and
// nothing more.
#include <cstdint>
#include <functional>
#include <istream>
#include <string>
#include <utility>
#include <vector>

#include "report/aggregate.hpp"
#include "report/run_result.hpp"

namespace aqlsim::report {

// The slot activities drawn (the trace has no slices for an empty slot).
inline constexpr std::size_t kDrawnActivities = 4;  // switching, processing, blocked, starved
const char* drawn_activity_name(std::size_t activity);

struct TraceSummary {
  TraceSummary(double t0, double t1, std::size_t bins, std::size_t kernel_series);

  // Slots and CUs have a row each in the order they first appear in the trace: the slot or CU
  // number of row r is slot_ids[r] or cu_ids[r].
  std::vector<std::string> queues;  // the queues slots held, by DominantBins category
  DominantBins slot_queue;          // rows: slot rows; categories: indices into `queues`
  BinnedTime slot_activity;         // rows: slot rows; categories: the drawn activities
  std::vector<std::vector<std::uint32_t>> slot_maps;  // [slot row][bin]: queues mapped
  BinnedTime resident;     // row 0; categories: kernel series; value: work-group time
  BinnedTime cu_resident;  // rows: CU rows; one category; value: work-group time
  // A trace of `aqlsim hip run`: what ran where on a GPU, which reports no queue slots.
  bool measured = false;
  std::size_t slots = 0;  // slot rows
  std::size_t cus = 0;    // CU rows
  std::vector<std::uint64_t> slot_ids;
  std::vector<std::uint64_t> cu_ids;
  std::uint64_t workgroup_slices = 0;
  std::uint64_t slot_slices = 0;
  // Each kernel's end (its packet, the time in us), in the trace's order: what ties the trace to
  // its run's result (check_same_run).
  std::vector<std::pair<std::string, double>> kernel_ends;
};

// The kernel series (a colour of the occupancy chart) of a packet name.
using SeriesOf = std::function<std::size_t(const std::string& packet_name)>;

// Reads the trace from `in` (named `name` in messages), binning [t0, t1) into `bins`. Throws
// InputError when the text is not JSON or not an aqlsim trace.
TraceSummary summarise_trace(std::istream& in, const std::string& name, double t0, double t1,
                             std::size_t bins, std::size_t kernel_series,
                             const SeriesOf& series_of);

// Throws InputError, at the trace, unless it is the trace of the run `run` (read from
// `run_name`): every kernel of the run ends in it when the run says (end_us, to 1e-9 relative)
// and no other kernel ends in it. A trace of another run would draw a page of two runs.
void check_same_run(const TraceSummary& trace, const std::string& trace_name, const RunResult& run,
                    const std::string& run_name);

}  // namespace aqlsim::report
