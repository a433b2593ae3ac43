// `aqlsim accuracy`: how well the Simple Slicing predictor predicts runtimes (Pai et al. fig. 11).
#include <fmt/format.h>

#include <memory>

#include "cli/commands.hpp"
#include "config/input_file.hpp"
#include "config/utf8.hpp"
#include "experiment/accuracy.hpp"
#include "queue_sched/registry.hpp"

namespace aqlsim::cli {
namespace {

struct AccuracyCli {
  std::string file;
  std::vector<std::string> overrides;
  std::string policy;
};

// The predictor is measured under a thread-block policy; another kind would be ignored.
void check_thread_block_policy(const std::string& name) {
  const SourceLocation where{fmt::format("--policy {}", escape_invalid_utf8(name)), 0, 0};
  check_utf8_at(name, where);
  const PolicyInfo* info = find_policy(name);
  if (info && info->kind == PolicyKind::thread_block) return;
  std::vector<std::string> names;
  for (const PolicyInfo& p : all_policies()) {
    if (p.kind == PolicyKind::thread_block) names.emplace_back(p.name);
  }
  throw InputError(where, fmt::format("{}; accuracy runs under a thread-block policy: {}",
                                      info ? fmt::format("'{}' is a {} policy", name,
                                                         policy_kind_name(info->kind))
                                           : fmt::format("no policy named '{}'", name),
                                      fmt::join(names, ", ")));
}

// An experiment's policies are compare's, one run each; accuracy runs under the first
// thread-block one and keeps the workload's other policies. The others were ignored without a
// word: a note names them and the setting that would apply each.
void note_unapplied_policies(const std::vector<std::string>& policies) {
  for (const std::string& name : policies) {
    const PolicyInfo* info = find_policy(name);
    if (info == nullptr || info->kind == PolicyKind::thread_block) continue;
    const char* key = info->kind == PolicyKind::queue_mapping ? "queue_mapping" : "kernel";
    fmt::print(stderr,
               "aqlsim: note: the experiment's {} policy '{}' is not applied: accuracy runs under "
               "one thread-block policy (--policy, or the experiment's first) and the workload's "
               "others (--set scheduling.{}={} applies it)\n",
               policy_kind_name(info->kind), name, key, name);
  }
}

int accuracy(const AccuracyCli& o) {
  const InputFileMemo read_once;  // every run loads its workload's includes and imports
  ExperimentSpec spec = load_experiment(o.file);
  add_set_options(spec, o.overrides);  // as compare: each once, none swept, over the file's
  if (!o.policy.empty()) check_thread_block_policy(o.policy);
  const std::vector<std::string> listed = spec.policies;
  if (!o.policy.empty()) spec.policies = {o.policy};
  const AccuracyResult result = predictor_accuracy(spec);
  note_unapplied_policies(listed);
  fmt::print("predicted runtime / actual runtime, Simple Slicing predictor\n");
  fmt::print("{:<9} {:<24} {:>6} {:>7} {:>7} {:>7} {:>7} {:>7} {:>9}\n", "group", "prediction", "n",
             "min", "q1", "median", "q3", "max", "0.5-2x");
  for (const RatioSummary& r : result.ratios) {
    fmt::print("{:<9} {:<24} {:>6} {:>7.3f} {:>7.3f} {:>7.3f} {:>7.3f} {:>7.3f} {:>8.0f}%\n",
               r.group, r.when, r.count, r.min, r.q1, r.median, r.q3, r.max,
               100 * r.within_half_to_double);
  }
  // A run that did not finish has no actual runtimes: its kernels are left out, and the exit
  // status is the first such run's, as `run` would give.
  for (const UnfinishedRun& u : result.unfinished) {
    fmt::print(stderr, "aqlsim: {}: the {} did not complete ({}); its kernels are left out\n",
               u.workload, u.run, run_status_name(u.status));
  }
  return result.unfinished.empty() ? kExitOk : exit_status(result.unfinished.front().status);
}

}  // namespace

void add_accuracy_command(CLI::App& app, Action& action) {
  auto o = std::make_shared<AccuracyCli>();
  CLI::App* cmd = app.add_subcommand(
      "accuracy",
      "Predictor accuracy: predicted / actual runtime of every kernel, alone and shared");
  cmd->add_option("file", o->file, "A workload or an experiment file (e.g. pairs of kernels)")
      ->required();
  cmd->add_option("--set", o->overrides, "Override a YAML value in every run")
      ->type_name("KEY=VALUE");
  cmd->add_option(
         "--policy", o->policy,
         "Thread-block policy to run under (default: the experiment's first, else the file's)")
      ->type_name("NAME");
  cmd->callback([&action, o] { action = [o] { return accuracy(*o); }; });
}

}  // namespace aqlsim::cli
