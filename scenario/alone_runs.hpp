#pragma once
// The isolated runs behind T_SP: a dispatch (or a queue) of a scenario simulated on its own, with
// the same seed, so it draws the same work-group durations as in the shared run.
#include <map>
#include <string>
#include <vector>

#include "scenario/build_model.hpp"
#include "scenario/scenario.hpp"

namespace aqlsim {

// Builds scenarios reduced to one dispatch or one queue. The scenario without its queues is
// copied once; each reduced scenario adds back only what it runs, so a run alone costs what its
// kernel costs, not what the whole workload costs to copy.
class AloneRuns {
 public:
  explicit AloneRuns(const Scenario& scenario);

  // One dispatch on its own queue, with no barrier and no signals, submitted at time 0 or, if
  // it came later, once its queue is mapped (map_latency), as in the shared run.
  const Scenario& dispatch_scenario(std::size_t queue, std::size_t packet);
  // The same for a dispatch the shared run submitted at `submitted` rather than at its `at`.
  const Scenario& dispatch_scenario(std::size_t queue, std::size_t packet, Tick submitted);
  // One queue with the scenario's signals, its packets moved earlier together: the first
  // submitted as a dispatch_scenario's.
  const Scenario& queue_scenario(std::size_t queue);
  // The queue's turnaround alone, or 0 when its barriers wait for other queues' packets. Oracle
  // policies are told what they were told in the shared run: `oracle_inputs`' isolated runtimes
  // and worker profiles (its observers, if any, watch this run too).
  Tick queue_turnaround(std::size_t queue, const ModelOptions& oracle_inputs);

 private:
  const Scenario& source_;
  Scenario reduced_;  // the source minus its queues; the last reduction's queue in queues[0]
};

// The span from the first submission to the last kernel end of a run of `s` (0 unless it
// completes).
Tick turnaround_of(const Scenario& s);
struct AloneRun {
  Tick turnaround = 0;
  std::uint64_t events = 0;
  Tick rest = 0;  // the run's simulated time outside the turnaround (signals and polls after it)
};
// The same, with `observer` (when not null) attached, and the events the run took.
AloneRun run_alone(const Scenario& s, ModelObserver* observer);
AloneRun run_alone(const Scenario& s, const ModelOptions& options);

// Whether a dispatch planned at `at` and submitted at `submitted` (later, when packets before it
// or a full ring held the host back) runs alone otherwise than isolated_runtimes ran it: planned
// before its queue was mapped (map_latency) but submitted after, it finds the queue mapped.
bool submitted_after_its_alone_run(const Scenario& s, Tick at, Tick submitted);
struct LateSubmission {
  std::size_t queue;
  std::size_t packet;
  Tick submitted;
};
// Their turnarounds alone, each submitted when the shared run submitted it; identical runs are
// simulated once, as in isolated_runtimes.
std::vector<Tick> late_turnarounds(const Scenario& s, const std::vector<LateSubmission>& late);

// The scenario reduced to one dispatch on its own queue (AloneRuns::dispatch_scenario).
Scenario alone_scenario(const Scenario& scenario, std::size_t queue, std::size_t packet);
// The scenario reduced to one queue (AloneRuns::queue_scenario).
Scenario alone_queue_scenario(const Scenario& scenario, std::size_t queue);
// Each dispatch's turnaround when simulated alone with the same seed, by packet name. Dispatches
// whose alone runs are identical (same kernel, geometry and queue settings, durations not
// random) are simulated once; of those that differ only in their draws, one is simulated and,
// when its run is a single wave (SingleWave), the others replayed.
IsolatedRuntimes isolated_runtimes(const Scenario& scenario);
// Each persistent-thread dispatch's turnaround alone, without a kernel scheduler, with 1, 2,
// ... up to its kernel's workers per CU (Bashizade et al.'s offline profile), by packet name.
std::map<std::string, std::vector<Tick>> worker_profiles(const Scenario& scenario);

// Whether a policy of the scenario is an oracle, told every dispatch's isolated runtime.
bool has_oracle_policy(const Scenario& scenario);
// Gives `options` what the scenario's policies are told before the run: the isolated runtimes
// for an oracle policy (`measured` when the caller has them, otherwise simulated here) and the
// worker profiles for a kernel scheduler that sizes kernels. Other policies are given nothing.
void add_policy_inputs(const Scenario& scenario, ModelOptions& options,
                       const IsolatedRuntimes* measured = nullptr);

}  // namespace aqlsim
