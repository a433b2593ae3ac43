// `aqlsim compare`: every workload of an experiment under every policy and sweep point.
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.hpp"
#include "cli/compare_output.hpp"
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
  print_summary(spec, runs);
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
