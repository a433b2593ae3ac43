#include "scenario/alone_runs.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "hsa_model/random_stream.hpp"
#include "queue_sched/registry.hpp"
#include "scenario/build_model.hpp"
#include "scenario/kernel_index.hpp"
#include "scenario/run_limits.hpp"
#include "scenario/single_wave.hpp"

namespace aqlsim {
namespace {

Scenario without_queues(const Scenario& s) {
  Scenario reduced;
  reduced.source = s.source;
  reduced.input_files = s.input_files;
  reduced.device = s.device;
  reduced.kernels = s.kernels;
  reduced.kernel_locations = s.kernel_locations;
  reduced.signals = s.signals;
  reduced.policies = s.policies;
  reduced.metrics_per = s.metrics_per;
  reduced.seed = s.seed;
  reduced.limits = s.limits;
  return reduced;
}

// The queue's settings without its packets.
QueueSpec empty_like(const QueueSpec& q) {
  return QueueSpec{.name = q.name,
                   .size = q.size,
                   .priority = q.priority,
                   .cu_mask = q.cu_mask,
                   .packets = {},
                   .where = q.where};
}

// A queue can run alone if its barriers wait only for its own packets or declared signals.
bool self_contained(const Scenario& s, const QueueSpec& q) {
  std::unordered_set<std::string_view> own;
  for (const PacketSpec& p : q.packets)
    own.insert(p.name);
  for (const SignalSpec& sig : s.signals)
    own.insert(sig.name);
  return std::ranges::all_of(q.packets, [&](const PacketSpec& p) {
    return std::ranges::all_of(p.depends_on, [&](const std::string& d) { return own.contains(d); });
  });
}

// The shape of a dispatch's alone run, everything it depends on besides the scenario they share
// and its draws: two dispatches of equal shape whose durations are not random have equal alone
// runs. Priorities (the packet's and its queue's) are not part of it: only mapping policies read
// them, to choose among queues, and an alone run's one queue takes a free slot when it is created
// (AloneRuns.PrioritiesChangeNoAloneRun). Task graphs rank their tasks, so keyed by priorities a
// 10,000-task graph simulated 1,154 alone runs instead of one.
struct AloneKey {
  std::string kernel;
  std::optional<std::uint64_t> workgroups;
  std::optional<std::uint32_t> workgroup_size;
  std::optional<std::uint32_t> lds_bytes;
  std::uint32_t queue_size = 0;
  std::vector<std::uint8_t> cu_mask;
  Tick at = 0;  // the alone run's arrival (alone_arrival)

