// libFuzzer target: bytes as a workload file (taskgraph::load_workload_text, the loader of
// `aqlsim run`, `graph:` section included). InputError is the expected answer to bad input;
// any other exception, a crash, a sanitizer report or a hang is a bug.
//
// A workload that loads and is small is also simulated, so the model is fuzzed and not only the
// parser: first as build_model + Gpu::run_until with an event cap (the shared run, and each
// dispatch alone), with the invariant checker attached; then, when every one of those runs ended
// within the cap, the whole run_scenario (alone runs, oracle policies, metrics).
//
// Inputs are skipped, before loading or before simulating, to keep each execution short (all
// of these are legal input, within the documented limits, and tested elsewhere):
//  - text naming /dev, /proc or /sys, or holding a backslash (a YAML escape) together with an
//    include or import: an include of a device file (/dev/zero) reads up to the 256 MiB file
//    limit, and those paths can be spelt with escapes;
//  - a `graph: generate:` whose n, width, stages or tiles is over kMaxGenerated (found by a
//    look at the YAML before loading): graphs up to a million tasks take seconds to build;
//  - a ring (queue `size`, graph `queue_size`) over kMaxRing packets: rings are allocated whole;
//  - more than kMaxPackets packets or kMaxWorkgroups work-groups in all.
// Include paths resolve against workloads/experiments/, so the seeds' `../kernels/...` and
// `../graphs/...` work.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/invariants.hpp"
#include "queue_sched/registry.hpp"
#include "scenario/build_model.hpp"
#include "scenario/runner.hpp"
#include "taskgraph/graph_section.hpp"

namespace aqlsim::fuzz {
namespace {

constexpr std::size_t kMaxPackets = 24;
constexpr std::uint64_t kMaxWorkgroups = 512;
constexpr std::uint64_t kMaxEvents = 10'000;  // per capped run
constexpr std::uint32_t kMaxRing = 4096;
constexpr double kMaxGenerated = 64;

bool contains(std::string_view text, std::string_view what) {
  return text.find(what) != std::string_view::npos;
}

bool reads_files_it_should_not(std::string_view text) {
  for (std::string_view path : {"/dev", "/proc", "/sys"}) {
    if (contains(text, path)) return true;
  }
  return contains(text, "\\") && (contains(text, "clude") || contains(text, "port"));
}

// A generator asked for more than kMaxGenerated of anything. The loader reports every other
// problem of the section; this only looks for numbers.
bool generates_too_much(const std::string& text) {
  try {
    const YAML::Node root = YAML::Load(text);
    if (!root.IsMap() || !root["graph"].IsMap()) return false;
    const YAML::Node spec = root["graph"]["generate"];
    if (!spec.IsMap()) return false;
    for (const char* key : {"n", "width", "stages", "tiles"}) {
      if (!spec[key].IsScalar()) continue;
      // As a double and as an integer (which reads 0x and 0o too).
      if (spec[key].as<double>(0) > kMaxGenerated) return true;
      if (spec[key].as<long long>(0) > kMaxGenerated) return true;
    }
  } catch (const YAML::Exception&) {
  }
  return false;
}

std::uint64_t dispatch_workgroups(const Scenario& s, const PacketSpec& p) {
  if (p.workgroups) return *p.workgroups;
  const KernelProfile* k = s.find_kernel(p.kernel);
  return k ? k->workgroups : 0;
}

bool small_enough(const Scenario& s) {
  std::size_t packets = 0;
  std::uint64_t workgroups = 0;
  for (const QueueSpec& q : s.queues) {
    if (q.size > kMaxRing) return false;
    packets += q.packets.size();
    for (const PacketSpec& p : q.packets) {
      if (p.kind != PacketSpec::Kind::dispatch) continue;
      workgroups += std::min(dispatch_workgroups(s, p), kMaxWorkgroups + 1);
    }
  }
  return packets <= kMaxPackets && workgroups <= kMaxWorkgroups;
}

// Runs `s` as the runner's alone runs do, for at most kMaxEvents; false if it was cut short.
bool runs_within_cap(const Scenario& s) {
  InvariantChecker checker;
  ModelOptions options;
  options.observers = {&checker};
  BuiltModel model = build_model(s, options);
  Gpu& gpu = *model.gpu;
  const RunOutcome outcome =
      gpu.run_until([&] { return gpu.engine().events_processed() >= kMaxEvents; });
  if (outcome.status == RunStatus::completed) checker.check_completed(gpu);
  return outcome.status != RunStatus::stopped;
}

void simulate(const Scenario& s) {
  if (!runs_within_cap(s)) return;
  for (std::size_t q = 0; q < s.queues.size(); ++q) {
    for (std::size_t p = 0; p < s.queues[q].packets.size(); ++p) {
      if (s.queues[q].packets[p].kind != PacketSpec::Kind::dispatch) continue;
      if (!runs_within_cap(alone_scenario(s, q, p))) return;
    }
    if (s.metrics_per == MetricsPer::queue && !runs_within_cap(alone_queue_scenario(s, q))) return;
  }
  InvariantChecker checker;
  run_scenario(s, {.observers = {&checker}, .measure_alone = true, .predict_beside_policy = true});
}

}  // namespace
}  // namespace aqlsim::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace aqlsim;
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (fuzz::reads_files_it_should_not(text) || fuzz::generates_too_much(text)) return 0;
  try {
    const Scenario scenario =
        taskgraph::load_workload_text(text, AQLSIM_SOURCE_DIR "/workloads/experiments/fuzz.yaml");
    if (fuzz::small_enough(scenario)) fuzz::simulate(scenario);
  } catch (const InputError&) {
  }
  return 0;
}
