// aqlsim hip: run a workload's plan on a GPU (or on host threads) and put the measurement
// beside the simulation (README: Running on a GPU).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/commands.hpp"
#include "hip_backend/calibration_yaml.hpp"
#include "hip_backend/comparison.hpp"
#include "hip_backend/measure.hpp"
#include "hip_backend/measured_report.hpp"
#include "hip_backend/plan_deadlock.hpp"
#include "report/output_file.hpp"
#include "report/text_report.hpp"

namespace aqlsim::cli {
namespace {

// CLI::Range lets NaN through: every comparison with it is false.
const CLI::Validator kNotNan(
    [](std::string& text) {
      return std::isnan(std::strtod(text.c_str(), nullptr)) ? "expected a number, found " + text
                                                            : std::string();
    },
    "");

struct ExecutorChoice {
  std::string kind = "auto";
  hip::ExecutorOptions options;
  std::optional<std::string> evict_every;

  void add_to(CLI::App& command) {
    command
        .add_option("--executor", kind,
                    "Where to run: auto (the first GPU backend that can), hip, hsa, cuda, or cpu "
                    "(host threads: a check of the plan, not a GPU measurement)")
        ->check(CLI::IsMember({"auto", "hip", "hsa", "cuda", "cpu"}))
        ->capture_default_str();
    command.add_option("--device", options.device, "The GPU's index")
        ->check(CLI::Range(0, 1023))
        ->capture_default_str();
    command
        .add_option("--hardware-queues", options.hardware_queues,
                    "GPU_MAX_HW_QUEUES (HIP) or CUDA_DEVICE_MAX_CONNECTIONS (CUDA) for the run "
                    "(default: the runtime's)")
        ->check(CLI::Range(1, 128));
    command
        .add_option("--evict-every", evict_every,
                    "Evict and relaunch the running persistent kernels this often (e.g. 1ms)")
        ->type_name("DURATION");
    command
        .add_option("--time-scale", options.time_scale,
                    "cpu executor: real time per simulated time (0.001: a simulated microsecond "
                    "takes a nanosecond)")
        ->check(kNotNan)
        ->check(CLI::Range(1e-6, 1e3))
        ->capture_default_str();
    command
        .add_option("--cpu-workers", options.cpu_workers,
                    "cpu executor: worker threads standing for CUs (default: the device's CUs)")
        ->check(CLI::Range(1, 4096));
  }