  bool operator==(const AloneKey&) const = default;
};

struct AloneKeyHash {
  std::size_t operator()(const AloneKey& k) const {
    std::uint64_t h = stable_hash(k.kernel);
    const auto add = [&h](std::uint64_t v) { h = mix64(h ^ v); };
    add(k.workgroups.value_or(~std::uint64_t{0}));
    add(k.workgroup_size.value_or(~0u));
    add(k.lds_bytes.value_or(~0u));
    add(k.queue_size);
    add(static_cast<std::uint64_t>(k.at));
    for (const std::uint8_t bit : k.cu_mask)
      add(bit);
    return static_cast<std::size_t>(h);
  }
};

// When the alone run submits a dispatch (or a queue's first packet) that the shared run
// submits at `at`. Every queue exists from time 0 and an alone queue is mapped at once, by
// map_latency: a dispatch submitted later finds it mapped, and one submitted at time 0 did
// not, in both runs. (Submitted at 0 regardless, a dispatch at 100 us under a 1 us map latency
// ran 1 us faster shared than alone: NTT 0.935.) Any arrival after the map gives the same run.
Tick alone_arrival(const Scenario& s, Tick at) {
  return std::min(at, s.device.front_end.map_latency);
}

AloneKey alone_key(const Scenario& s, const QueueSpec& q, const PacketSpec& p, Tick submitted) {
  return AloneKey{.kernel = p.kernel,
                  .workgroups = p.workgroups,
                  .workgroup_size = p.workgroup_size,
                  .lds_bytes = p.lds_bytes,
                  .queue_size = q.size,
                  .cu_mask = q.cu_mask,
                  .at = alone_arrival(s, submitted)};
}

// Whether the dispatch's durations are random: its work-groups then draw from streams keyed by
// its name, which no other dispatch has, so its alone run is its own.
bool draws_its_own(const KernelIndex& kernels, const PacketSpec& p) {
  const KernelProfile* kernel = kernels.find(p.kernel);
  return kernel == nullptr || kernel->duration.rsd > 0.0;
}

}  // namespace

AloneRuns::AloneRuns(const Scenario& scenario)
    : source_(scenario), reduced_(without_queues(scenario)) {}

const Scenario& AloneRuns::dispatch_scenario(std::size_t queue, std::size_t packet) {
  return dispatch_scenario(queue, packet, source_.queues[queue].packets[packet].at);
}

const Scenario& AloneRuns::dispatch_scenario(std::size_t queue, std::size_t packet,
                                             Tick submitted) {
  const QueueSpec& q = source_.queues[queue];
  PacketSpec dispatch = q.packets[packet];
  dispatch.at = alone_arrival(source_, submitted);
  dispatch.barrier = false;
  dispatch.completion_signal.clear();
  reduced_.signals.clear();
  reduced_.queues.assign(1, empty_like(q));
  reduced_.queues[0].packets.push_back(std::move(dispatch));
  return reduced_;
}

const Scenario& AloneRuns::queue_scenario(std::size_t queue) {
  reduced_.signals = source_.signals;
  reduced_.queues.assign(1, source_.queues[queue]);
  std::vector<PacketSpec>& packets = reduced_.queues[0].packets;
  Tick first = kNever;
  for (const PacketSpec& p : packets)
    first = std::min(first, p.at);
  const Tick shift = first - alone_arrival(source_, first);
  for (PacketSpec& p : packets)
    p.at -= shift;
  return reduced_;
}

Tick AloneRuns::queue_turnaround(std::size_t queue, const ModelOptions& oracle_inputs) {
  if (!self_contained(source_, source_.queues[queue])) return 0;
  return run_alone(queue_scenario(queue), oracle_inputs).turnaround;
}

bool submitted_after_its_alone_run(const Scenario& s, Tick at, Tick submitted) {
  return alone_arrival(s, submitted) != alone_arrival(s, at);
}

AloneRun run_alone(const Scenario& s, ModelObserver* observer) {
  ModelOptions options;
  if (observer) options.observers.push_back(observer);
  return run_alone(s, options);
}

AloneRun run_alone(const Scenario& s, const ModelOptions& options) {
  BuiltModel model = build_model(s, options);
  const bool completed = model.gpu->run().status == RunStatus::completed;
  const std::uint64_t events = model.gpu->engine().events_processed();
  if (!completed) return {0, events};
  Tick first = kNever;
  Tick last = 0;
  for (const KernelState& k : model.gpu->kernels()) {
    first = std::min(first, k.arrival);
    last = std::max(last, k.end);
  }
  if (first == kNever) return {0, events};
  return {last - first, events, model.gpu->engine().now() - (last - first)};
}

Tick turnaround_of(const Scenario& s) {
  return run_alone(s, nullptr).turnaround;
}

Scenario alone_scenario(const Scenario& s, std::size_t queue, std::size_t packet) {
  return AloneRuns(s).dispatch_scenario(queue, packet);
}

Scenario alone_queue_scenario(const Scenario& s, std::size_t queue) {
  return AloneRuns(s).queue_scenario(queue);
}

namespace {

// Each dispatch's alone run, simulated or, where a single wave of the same shape was simulated
// before, replayed (SingleWave).
class AloneTurnarounds {
 public:
  explicit AloneTurnarounds(const Scenario& s)
      : s_(s), kernels_(s.kernels), runs_(s), replayable_(single_waves_apply(s)) {}

  // The dispatch's alone run, submitted when the shared run submits it at `submitted`.
  Tick of(std::size_t q, std::size_t p, Tick submitted) {
    const PacketSpec& packet = s_.queues[q].packets[p];
    AloneKey shape = alone_key(s_, s_.queues[q], packet, submitted);
    if (!draws_its_own(kernels_, packet)) {  // equal shapes, equal runs: one simulated per shape
      auto [measured, fresh] = measured_.try_emplace(std::move(shape), 0);
      if (fresh) measured->second = turnaround_of(runs_.dispatch_scenario(q, p, submitted));
      return measured->second;
    }
    if (!replayable_) return turnaround_of(runs_.dispatch_scenario(q, p, submitted));
    const auto seed = RandomStream::kernel_seed(s_.seed, stable_hash(packet.name));
    const auto [wave, first] = waves_.try_emplace(std::move(shape));
    if (!first) {
      const Tick replayed = wave->second ? wave->second->replay(seed) : 0;
      return replayed > 0 ? replayed : turnaround_of(runs_.dispatch_scenario(q, p, submitted));
    }
    SingleWaveRecorder recorder;
    const AloneRun run = run_alone(runs_.dispatch_scenario(q, p, submitted), &recorder);
    wave->second = Replay::of(recorder, run, seed, s_.limits);
    return run.turnaround;
  }

