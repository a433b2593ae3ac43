#include "report/run_page.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "report/html_page.hpp"
#include "report/svg.hpp"

namespace aqlsim::report {
namespace {

std::string figure(const std::string& chart, const std::string& caption,
                   const std::string& legend = {}) {
  return "<figure>\n" + legend + chart + "<figcaption>" + svg::escape(caption) +
         "</figcaption>\n</figure>\n";
}

}  // namespace

std::string run_page(const RunResult& run, const std::string& result_name,
                     const TraceSummary* trace, const std::string& trace_name) {
  const KernelSeries series(run);
  std::string out = page_begin("aqlsim run: " + run.source);
  out += "<h1>aqlsim run: " + svg::escape(run.source) + "</h1>\n";
  std::string policies;
  for (const auto& [kind, name] : run.policies)
    policies += (policies.empty() ? "" : ", ") + kind + " " + name;
  out += note(fmt::format("From {}{}. Device {}, seed {}, {}. Outcome: {}.", result_name,
                          trace ? " and the trace " + trace_name : std::string(), run.device,
                          run.seed, policies, run.status));

  out += "<h2>Metrics</h2>\n";
  // The JSON writes 0 for a metric it did not measure: "-" here, as in the text table.
  const bool measured = run.stp > 0;
  const auto metric = [&](double value) { return measured ? svg::number(value) : "-"; };
  std::vector<std::vector<std::string>> rows = {
      // A stopped run's figures count the kernels it finished, not the workload's.
      {run.status == "completed" ? "makespan" : "makespan of the kernels finished",
       microseconds_text(run.makespan_us)},
      {run.status == "completed" ? "kernels" : "kernels finished",
       std::to_string(run.kernels.size())},
      {"STP (system throughput)", metric(run.stp)},
      {"ANTT (average normalized turnaround)", metric(run.antt)},
      {"fairness", metric(run.fairness)},
      {"DNTT (spread of NTT)", metric(run.dntt)},
      {"queue maps / unmaps", fmt::format("{} / {}", run.map_count, run.unmap_count)},
      {"slot idle time (summed over slots)", microseconds_text(run.slot_idle_us)},
  };
  for (const auto& [activity, time] : run.slot_time_us)
    rows.push_back({"slot time " + activity, microseconds_text(time)});
  rows.push_back({"events simulated", std::to_string(run.events)});
  rows.push_back({"work-groups", std::to_string(run.workgroups)});
  out += table({"metric", "value"}, rows, {false, true});
  if (measured && run.per_application) {
    out += note(
        "With metrics_per: queue, STP, ANTT, fairness and DNTT are over the applications "
        "(queues: each one's turnaround over its runtime alone), not over the kernels below; a "
        "queue that cannot run alone is left out. The JSON lists the applications.");
  }
  if (!measured) {
    out += note(run.status != "completed"
                    ? "STP, ANTT, fairness and DNTT were not measured: the run did not finish."
                    : "STP, ANTT, fairness and DNTT were not measured: they need the isolated "
                      "runs (a run without --no-alone) and, with metrics_per: queue, a queue "
                      "that can run alone.");
  }

  std::vector<svg::LegendEntry> kernel_legend;
  for (std::size_t s = 0; s < series.names.size(); ++s)
    kernel_legend.push_back({series.names[s], svg::palette(s)});
  if (series.names.size() > 1) kernel_legend.push_back({"several kernels merged", kMixedColour});

  out += "<h2>Kernels by queue</h2>\n";
  out += figure(gantt_chart(run, series),
                fmt::format("Each kernel from launch to end on its queue's row (hover for "
                            "times). Overlapping kernels of a queue are one box; over {} boxes, "
                            "kernels less than a pixel apart are too (grey: of different "
                            "definitions).",
                            kMaxBoxes),
                svg::legend(kernel_legend));

  out += "<h2>Hardware queue slots</h2>\n";
  if (!trace) {
    out += note(
        "The slot-mapping timeline and the CU occupancy come from the run's trace: run with "
        "--trace TRACE.json and give it to aqlsim report with --trace TRACE.json.");
  } else if (trace->measured) {
    out += note(
        "A run measured on a GPU (aqlsim hip run): the GPU does not report which queue "
        "each hardware slot held, so there is no slot timeline.");
  } else {
    std::vector<svg::LegendEntry> activities;
    for (std::size_t a = 0; a < kDrawnActivities; ++a)
      activities.push_back({drawn_activity_name(a), activity_colour(a)});
    activities.push_back({"empty (no queue)", "#f4f4f4"});
    out += figure(slots_chart(*trace),
                  fmt::format("Per slot, the upper lane is the queue held (one colour per queue; "
                              "hover for its name), the lower lane the slot's activity, and a "
                              "tick a queue mapped. Time is cut into at most {} bins and each "
                              "bin drawn as what filled most of it. Idle time is empty, blocked "
                              "and starved.",
                              kMaxBins),
                  svg::legend(activities));
  }
  if (trace) {
    out += "<h2>CU occupancy</h2>\n";
    std::vector<svg::LegendEntry> occupancy_legend(
        kernel_legend.begin(),
        kernel_legend.begin() + static_cast<std::ptrdiff_t>(series.names.size()));
    out += figure(occupancy_chart(*trace, series),
                  "Work-groups resident on the whole GPU, averaged over each time bin, stacked "
                  "by kernel definition.",
                  svg::legend(occupancy_legend));
    out += figure(cu_chart(*trace),
                  "Work-groups resident on each CU (darker: more), averaged over time bins, in "
                  "eight shades from none to the busiest CU's peak.");
  }

  out += "<h2>Normalized turnaround time</h2>\n";
  if (std::ranges::any_of(run.kernels, [](const KernelResultRow& k) { return k.ntt > 0; })) {
    out += figure(ntt_chart(run),
                  run.kernels.size() <= kMaxNttBars
                      ? "NTT of each kernel: turnaround (arrival to end) over its runtime alone; "
                        "the dashed line is 1."
                      : "How many kernels have each NTT (turnaround over runtime alone).");
  } else {
    out += note(run.status != "completed"
                    ? "No kernel has an NTT: the run did not finish, and a stopped run measures "
                      "none."
                    : "No kernel has an NTT: the run had no isolated runs (--no-alone).");
  }

  out += "<h2>Kernels</h2>\n";
  std::vector<std::vector<std::string>> kernel_rows;
  for (std::size_t i = 0; i < run.kernels.size() && i < kMaxTableRows; ++i) {
    const KernelResultRow& k = run.kernels[i];
    kernel_rows.push_back({k.name, k.kernel, k.queue, std::to_string(k.workgroups),
                           svg::number(k.arrival_us, 6), svg::number(k.launch_us, 6),
                           svg::number(k.end_us, 6), svg::number(k.end_us - k.arrival_us, 6),
                           if_measured(k.alone_us, 6), if_measured(k.ntt)});
  }
  out += table({"kernel", "definition", "queue", "work-groups", "arrival us", "launch us", "end us",
                "turnaround us", "alone us", "NTT"},
               kernel_rows, {false, false, false, true, true, true, true, true, true, true});
  if (run.kernels.size() > kMaxTableRows) {
    out += note(fmt::format("The first {} of {} kernels; all are in {}.", kMaxTableRows,
                            run.kernels.size(), result_name));
  }
  return out + page_end();
}

}  // namespace aqlsim::report
