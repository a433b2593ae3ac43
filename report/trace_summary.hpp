#pragma once
// What the HTML report takes from a Chrome trace written by `aqlsim run --trace`: the hardware
// slots' activity and the queue each held, the map events, and the work-groups resident on
// the CUs, all summed into time bins as the trace is read (one event in memory at a time), so a
// trace of millions of work-groups costs the bins and nothing more.
#include <cstdint>
#include <functional>
#include <istream>
#include <string>
#include <vector>

#include "report/aggregate.hpp"

namespace aqlsim::report {

// The slot activities drawn (the trace has no slices for an empty slot).
inline constexpr std::size_t kDrawnActivities = 4;  // switching, processing, blocked, starved
const char* drawn_activity_name(std::size_t activity);

struct TraceSummary {
  TraceSummary(double t0, double t1, std::size_t bins, std::size_t kernel_series);

  std::vector<std::string> queues;  // the queues slots held, by DominantBins category
  DominantBins slot_queue;          // rows: slots; categories: indices into `queues`
  BinnedTime slot_activity;         // rows: slots; categories: the drawn activities
  std::vector<std::vector<std::uint32_t>> slot_maps;  // [slot][bin]: queues mapped
  BinnedTime resident;     // row 0; categories: kernel series; value: work-group time
  BinnedTime cu_resident;  // rows: CUs; one category; value: work-group time
  std::size_t slots = 0;
  std::size_t cus = 0;
  std::uint64_t workgroup_slices = 0;
  std::uint64_t slot_slices = 0;
};

// The kernel series (a colour of the occupancy chart) of a packet name.
using SeriesOf = std::function<std::size_t(const std::string& packet_name)>;

// Reads the trace from `in` (named `name` in messages), binning [t0, t1) into `bins`. Throws
// InputError when the text is not JSON or not an aqlsim trace.
TraceSummary summarise_trace(std::istream& in, const std::string& name, double t0, double t1,
                             std::size_t bins, std::size_t kernel_series,
                             const SeriesOf& series_of);

}  // namespace aqlsim::report
