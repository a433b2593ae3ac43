// `aqlsim compare`: every workload of an experiment under every policy and sweep point; in one
// process, in the ranks of an MPI launch, or one shard of the runs (--shard I/N).
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.hpp"
#include "cli/compare_output.hpp"
#include "cli/ranks.hpp"
#include "config/input_file.hpp"
#include "config/parse_integer.hpp"
#include "config/utf8.hpp"
#include "experiment/compare.hpp"
#include "experiment/run_record.hpp"
#include "experiment/shard_file.hpp"
#include "report/output_file.hpp"

namespace aqlsim::cli {
namespace {

struct CompareCli {
  std::string file;
  std::vector<std::string> policies;  // as given: one comma-separated list per --policies
  std::vector<std::string> sweeps;
  std::vector<std::string> overrides;
  std::optional<std::uint64_t> seed;
  unsigned jobs = 1;
  LimitOptions limits;
  std::string csv;
  std::string baseline;
  bool no_alone = false;
  std::optional<Slice> shard;
};

// The experiment file as the options change it.
ExperimentSpec experiment_of(const CompareCli& o) {
  ExperimentSpec spec = load_experiment(o.file);
  std::optional<SourceLocation> policies_where;
  if (!o.policies.empty()) {
    // Split here, not by CLI11, which drops empty names: `fifo,` would compare fifo alone.
    const std::string given = fmt::format("{}", fmt::join(o.policies, ","));
    spec.policies.clear();
    std::size_t begin = 0;
    for (std::size_t comma; (comma = given.find(',', begin)) != std::string::npos;
         begin = comma + 1)
      spec.policies.push_back(given.substr(begin, comma - begin));
    spec.policies.push_back(given.substr(begin));
    policies_where = SourceLocation{"--policies " + escape_invalid_utf8(given), 0, 0};
    check_utf8_at(given, *policies_where);
  }
  for (const std::string& s : o.sweeps)
    add_sweep(spec, s);
  add_set_options(spec, o.overrides);
  const auto seed_swept = [](const Sweep& sweep) { return sweep.key == "seed"; };
  if (o.seed && std::ranges::any_of(spec.sweeps, seed_swept)) {
    throw InputError({fmt::format("--seed {}", *o.seed), 0, 0},
                     "'seed' is also swept: --seed would replace the sweep's values");
  }
  if (!o.baseline.empty()) {
    spec.baseline = o.baseline;
    spec.baseline_where = {"--baseline " + escape_invalid_utf8(o.baseline), 0, 0};
    check_utf8_at(o.baseline, spec.baseline_where);
  }
  check_policies(spec, policies_where);
  if (o.no_alone) spec.measure_alone = false;
  return spec;
}

// The files a comparison reads: its workload, or its experiment file and the workload files that
// names (a plain workload is the one workload of its experiment), and the files the workloads
// include or import at every sweep point.
std::vector<PathArgument> inputs_of(const CompareCli& o, const ExperimentSpec& spec,
                                    const std::vector<std::string>& read_files) {
  std::vector<PathArgument> inputs;
  for (const WorkloadSource& w : spec.workloads)
    inputs.push_back({"the input workload", w.path});
  if (inputs.size() != 1 || inputs.front().path != o.file)
    inputs.push_back({"the experiment", o.file});
  add_read_files(inputs, read_files);
  return inputs;
}

// A progress line on stderr once a comparison has taken a second: on a terminal one line
// rewritten in place, in a log a line every few seconds.
class Progress {
 public:
  explicit Progress(std::string what) : what_(std::move(what)) {}

  std::function<void(std::size_t, std::size_t)> callback() {
    return [this](std::size_t done, std::size_t total) {
      const auto now = std::chrono::steady_clock::now();
      if (now - start_ < std::chrono::seconds(1)) return;
      if (terminal_) {
        std::cerr << fmt::format("\rcompare: {}/{} runs{}", done, total, what_) << std::flush;
      } else if (now - last_ >= std::chrono::seconds(5)) {
        std::cerr << fmt::format("compare: {}/{} runs{}\n", done, total, what_);
        last_ = now;
      }
    };
  }
  // Ends the line rewritten in place, if there was one.
  void finish() const {
    const bool shown = std::chrono::steady_clock::now() - start_ >= std::chrono::seconds(1);
    if (shown && terminal_) std::cerr << '\n';
  }

