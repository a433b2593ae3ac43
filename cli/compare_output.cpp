#include "cli/compare_output.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "report/csv.hpp"
#include "report/sweep_titles.hpp"

namespace aqlsim::cli {
namespace {

// The sweep columns' titles (sweep_titles).
std::vector<std::string> column_titles(const std::vector<Sweep>& sweeps) {
  std::vector<std::string> keys;
  for (const Sweep& sweep : sweeps)
    keys.push_back(sweep.key);
  return report::sweep_titles(keys);
}

std::string fixed(double value, int precision) {
  return fmt::format("{:.{}f}", value, precision);
}

// The sweep columns and the policy column, each as wide as its longest entry and at least as
// the table's usual width: a long policy label (`rr-idle+fifo-backfill`) or sweep value would
// otherwise push the rest of its row out of line.
struct LeadingColumns {
  std::vector<std::size_t> point;
  std::size_t policy = 18;

  template <class Row>
  LeadingColumns(const ExperimentSpec& spec, const std::vector<Row>& rows) {
    for (const std::string& title : column_titles(spec.sweeps))
      point.push_back(std::max<std::size_t>(14, title.size()));
    for (const Row& r : rows) {
      for (std::size_t i = 0; i < point.size(); ++i)
        point[i] = std::max(point[i], r.point[i].size());
      policy = std::max(policy, r.policy.size());
    }
  }

  // The sweep point's cells and the policy's, each followed by a space.
  std::string cells(const std::vector<std::string>& values, const std::string& label) const {
    std::string line;
    for (std::size_t i = 0; i < point.size(); ++i)
      line += fmt::format("{:<{}} ", values[i], point[i]);
    return line + fmt::format("{:<{}} ", label, policy);
  }
  std::string titles(const ExperimentSpec& spec) const {
    return cells(column_titles(spec.sweeps), "policy");
  }
};

void print_table(const ExperimentSpec& spec, const std::vector<SummaryRow>& rows) {
  const LeadingColumns leading(spec, rows);
  std::cout << leading.titles(spec)
            << fmt::format("{:>5} {:>13} {:>8} {:>7} {:>8} {:>9} {:>13}", "runs", "makespan_us",
                           "speedup", "STP", "ANTT", "fairness", "slot_idle_us")
            << '\n';
  for (const SummaryRow& r : rows) {
    // "-": not measured, as when no run of the row completed.
    const bool completed = r.runs > r.failed;
    const std::string speedup = r.speedup ? fixed(*r.speedup, 3) : "-";
    const bool metrics = r.metrics.measured();
    std::string line = leading.cells(r.point, r.policy);
    line += fmt::format(
        "{:>5} {:>13} {:>8} {:>7} {:>8} {:>9} {:>13}", r.runs,
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
  const LeadingColumns leading(spec, rows);
  std::string header = leading.titles(spec) +
                       fmt::format("{:>7} {:>7} {:>7} {:>9}", "ANTT", "DNTT", "STP", "fairness");
  // A column for every application of any row (the rows' workloads may list them in other
  // orders, or a row may lack one whose workloads all failed there), each value by its name.
  std::vector<std::string_view> apps;
  for (const ApplicationSummaryRow& r : rows) {
    for (const auto& [app, ntt] : r.mean_ntt)
      if (std::ranges::find(apps, app) == apps.end()) apps.push_back(app);
  }
  for (const std::string_view app : apps)
    header += fmt::format(" {:>8}", app);
  std::cout << "\nEach application's NTT averaged over the workloads, then ANTT, DNTT, STP "
               "and fairness of those averages:\n"
            << header << '\n';
  for (const ApplicationSummaryRow& r : rows) {
    std::string line = leading.cells(r.point, r.policy);
    line +=
        fmt::format("{:>7} {:>7} {:>7} {:>9}", fixed(r.metrics.antt, 3), fixed(r.metrics.dntt, 3),
                    fixed(r.metrics.stp, 3), fixed(r.metrics.fairness, 3));
    for (const std::string_view app : apps) {
      const auto it = std::ranges::find(r.mean_ntt, app, [](const auto& m) { return m.first; });
      line += fmt::format(" {:>8}", it != r.mean_ntt.end() ? fixed(it->second, 3) : "-");
    }
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
