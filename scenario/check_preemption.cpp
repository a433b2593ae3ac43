// Checks that a workload's kernel scheduler can do what it asks of the device: drain only
// evicts persistent-thread kernels (a scheduler that never evicts asks nothing of them), and no
// time slice is shorter than the transfers an eviction and a relaunch cost. Run for the
// scheduler that runs: after --policy, and for each run (run_scenario), not when a file is read.
#include <fmt/format.h>

#include "config/duration.hpp"
#include "queue_sched/registry.hpp"
#include "scenario/kernel_index.hpp"
#include "scenario/scenario_reader.hpp"

namespace aqlsim {
namespace {

void check_drain_targets(const Scenario& s) {
  const KernelIndex kernels(s.kernels);
  for (const QueueSpec& q : s.queues) {
    for (const PacketSpec& p : q.packets) {
      if (p.kind != PacketSpec::Kind::dispatch) continue;
      const KernelProfile* kernel = kernels.find(p.kernel);
      if (!kernel || kernel->persistent_workers_per_cu > 0) continue;
      // At the kernel, which is what to change (a dispatch may be a task of an imported graph).
      const auto index = static_cast<std::size_t>(kernel - s.kernels.data());
      throw InputError(
          index < s.kernel_locations.size() ? s.kernel_locations[index] : p.where,
          fmt::format("kernel '{}' (dispatched by packet '{}') is not a persistent-thread kernel, "
                      "and preemption mechanism drain can only evict those (its workers stop "
                      "between tasks); give the kernel `persistent: {{workers_per_cu: N}}`, or "
                      "set device.preemption.mechanism to context-save or kill",
                      p.kernel, p.name));
    }
  }
}

// The parameters that bound how long a kernel keeps the device before it may be evicted.
constexpr std::string_view kSliceParams[] = {"quantum_ms", "epoch_ms", "min_quantum_ms"};

void check_slices(const Scenario& s, const PolicyInfo& policy) {
  const PreemptionSpec& p = s.device.preemption;
  const Tick transfers = p.eviction_command + p.pending_read + p.launch_command;
  const auto given = s.policies.params.find(std::string(policy.name));
  for (const ParamSpec& spec : policy.params) {
    if (std::find(std::begin(kSliceParams), std::end(kSliceParams), spec.name) ==
        std::end(kSliceParams))
      continue;
    double ms = spec.default_value;
    if (given != s.policies.params.end() && given->second.contains(std::string(spec.name)))
      ms = given->second.at(std::string(spec.name));
    const Tick slice = milliseconds_to_ticks(ms);
    if (slice >= transfers) continue;
    const auto where =
        s.policies.param_locations.find(std::string(policy.name) + "." + std::string(spec.name));
    throw InputError(
        where == s.policies.param_locations.end() ? SourceLocation{s.source, 0, 0} : where->second,
        fmt::format("{} {} ({}) is shorter than an eviction and a relaunch cost in transfers "
                    "(eviction_command + pending_read + launch_command = {})",
                    policy.name, spec.name, format_duration(slice), format_duration(transfers)));
  }
}

}  // namespace

void check_preemption(const Scenario& s) {
  const PolicyInfo* policy = find_policy(s.policies.kernel);
  if (!policy || policy->name == "none") return;
  if (s.device.preemption.mechanism == PreemptionMechanism::drain && !policy->never_evicts)
    check_drain_targets(s);
  check_slices(s, *policy);
}

}  // namespace aqlsim