 private:
  std::string what_;  // which runs, when not all of them
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_ = start_ - std::chrono::seconds(5);
  bool terminal_ = isatty(STDERR_FILENO) != 0;
};

// What every rank sets up before the runs: the same experiment and options everywhere. Rank 0
// alone checks and opens the output file (first, so that a bad path fails before the runs),
// reports progress and writes the results.
struct Prepared {
  ExperimentSpec spec;
  CompareOptions options;
  Slice slice;                          // this rank's runs
  std::vector<std::string> read_files;  // rank 0, with --csv: workload_input_files
  std::optional<OutputFile> csv;
  std::optional<Progress> progress;
};

void prepare(Prepared& p, const CompareCli& o, const Ranks& ranks) {
  p.spec = experiment_of(o);
  const bool root = ranks.rank() == 0;
  if (root && !o.csv.empty()) {
    p.read_files = workload_input_files(p.spec);  // loads every workload
    check_output_paths(inputs_of(o, p.spec, p.read_files), {{"--csv", o.csv}});
    p.csv.emplace(o.csv, o.shard ? "shard" : "CSV");
  }
  const Slice whole = o.shard.value_or(Slice{});
  const auto size = static_cast<std::size_t>(ranks.size());
  p.options = {.seed = o.seed, .jobs = o.jobs, .limits = o.limits.limits(), .progress = {}};
  p.slice = whole.part(static_cast<std::size_t>(ranks.rank()), size);
  if (!root) return;
  std::string what = o.shard ? fmt::format(" of shard {}/{}", whole.index, whole.count) : "";
  if (size > 1) what += fmt::format(" on rank 0 of {}", size);
  p.options.progress = p.progress.emplace(what).callback();
}

// Rank 0: every rank's runs, in run order; the other ranks: none.
std::vector<RunSummary> gather_runs(Ranks& ranks, std::vector<RunSummary> mine,
                                    std::size_t sweep_keys) {
  if (ranks.size() == 1) return mine;
  std::string text;
  for (const RunSummary& r : mine)
    text += encode_run(r) + '\n';
  std::vector<std::string> texts = ranks.gather(std::move(text));
  std::vector<RunSummary> all;
  for (std::size_t rank = 0; rank < texts.size(); ++rank) {
    const std::vector<std::string_view> lines = record_lines(texts[rank]);
    for (std::size_t l = 0; l < lines.size(); ++l) {
      all.push_back(
          decode_run(lines[l], sweep_keys,
                     {fmt::format("the runs of rank {}", rank), static_cast<int>(l + 1), 0}));
    }
  }
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.run < b.run; });
  return all;
}

// Rank 0: the summary and CSV of the whole comparison, or a shard's file; the exit status.
int write_results(Prepared& p, const CompareCli& o, const std::vector<RunSummary>& runs) {
  if (!o.shard) {
    print_summary(p.spec, runs);
    if (p.csv) write_csv(*p.csv, p.spec, runs);
    return comparison_status(runs);
  }
  write_shard(p.csv->stream(), shard_header(p.spec, p.options, p.read_files, *o.shard), runs);
  p.csv->commit();
  std::cout << fmt::format(
      "shard {}/{}: {} of the {} runs written to {}; `aqlsim merge` {} for the summary and the "
      "CSV\n",
      o.shard->index, o.shard->count, runs.size(), count_runs(p.spec), o.csv,
      o.shard->count == 1 ? std::string("it") : fmt::format("the {} shards", o.shard->count));
  return kExitOk;  // a shard is not the comparison: `merge` judges the whole
}

// Runs `step`, turning an exception into the failure it reports.
std::optional<Failure> attempt(const std::function<void()>& step) {
  try {
    step();
    return std::nullopt;
  } catch (...) {
    return describe_failure(std::current_exception());
  }
}

