#include "cli/compare_output.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "cli/commands.hpp"
#include "report/csv.hpp"

namespace aqlsim::cli {
namespace {

// The last segment of a swept key, as a column title.
std::string column_title(const std::string& key) {
  const auto dot = key.rfind('.');
  return dot == std::string::npos ? key : key.substr(dot + 1);
}

std::string fixed(double value, int precision) {
  return fmt::format("{:.{}f}", value, precision);
}

void print_table(const ExperimentSpec& spec, const std::vector<SummaryRow>& rows) {
  std::string header;
  for (const Sweep& s : spec.sweeps)
    header += fmt::format("{:<14} ", column_title(s.key));
  header += fmt::format("{:<18} {:>5} {:>13} {:>8} {:>7} {:>8} {:>9} {:>13}", "policy", "runs",
                        "makespan_us", "speedup", "STP", "ANTT", "fairness", "slot_idle_us");
  std::cout << header << '\n';
  for (const SummaryRow& r : rows) {
    std::string line;
    for (const std::string& v : r.point)
      line += fmt::format("{:<14} ", v);
    // "-": not measured, as when no run of the row completed.
    const bool completed = r.runs > r.failed;
    const std::string speedup = r.speedup ? fixed(*r.speedup, 3) : "-";
    const bool metrics = r.metrics.stp > 0;
    line += fmt::format(
        "{:<18} {:>5} {:>13} {:>8} {:>7} {:>8} {:>9} {:>13}", r.policy, r.runs,
        completed ? fixed(r.makespan_us, 1) : "-", speedup, metrics ? fixed(r.metrics.stp, 3) : "-",
        metrics ? fixed(r.metrics.antt, 3) : "-", metrics ? fixed(r.metrics.fairness, 3) : "-",
        completed ? fixed(r.slot_idle_us, 1) : "-");
    if (r.failed > 0) line += fmt::format("  ({} did not complete)", r.failed);
    std::cout << line << '\n';
  }
}

// The Lopez-Albelda et al. summary, when the runs measured applications (metrics_per: queue).
void print_application_table(const ExperimentSpec& spec,
                             const std::vector<ApplicationSummaryRow>& rows) {
  if (rows.empty()) return;
  std::string header;
  for (const Sweep& s : spec.sweeps)
    header += fmt::format("{:<14} ", column_title(s.key));
  header +=
      fmt::format("{:<18} {:>7} {:>7} {:>7} {:>9}", "policy", "ANTT", "DNTT", "STP", "fairness");
  for (const auto& [app, ntt] : rows.front().mean_ntt)
    header += fmt::format(" {:>8}", app);
  std::cout << "\nEach application's NTT averaged over the workloads, then ANTT, DNTT, STP "
               "and fairness of those averages:\n"
            << header << '\n';
  for (const ApplicationSummaryRow& r : rows) {
    std::string line;
    for (const std::string& v : r.point)
      line += fmt::format("{:<14} ", v);
    line += fmt::format("{:<18} {:>7} {:>7} {:>7} {:>9}", r.policy, fixed(r.metrics.antt, 3),
                        fixed(r.metrics.dntt, 3), fixed(r.metrics.stp, 3),
                        fixed(r.metrics.fairness, 3));
    for (const auto& [app, ntt] : r.mean_ntt)
      line += fmt::format(" {:>8}", fixed(ntt, 3));
    std::cout << line << '\n';
  }
}

}  // namespace

void print_summary(const ExperimentSpec& spec, const std::vector<RunSummary>& runs) {
  if (!spec.description.empty()) std::cout << spec.description << "\n\n";
  print_table(spec, summarise(spec, runs));
  print_application_table(spec, summarise_applications(runs));
}

int comparison_status(const std::vector<RunSummary>& runs) {
  const auto completed = [](const RunSummary& r) { return r.status == RunStatus::completed; };
  if (runs.empty() || std::ranges::any_of(runs, completed)) return kExitOk;
  const RunSummary& first = runs.front();
  std::cerr << fmt::format(
      "aqlsim: no run completed; the first, {} under {}, ended with status '{}'\n", first.workload,
      first.policy, run_status_name(first.status));
  return exit_status(first.status);
}

void write_csv(OutputFile& file, const ExperimentSpec& spec, const std::vector<RunSummary>& runs) {
  std::ostream& out = file.stream();
  out << "workload";
  for (const Sweep& s : spec.sweeps)
    out << ',' << report::csv_field(s.key);
  out << ",policy,status,makespan_us,stp,antt,fairness,dntt,slot_idle_us,map_count,unmap_count\n";
  for (const RunSummary& r : runs) {
    out << report::csv_field(r.workload);
    for (const std::string& v : r.point)
      out << ',' << report::csv_field(v);
    out << fmt::format(",{},{},{:.6f},{:.6f},{:.6f},{:.6f},{:.6f},{:.6f},{},{}\n", r.policy,
                       run_status_name(r.status), r.makespan_us, r.metrics.stp, r.metrics.antt,
                       r.metrics.fairness, r.metrics.dntt, r.slot_idle_us, r.map_count,
                       r.unmap_count);
  }
  file.commit();
}

}  // namespace aqlsim::cli
