#pragma once
// Runs a scenario and measures it: per-kernel times, T_SP by simulating each dispatch alone
// (scenario/alone_runs.hpp), the metrics of §4, and the hardware scheduler's counters.
#include <array>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "hsa_model/gpu.hpp"
#include "scenario/alone_runs.hpp"
#include "scenario/metrics.hpp"
#include "scenario/scenario.hpp"

namespace aqlsim {

struct KernelResult {
  std::string name;    // the dispatch packet's name
  std::string kernel;  // its kernel profile
  std::string queue;
  Tick arrival = 0;  // submitted by the host
  Tick launch = 0;   // handed to the dispatcher
  Tick start = 0;    // first work-group placed
  Tick end = 0;      // last work-group finished
  Tick alone = 0;    // turnaround when run alone (0 if not measured)
  std::uint64_t workgroups = 0;
  double ntt = 0;
  // (time, predicted total runtime) each time the prediction changed, in order (RunReport
  // says whose predictions they are).
  std::vector<std::pair<Tick, Tick>> predictions;
  // What taking work back cost it (a kernel scheduler evicts).
  std::uint64_t evictions = 0;  // times the kernel was taken off the device
  std::uint64_t evicted_workgroups = 0;
  TickSum wasted = 0;        // work-group time lost by kill
  TickSum context_time = 0;  // work-group time spent saving and restoring state

  Tick turnaround() const { return end - arrival; }
};

// A queue taken as one application (Scenario::metrics_per = queue).
struct ApplicationResult {
  std::string queue;
  std::size_t kernels = 0;
  Tick arrival = 0;  // its first dispatch's submission
  Tick end = 0;      // its last kernel's end
  Tick alone = 0;    // the queue run alone (0 if not measured)
  double ntt = 0;

  Tick turnaround() const { return end - arrival; }
};

struct HardwareReport {
  std::uint64_t map_count = 0;
  std::uint64_t unmap_count = 0;
  std::array<TickSum, kSlotActivities> slot_time{};  // summed over slots, by SlotActivity
  TickSum slot_idle() const;                         // empty + blocked + starved
};

// Whose runtime predictions a run reports.
enum class PredictionSource {
  none,
  policy,    // the thread-block policy's own predictor, the one it schedules by
  observer,  // the Simple Slicing predictor (slice-aware) beside a policy that does not predict
};
const char* prediction_source_name(PredictionSource source);

struct RunReport {
  RunOutcome outcome;
  PredictionSource predictions_by = PredictionSource::none;
  std::vector<KernelResult> kernels;            // finished kernels, in launch order
  std::vector<ApplicationResult> applications;  // with metrics_per: queue, in queue order
  Metrics metrics;
  HardwareReport hw;
  Tick makespan = 0;  // last kernel end - first kernel arrival
  Tick end = 0;       // when the run stopped: its last event (a barrier may follow the last kernel)
  std::uint64_t events = 0;
  std::uint64_t workgroups = 0;
  std::string queue_mapping;
  std::string thread_block;
  std::string kernel_scheduler;  // "none" when there is none
  PreemptionMechanism mechanism = PreemptionMechanism::drain;
  std::uint64_t seed = 0;
};

struct RunOptions {
  std::vector<ModelObserver*> observers;
  bool measure_alone = true;  // simulate each dispatch alone for T_SP
  // Attach the Simple Slicing predictor when the thread-block policy has none of its own, so
  // that the run reports predictions. It only watches: the schedule is the same either way.
  bool predict_beside_policy = false;
  // Keep each kernel's predictions (KernelResult::predictions): one entry per change, so
  // memory grows with the run; off (the default), a run keeps no state per prediction.
  bool record_predictions = false;
  // Called about every kCheckpointEvents events of the main run (not of the alone runs).
  std::function<void(const Gpu&)> progress;
};

RunReport run_scenario(const Scenario& scenario, const RunOptions& options = {});

}  // namespace aqlsim