// Says on stderr that the system would not start every thread the runs asked for.
void note_refused_threads(const SliceOutcome& outcome, unsigned jobs, const Ranks& ranks) {
  if (outcome.refused.empty()) return;
  const std::string rank =
      ranks.size() > 1 ? fmt::format(" (rank {})", ranks.rank()) : std::string();
  if (outcome.threads < jobs) {
    std::cerr << fmt::format(
        "aqlsim: note{}: --jobs {}: the system would not start more than {} thread{} ({}); the "
        "runs went on with {}, to the same results\n",
        rank, jobs, outcome.threads, outcome.threads == 1 ? "" : "s", outcome.refused,
        outcome.threads);
  } else {
    std::cerr << fmt::format(
        "aqlsim: note{}: the system would not start a thread to show progress ({}); the runs "
        "went on without it\n",
        rank, outcome.refused);
  }
}

// Every rank goes through the same steps and, after each, agrees with the others on the first
// failure so far, so that all stop together with one message (from rank 0) and one status.
int compare_policies(const CompareCli& o) {
  const InputFileMemo read_once;  // every run loads its workload's includes and imports
  const std::unique_ptr<Ranks> ranks = join_ranks();
  Prepared p;
  std::optional<Failure> failure = ranks->first_failure(attempt([&] { prepare(p, o, *ranks); }), 0);
  SliceOutcome outcome;
  if (!failure) {
    std::optional<Failure> mine = attempt([&] { outcome = run_slice(p.spec, p.options, p.slice); });
    note_refused_threads(outcome, std::max(1u, o.jobs), *ranks);
    if (!mine && outcome.error) mine = describe_failure(outcome.error);
    if (p.progress) p.progress->finish();
    failure = ranks->first_failure(mine, outcome.failed_run);
  }
  int status = kExitOk;
  if (!failure) {
    // Rank 0 may fail to read what the others sent (after the gathering) or to write.
    const std::optional<Failure> mine = attempt([&] {
      const std::vector<RunSummary> runs =
          gather_runs(*ranks, std::move(outcome.runs), p.spec.sweeps.size());
      if (ranks->rank() == 0) status = write_results(p, o, runs);
    });
    failure = ranks->first_failure(mine, 0);
  }
  if (!failure) return status;
  if (ranks->rank() == 0) std::cerr << failure->message;
  return failure->status;
}

}  // namespace

void add_compare_command(CLI::App& app, Action& action) {
  auto o = std::make_shared<CompareCli>();
  CLI::App* cmd = app.add_subcommand(
      "compare", "Run a workload or an experiment under several policies; one row per policy");
  cmd->add_option(
         "file", o->file,
         "A workload file, or an experiment file (README: Command line, \"Experiment files\")")
      ->required();
  cmd->add_option("--policies", o->policies,
                  "Comma-separated policies to compare (queue-mapping, thread-block or kernel)")
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
  CLI::Option* csv = add_output_option(*cmd, "--csv", o->csv,
                                       "Write one row per workload, sweep point and policy");
  cmd->add_option_function<std::string>(
         "--shard",
         [o](const std::string& text) {
           o->shard = parse_shard(text, {"--shard", 0, 0});
         },
         "Make only shard I of N of the runs (I from 0), written to --csv for `aqlsim merge`")
      ->type_name("I/N")
      ->check(
          [](const std::string& text) {
            try {
              parse_shard(text, {});
              return std::string();
            } catch (const InputError& e) {
              return e.detail();
            }
          },
          "I/N")
      ->needs(csv);
  cmd->add_option("--baseline", o->baseline,
                  "Report each policy's speedup in makespan over this one")
      ->check(non_empty("name", "a policy name"));
  cmd->add_flag("--no-alone", o->no_alone,
                "Skip the isolated runs (makespan only; no STP, ANTT, fairness)");
  cmd->callback([&action, o] { action = [o] { return compare_policies(*o); }; });
}

}  // namespace aqlsim::cli
