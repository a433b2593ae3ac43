#pragma once
// The aqlsim subcommands. Each registers its options on the CLI11 app and returns the action
// to run when it is chosen; actions return the process exit status.
#include <CLI/CLI.hpp>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/output_paths.hpp"
#include "scenario/scenario.hpp"

namespace aqlsim::cli {

// Exit statuses, documented in the README.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitDeadlock = 3;
inline constexpr int kExitQueueError = 4;
inline constexpr int kExitOutput = 5;    // an output file or standard output could not be written
inline constexpr int kExitLimit = 6;     // a run limit ended a simulation before its end
inline constexpr int kExitNoDevice = 7;  // aqlsim hip: no backend or device can run here

// The exit status of `run` for a run that ended so (0 unless it deadlocked, met an invalid
// packet or reached a limit); `compare` gives it when no run completes.
int exit_status(RunStatus status);

using Action = std::function<int()>;

// Options shared by commands that read a workload: the file, --set, --policy and --seed.
struct WorkloadOptions {
  std::string file;
  std::vector<std::string> overrides;
  std::vector<std::string> policies;
  std::optional<std::uint64_t> seed;

  void add_to(CLI::App& command);
  // Loads the file with the overrides applied; throws InputError.
  Scenario load() const;
  // The files `loaded` (this workload) was read from, for check_output_paths: the file and those
  // it includes or imports.
  std::vector<PathArgument> inputs(const Scenario& loaded) const;
};

// A positive duration given to OPTION: in a time unit, not cycles, since an option is one for
// every run of the command whatever its device's clock. Throws InputError.
Tick parse_duration_option(const std::string& option, const std::string& text);

// The run budgets (README: Limits), for commands that simulate.
struct LimitOptions {
  std::optional<std::string> max_sim_time;
  std::optional<std::string> max_events;
  std::optional<std::string> max_memory;

  void add_to(CLI::App& command);
  RunLimits limits() const;  // throws InputError
};

void add_run_command(CLI::App& app, Action& action);
void add_validate_command(CLI::App& app, Action& action);
void add_list_commands(CLI::App& app, Action& action);
void add_graph_command(CLI::App& app, Action& action);
void add_compare_command(CLI::App& app, Action& action);
void add_merge_command(CLI::App& app, Action& action);
void add_accuracy_command(CLI::App& app, Action& action);
void add_report_command(CLI::App& app, Action& action);
void add_hip_command(CLI::App& app, Action& action);

}  // namespace aqlsim::cli