  std::unique_ptr<hip::Executor> make() {
    if (evict_every) options.eviction_period = parse_duration_option("--evict-every", *evict_every);
    if (kind == "cpu" && options.device != 0) {
      throw InputError({fmt::format("--device {}", options.device), 0, 0},
                       "the cpu executor has only device 0");
    }
    return hip::make_executor(kind, options);
  }
};

struct MeasureOptions {
  WorkloadOptions workload;
  ExecutorChoice executor;
  std::string json_path;
  std::string trace_path;
  std::string csv_path;
  std::uint32_t repeat = 1;
  bool skip_alone = false;
  bool quiet = false;
};

void add_measure_options(CLI::App& command, MeasureOptions& o) {
  o.workload.add_to(command);
  o.executor.add_to(command);
  command.add_flag(
      "--no-alone", o.skip_alone,
      "Skip running each dispatch alone (T_SP, NTT and the metrics are not measured: - in "
      "the table, 0 in the JSON)");
  command
      .add_option("--repeat", o.repeat,
                  "Run the workload (and each dispatch alone) N times; report the run of median "
                  "makespan (and the median alone times)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  command.add_flag("--quiet,-q", o.quiet, "Print nothing on success");
}

void print_info() {
  for (const hip::BackendInfo& b : hip::probe_backends()) {
    std::cout << fmt::format("{}: {}\n", b.backend,
                             !b.built   ? "not built"
                             : b.usable ? "usable"
                                        : "built, not usable");
    if (!b.runtime.empty()) std::cout << "  runtime: " << b.runtime << '\n';
    for (const std::string& d : b.devices)
      std::cout << "  device " << d << '\n';
    if (!b.reason.empty()) std::cout << "  reason: " << b.reason << '\n';
  }
}

int hip_info() {
  print_info();
  for (const hip::BackendInfo& b : hip::probe_backends()) {
    if (b.usable && b.backend != "cpu") return kExitOk;
  }
  return kExitNoDevice;
}

hip::Measurement measure(MeasureOptions& o, const Scenario& scenario, const hip::LaunchPlan& plan) {
  // Outputs are opened first, so a bad path fails before the device is touched.
  std::optional<OutputFile> json;
  if (!o.json_path.empty()) json.emplace(o.json_path, "JSON");
  std::optional<OutputFile> trace;
  if (!o.trace_path.empty()) trace.emplace(o.trace_path, "trace");
  const std::unique_ptr<hip::Executor> executor = o.executor.make();
  if (!o.quiet) std::cerr << "aqlsim: running on " << executor->device() << '\n';
  hip::Measurement m = hip::measure(scenario, plan, *executor, !o.skip_alone, o.repeat);
  if (!o.quiet && m.makespans.size() > 1) {
    const auto [low, high] = std::minmax_element(m.makespans.begin(), m.makespans.end());
    std::cerr << fmt::format(
        "aqlsim: measured makespans of {} runs: {:.3f} to {:.3f} us; reporting the median run\n",
        m.makespans.size(), to_us(*low), to_us(*high));
  }
  if (json) {
    write_run_json(json->stream(), scenario, m.report, hip::measured_json_options(plan, m.run));
    json->commit();
  }
  if (trace) {
    hip::write_measured_trace(trace->stream(), plan, m.run);
    trace->commit();
  }
  return m;
}

// Before any work: no output may replace a file the workload was read from or another output.
void check_paths(const MeasureOptions& o, const Scenario& scenario) {
  check_output_paths(o.workload.inputs(scenario),
                     {{"--json", o.json_path}, {"--trace", o.trace_path}, {"--csv", o.csv_path}});
}

int hip_run(MeasureOptions& o) {
  const Scenario scenario = o.workload.load();
  check_paths(o, scenario);
  const hip::Measurement m = measure(o, scenario, hip::make_launch_plan(scenario));
  if (!o.quiet) {
    std::cout << measured_report_to_text(scenario, m.report,
                                         m.run.device + " (executor " + m.run.executor + ")");
  }
  return kExitOk;
}

int hip_compare(MeasureOptions& o) {
  const Scenario scenario = o.workload.load();
  check_paths(o, scenario);
  // Opened first, so a bad path fails before the simulation and the measurement.
  std::optional<OutputFile> csv;
  if (!o.csv_path.empty()) csv.emplace(o.csv_path, "CSV");
  // Before the simulation too: a cycle is named as the plan sees it, and a plan error is not
  // found after minutes of simulating.
  const hip::LaunchPlan plan = hip::make_launch_plan(scenario);
  hip::check_plan_completes(plan);
  RunOptions simulate;
  simulate.measure_alone = !o.skip_alone;
  const RunReport simulated = run_scenario(scenario, simulate);
  if (simulated.outcome.status != RunStatus::completed) {
    // Measured times against a part of the simulated run would compare unlike things.
    std::cerr << "aqlsim: the simulation did not complete, so nothing was measured\naqlsim: "
              << describe_failure(simulated.outcome);
    return exit_status(simulated.outcome.status);
  }
  const hip::Measurement m = measure(o, scenario, plan);
  const hip::RunComparison c = hip::compare_runs(simulated, m.report);
  if (csv) {
    hip::write_comparison_csv(csv->stream(), c);
    csv->commit();
  }
  if (!o.quiet) hip::write_comparison_table(std::cout, c);
  return kExitOk;
}

int hip_calibrate(ExecutorChoice& choice, const std::string& out_path) {
  // Opened first, so a bad path fails before the device is touched.
  std::optional<OutputFile> out;
  if (!out_path.empty()) out.emplace(out_path, "device YAML");
  const std::unique_ptr<hip::Executor> executor = choice.make();
  const std::string yaml = hip::calibration_yaml(executor->calibrate(), executor->name());
  if (!out) {
    std::cout << yaml;
    return kExitOk;
  }
  out->stream() << yaml;
  out->commit();
  return kExitOk;
}

}  // namespace

void add_hip_command(CLI::App& app, Action& action) {
  CLI::App* hip = app.add_subcommand(
      "hip",
      "Run workloads as real kernels on a GPU (HIP, HSA or CUDA) and compare with the model");
  hip->require_subcommand(1);

  hip->add_subcommand("info", "Say which GPU backends were built and which devices they find")
      ->callback([&action] { action = hip_info; });

  auto run_options = std::make_shared<MeasureOptions>();
  CLI::App* run_cmd = hip->add_subcommand(
      "run", "Run a workload on a device; print the same table as aqlsim run, measured");
  add_measure_options(*run_cmd, *run_options);
  add_output_option(*run_cmd, "--json", run_options->json_path,
                    "Write the results (aqlsim run's JSON plus each work-group's times and CU)");
  add_output_option(*run_cmd, "--trace", run_options->trace_path,
                    "Write a Chrome trace-event timeline of what ran where (open in Perfetto)");
  run_cmd->callback(
      [&action, run_options] { action = [run_options] { return hip_run(*run_options); }; });

  auto compare_options = std::make_shared<MeasureOptions>();
  CLI::App* compare_cmd = hip->add_subcommand(
      "compare", "Simulate and run a workload; print measured against simulated, per kernel");
  add_measure_options(*compare_cmd, *compare_options);
  add_output_option(*compare_cmd, "--csv", compare_options->csv_path,
                    "Write the per-kernel comparison as CSV to this file");
  compare_cmd->callback([&action, compare_options] {
    action = [compare_options] { return hip_compare(*compare_options); };
  });

  auto calibrate_choice = std::make_shared<ExecutorChoice>();
  auto calibrate_out = std::make_shared<std::string>();
  CLI::App* calibrate_cmd = hip->add_subcommand(
      "calibrate",
      "Measure the device clock, launch latency, per-packet overhead and the spin kernel's "
      "accuracy; write them as a device YAML");
  calibrate_choice->add_to(*calibrate_cmd);
  add_output_option(*calibrate_cmd, "-o,--output", *calibrate_out,
                    "The device YAML (default: stdout)");
  calibrate_cmd->callback([&action, calibrate_choice, calibrate_out] {
    action = [calibrate_choice, calibrate_out] {
      return hip_calibrate(*calibrate_choice, *calibrate_out);
    };
  });
}

}  // namespace aqlsim::cli
