#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.hpp"
#include "config/duration.hpp"
#include "report/chrome_trace.hpp"
#include "report/json_report.hpp"
#include "report/output_file.hpp"
#include "report/text_report.hpp"
#include "scenario/runner.hpp"

namespace aqlsim::cli {
namespace {

struct RunOptionsCli {
  WorkloadOptions workload;
  LimitOptions limits;
  std::string json_path;
  std::string trace_path;
  bool quiet = false;
  bool skip_alone = false;
  bool predictions = false;
};

// On a terminal, a run that takes over a second shows where it is, on one line rewritten in
// place (standard error, so results on standard output stay clean).
class ProgressLine {
 public:
  explicit ProgressLine(const Scenario& scenario) {
    for (const QueueSpec& q : scenario.queues) {
      dispatches_ += static_cast<std::size_t>(std::ranges::count_if(
          q.packets, [](const PacketSpec& p) { return p.kind == PacketSpec::Kind::dispatch; }));
    }
  }
  ~ProgressLine() {
    if (shown_) std::cerr << '\n';
  }

  void show(const Gpu& gpu) {
    const std::chrono::duration<double> wall = std::chrono::steady_clock::now() - start_;
    if (wall.count() < 1) return;
    const auto done =
        std::ranges::count_if(gpu.kernels(), [](const KernelState& k) { return k.finished(); });
    std::cerr << fmt::format("\rrun: {} simulated, {}/{} kernels done, {:.2f} M work-groups/s ",
                             format_duration(gpu.engine().now(), 6), done, dispatches_,
                             static_cast<double>(gpu.workgroups_finished()) / wall.count() / 1e6)
              << std::flush;
    shown_ = true;
  }

 private:
  std::size_t dispatches_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  bool shown_ = false;
};

int run(const RunOptionsCli& o) {
  Scenario scenario = o.workload.load();
  check_output_paths(o.workload.inputs(scenario),
                     {{"--json", o.json_path}, {"--trace", o.trace_path}});
  scenario.limits = o.limits.limits();
  RunOptions options;
  options.measure_alone = !o.skip_alone;
  // Predictions are reported only when asked for, in the JSON and the trace: without them no
  // predictor watches beside the policy and a run of any length keeps no per-prediction state.
  options.predict_beside_policy = o.predictions;
  options.record_predictions = o.predictions && !o.json_path.empty();
  std::optional<ProgressLine> progress;
  if (!o.quiet && isatty(STDERR_FILENO) != 0) {
    progress.emplace(scenario);
    options.progress = [&progress](const Gpu& gpu) { progress->show(gpu); };
  }
  // Both outputs are opened before the run, so a bad path fails before any work is done.
  std::optional<OutputFile> json;
  if (!o.json_path.empty()) json.emplace(o.json_path, "JSON");
  std::optional<OutputFile> trace_file;
  std::unique_ptr<ChromeTraceWriter> trace;
  if (!o.trace_path.empty()) {
    trace_file.emplace(o.trace_path, "trace");
    trace = std::make_unique<ChromeTraceWriter>(
        trace_file->stream(),
        [&](QueueId q, std::uint64_t i) { return scenario.queues[q].packets[i].name; },
        o.predictions);
    options.observers.push_back(trace.get());
  }
  const RunReport report = run_scenario(scenario, options);
  progress.reset();  // ends its line before the results
  if (trace) {
    trace->finish();
    trace_file->commit();
  }
  if (json) {
    JsonOptions json_options;
    json_options.predictions = o.predictions;
    write_run_json(json->stream(), scenario, report, json_options);
    json->commit();
  }
  if (!o.quiet) std::cout << report_to_text(scenario, report);
  if (report.outcome.status != RunStatus::completed) {
    std::cerr << "aqlsim: " << describe_failure(report.outcome);
  }
  return exit_status(report.outcome.status);
}

}  // namespace

int exit_status(RunStatus status) {
  switch (status) {
    case RunStatus::deadlock:
      return kExitDeadlock;
    case RunStatus::queue_error:
      return kExitQueueError;
    case RunStatus::limit:
      return kExitLimit;
    default:
      return kExitOk;
  }
}

void add_run_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<RunOptionsCli>();
  CLI::App* cmd =
      app.add_subcommand("run", "Simulate a workload and report per-kernel times and metrics");
  options->workload.add_to(*cmd);
  options->limits.add_to(*cmd);
  add_output_option(*cmd, "--json", options->json_path,
                    "Write the full results as JSON to this file");
  add_output_option(*cmd, "--trace", options->trace_path,
                    "Write a Chrome trace-event timeline (open in Perfetto) to this file");
  cmd->add_flag("--predictions", options->predictions,
                "Report each kernel's predicted runtime as it changes, in the JSON and the trace "
                "(the Simple Slicing predictor watches a policy that has none of its own)");
  cmd->add_flag("--quiet,-q", options->quiet, "Print nothing on success");
  cmd->add_flag(
      "--no-alone", options->skip_alone,
      "Skip the isolated runs (T_SP, NTT and the metrics are not measured: - in the table, 0 in "
      "the JSON)");
  cmd->callback([&action, options] { action = [options] { return run(*options); }; });
}

}  // namespace aqlsim::cli
