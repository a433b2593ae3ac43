// `aqlsim compare`: every workload of an experiment under every policy and sweep point.
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.hpp"
#include "config/parse_integer.hpp"
#include "experiment/compare.hpp"
#include "report/output_file.hpp"

namespace aqlsim::cli {
namespace {

struct CompareCli {
  std::string file;
  std::vector<std::string> policies;
  std::vector<std::string> sweeps;
  std::vector<std::string> overrides;
  std::optional<std::uint64_t> seed;
  unsigned jobs = 1;
  LimitOptions limits;
  std::string csv;
  std::string baseline;
  bool no_alone = false;
};

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
    const std::string speedup = r.speedup ? fixed(*r.speedup, 3) : "-";
    const bool metrics = r.metrics.stp > 0;
    line += fmt::format("{:<18} {:>5} {:>13} {:>8} {:>7} {:>8} {:>9} {:>13}", r.policy, r.runs,
                        fixed(r.makespan_us, 1), speedup, metrics ? fixed(r.metrics.stp, 3) : "-",
                        metrics ? fixed(r.metrics.antt, 3) : "-",
                        metrics ? fixed(r.metrics.fairness, 3) : "-", fixed(r.slot_idle_us, 1));
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

void write_csv(OutputFile& file, const ExperimentSpec& spec, const std::vector<RunSummary>& runs) {
  std::ostream& out = file.stream();
  out << "workload";
  for (const Sweep& s : spec.sweeps)
    out << ',' << s.key;
  out << ",policy,status,makespan_us,stp,antt,fairness,dntt,slot_idle_us,map_count,unmap_count\n";
  for (const RunSummary& r : runs) {
    out << r.workload;
    for (const std::string& v : r.point)
      out << ',' << v;
    out << fmt::format(",{},{},{:.6f},{:.6f},{:.6f},{:.6f},{:.6f},{:.6f},{},{}\n", r.policy,
                       run_status_name(r.status), r.makespan_us, r.metrics.stp, r.metrics.antt,
                       r.metrics.fairness, r.metrics.dntt, r.slot_idle_us, r.map_count,
                       r.unmap_count);
  }
  file.commit();
}

int compare(const CompareCli& o) {
  ExperimentSpec spec = load_experiment(o.file);
  std::optional<SourceLocation> policies_where;
  if (!o.policies.empty()) {
    spec.policies = o.policies;
    policies_where = SourceLocation{fmt::format("--policies {}", fmt::join(o.policies, ",")), 0, 0};
  }
  for (const std::string& s : o.sweeps)
    spec.sweeps.push_back(parse_sweep(s));
  spec.overrides.insert(spec.overrides.end(), o.overrides.begin(), o.overrides.end());
  if (!o.baseline.empty()) {
    spec.baseline = o.baseline;
    spec.baseline_where = {fmt::format("--baseline {}", o.baseline), 0, 0};
  }
  check_policies(spec, policies_where);
  if (o.no_alone) spec.measure_alone = false;

  std::optional<OutputFile> csv;  // opened first: a bad path fails before the runs
  if (!o.csv.empty()) csv.emplace(o.csv, "CSV");
  CompareOptions options{
      .seed = o.seed, .jobs = o.jobs, .limits = o.limits.limits(), .progress = {}};
  const auto start = std::chrono::steady_clock::now();
  // On a terminal one line rewritten in place; in a log a line every few seconds.
  const bool terminal = isatty(STDERR_FILENO) != 0;
  auto last = start - std::chrono::seconds(5);  // so the first line comes after a second
  options.progress = [start, terminal, &last](std::size_t done, std::size_t total) {
    const auto now = std::chrono::steady_clock::now();
    if (now - start < std::chrono::seconds(1)) return;
    if (terminal) {
      std::cerr << fmt::format("\rcompare: {}/{} runs", done, total) << std::flush;
    } else if (now - last >= std::chrono::seconds(5)) {
      std::cerr << fmt::format("compare: {}/{} runs\n", done, total);
      last = now;
    }
  };
  const std::vector<RunSummary> runs = run_experiment(spec, options);
  const bool long_run = std::chrono::steady_clock::now() - start >= std::chrono::seconds(1);
  if (long_run && terminal) std::cerr << '\n';
  if (!spec.description.empty()) std::cout << spec.description << "\n\n";
  print_table(spec, summarise(spec, runs));
  print_application_table(spec, summarise_applications(runs));
  if (csv) write_csv(*csv, spec, runs);
  return kExitOk;
}

}  // namespace

void add_compare_command(CLI::App& app, Action& action) {
  auto o = std::make_shared<CompareCli>();
  CLI::App* cmd = app.add_subcommand(
      "compare", "Run a workload or an experiment under several policies; one row per policy");
  cmd->add_option("file", o->file, "A workload file, or an experiment file (README: Experiments)")
      ->required();
  cmd->add_option("--policies", o->policies,
                  "Comma-separated policies to compare (queue-mapping or thread-block)")
      ->delimiter(',')
      ->type_name("A,B,...");
  cmd->add_option("--sweep", o->sweeps,
                  "Vary a YAML value: key=v1,v2,... (repeatable: cartesian product)")
      ->type_name("KEY=V1,V2");
  cmd->add_option("--set", o->overrides, "Override a YAML value in every run (repeatable)")
      ->type_name("KEY=VALUE");
  cmd->add_option("--seed", o->seed, "Random seed for every run")
      ->check([](const std::string& text) { return integer_error(text, 0, INT64_MAX, "a seed"); },
              "SEED");
  o->limits.add_to(*cmd);
  cmd->add_option("--jobs,-j", o->jobs, "Runs in parallel (results are identical to --jobs 1)")
      ->check(CLI::Range(1u, 256u));
  cmd->add_option("--csv", o->csv, "Write one row per workload, sweep point and policy")
      ->type_name("OUT");
  cmd->add_option("--baseline", o->baseline,
                  "Report each policy's speedup in makespan over this one");
  cmd->add_flag("--no-alone", o->no_alone,
                "Skip the isolated runs (makespan only; no STP, ANTT, fairness)");
  cmd->callback([&action, o] { action = [o] { return compare(*o); }; });
}

}  // namespace aqlsim::cli