 private:
  // A single wave and what bounds its replays (within which no replay can reach the limits the
  // simulated runs obey).
  struct Replay {
    SingleWave wave;
    Tick longest;  // the latest turnaround it may give

    static std::optional<Replay> of(const SingleWaveRecorder& recorder, const AloneRun& run,
                                    RandomStream::KernelSeed seed, const RunLimits& limits) {
      std::optional<SingleWave> wave = recorder.wave();
      // Checked: the simulated dispatch's own draws must give back its turnaround.
      if (!wave || run.turnaround == 0 || wave->turnaround(seed) != run.turnaround)
        return std::nullopt;
      // A run up to twice as long takes at most 2 x events + one per work-group (its ends and
      // passes), so it can reach neither the event limit nor a memory checkpoint.
      const std::uint64_t bound = 2 * run.events + wave->workgroups();
      if (bound >= std::min(limits.max_events, kCheckpointEvents)) return std::nullopt;
      // A replayed run would take `rest` besides its turnaround too, within the time limit.
      const Tick limit = limits.max_sim_time - run.rest;
      return Replay{*wave, run.turnaround + std::min(run.turnaround, limit - run.turnaround)};
    }
    // The turnaround of a dispatch drawing from `seed`, or 0 when it must be simulated.
    Tick replay(RandomStream::KernelSeed seed) const {
      const Tick t = wave.turnaround(seed);
      return t <= longest ? t : 0;
    }
  };

  const Scenario& s_;
  KernelIndex kernels_;
  AloneRuns runs_;
  const bool replayable_;
  std::unordered_map<AloneKey, Tick, AloneKeyHash> measured_;                // durations not random
  std::unordered_map<AloneKey, std::optional<Replay>, AloneKeyHash> waves_;  // random
};

}  // namespace

IsolatedRuntimes isolated_runtimes(const Scenario& s) {
  AloneTurnarounds turnarounds(s);
  IsolatedRuntimes alone;
  alone.reserve(s.packet_count());
  for (std::size_t q = 0; q < s.queues.size(); ++q) {
    for (std::size_t p = 0; p < s.queues[q].packets.size(); ++p) {
      const PacketSpec& packet = s.queues[q].packets[p];
      if (packet.kind == PacketSpec::Kind::dispatch)
        alone[packet.name] = turnarounds.of(q, p, packet.at);
    }
  }
  return alone;
}

std::vector<Tick> late_turnarounds(const Scenario& s, const std::vector<LateSubmission>& late) {
  if (late.empty()) return {};  // as nearly always: spare copying the scenario
  AloneTurnarounds turnarounds(s);
  std::vector<Tick> out;
  out.reserve(late.size());
  for (const LateSubmission& d : late)
    out.push_back(turnarounds.of(d.queue, d.packet, d.submitted));
  return out;
}

std::map<std::string, std::vector<Tick>> worker_profiles(const Scenario& s) {
  AloneRuns runs(s);
  const KernelIndex kernels(s.kernels);
  std::map<std::string, std::vector<Tick>> profiles;
  for (std::size_t q = 0; q < s.queues.size(); ++q) {
    for (std::size_t p = 0; p < s.queues[q].packets.size(); ++p) {
      const PacketSpec& packet = s.queues[q].packets[p];
      const KernelProfile* kernel = kernels.find(packet.kernel);
      if (packet.kind != PacketSpec::Kind::dispatch || !kernel) continue;
      Scenario alone = runs.dispatch_scenario(q, p);
      alone.policies.kernel = "none";
      KernelProfile& k =
          *std::find_if(alone.kernels.begin(), alone.kernels.end(),
                        [&](const KernelProfile& x) { return x.name == packet.kernel; });
      std::vector<Tick>& runtimes = profiles[packet.name];
      for (std::uint32_t w = 1; w <= kernel->persistent_workers_per_cu; ++w) {
        k.persistent_workers_per_cu = w;
        runtimes.push_back(turnaround_of(alone));
      }
    }
  }
  return profiles;
}

bool has_oracle_policy(const Scenario& s) {
  const PolicyInfo* tb = find_policy(s.policies.thread_block);
  const PolicyInfo* kernel = find_policy(s.policies.kernel);
  return (tb && tb->needs_isolated_runtimes) || (kernel && kernel->needs_isolated_runtimes);
}

void add_policy_inputs(const Scenario& s, ModelOptions& options, const IsolatedRuntimes* measured) {
  if (has_oracle_policy(s)) options.isolated_runtimes = measured ? *measured : isolated_runtimes(s);
  const PolicyInfo* kernel = find_policy(s.policies.kernel);
  if (kernel && kernel->needs_worker_profiles) options.worker_profiles = worker_profiles(s);
}

}  // namespace aqlsim
