#pragma once
// A measured run in the simulator's own terms: a RunReport (so the summary table and the JSON
// are the ones aqlsim run writes), the JSON's extra members (each work-group's start, end and
// CU; the executor) and a Chrome/Perfetto trace of what ran where.
#include <map>
#include <ostream>
#include <string>

#include "hip_backend/launch_plan.hpp"
#include "hip_backend/measured_run.hpp"
#include "report/json_report.hpp"
#include "scenario/runner.hpp"

namespace aqlsim::hip {

// Kernels in launch order, as aqlsim run lists them; `end` is the last kernel's end. `alone`:
// each dispatch's measured turnaround when it ran alone (by packet name; empty: NTT and the
// metrics stay 0). The hardware scheduler's counters and the event count are not observable on
// a device and stay 0.
RunReport measured_report(const Scenario& scenario, const LaunchPlan& plan, const MeasuredRun& run,
                          const std::map<std::string, Tick>& alone);

// The JSON hooks for write_run_json: kernels[i].measured (launches, eviction delays and every
// work-group's start_us, end_us and cu) and a top-level "executor" member.
JsonOptions measured_json_options(const LaunchPlan& plan, const MeasuredRun& run);

// A Chrome trace-event timeline in aqlsim run --trace's layout (report/trace_pids.hpp): a track
// per user queue (kernels as async slices) and per CU a track per lane (work-groups as slices,
// on the whole-nanosecond grid), without the hardware queue slots.
void write_measured_trace(std::ostream& out, const LaunchPlan& plan, const MeasuredRun& run);

// The plan with only dispatch `d`, in a queue of its own, submitted at 0: what "alone" means.
LaunchPlan alone_plan(const LaunchPlan& plan, std::uint32_t d);

}  // namespace aqlsim::hip
