#include "scenario/build_model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "hsa_model/random_stream.hpp"
#include "queue_sched/registry.hpp"
#include "scenario/kernel_index.hpp"
#include "scenario/name_index.hpp"

namespace aqlsim {
namespace {

PolicyParams params_for(const Scenario& s, const std::string& policy) {
  const PolicyInfo* info = find_policy(policy);
  const auto given = s.policies.params.find(policy);
  return PolicyParams(
      info ? info->params : std::vector<ParamSpec>{},
      given == s.policies.params.end() ? std::map<std::string, double>{} : given->second);
}

// What an oracle policy knows before the run: each dispatch's submission time and isolated
// runtime.
std::vector<KnownDispatch> known_dispatches(const Scenario& s, const IsolatedRuntimes& runtimes) {
  std::vector<KnownDispatch> known;
  for (const QueueSpec& q : s.queues) {
    // The host submits a queue's packets in order: one planned before an earlier packet's `at`
    // is submitted with it, not before (and the kernels of a queue stay in packet order below).
    Tick submitted = 0;
    for (const PacketSpec& p : q.packets) {
      submitted = std::max(submitted, p.at);
      const auto runtime = runtimes.find(p.name);
      if (p.kind == PacketSpec::Kind::dispatch && runtime != runtimes.end())
        known.push_back({.arrival = submitted,
                         .isolated_runtime = runtime->second,
                         .queue = static_cast<QueueId>(&q - s.queues.data())});
    }
  }
  std::stable_sort(known.begin(), known.end(), [](const KnownDispatch& a, const KnownDispatch& b) {
    return a.arrival < b.arrival;
  });
  return known;
}

std::vector<WorkerProfile> worker_profiles(
    const Scenario& s, const std::map<std::string, std::vector<Tick>>& by_name) {
  std::vector<WorkerProfile> out;
  for (std::size_t q = 0; q < s.queues.size(); ++q) {
    for (std::size_t i = 0; i < s.queues[q].packets.size(); ++i) {
      const auto it = by_name.find(s.queues[q].packets[i].name);
      if (it != by_name.end()) out.push_back({static_cast<QueueId>(q), i, it->second});
    }
  }
  return out;
}

class ModelBuilder {
 public:
  ModelBuilder(const Scenario& s, const ModelOptions& options)
      : s_(s), kernels_(s.kernels), isolated_(&options.isolated_runtimes) {
    const auto& p = s.policies;
    auto kernel = make_kernel_scheduler(p.kernel, params_for(s, p.kernel));
    auto scheduler = make_thread_block_scheduler(p.thread_block, params_for(s, p.thread_block));
    // Under a kernel scheduler a dispatch reaches the dispatcher held, to run when that
    // scheduler says: a thread-block oracle that kept CUs idle for its arrival (sjf's
    // foresight) would idle them for nothing.
    if (!options.isolated_runtimes.empty() && !kernel)
      scheduler->on_known_dispatches(known_dispatches(s, options.isolated_runtimes));
    model_.gpu = std::make_unique<Gpu>(
        s.device, make_queue_mapping_policy(p.queue_mapping, params_for(s, p.queue_mapping)),
        std::move(scheduler), s.seed);
    for (ModelObserver* o : options.observers)
      model_.gpu->add_observer(o);
    if (kernel) {
      if (!options.isolated_runtimes.empty())
        kernel->on_known_dispatches(known_dispatches(s, options.isolated_runtimes));
      if (!options.worker_profiles.empty())
        kernel->on_worker_profiles(worker_profiles(s, options.worker_profiles));
      model_.gpu->set_kernel_scheduler(std::move(kernel));
    }
    model_.host = std::make_unique<HostScript>(*model_.gpu);
  }

  BuiltModel build() {
    Gpu& gpu = *model_.gpu;
    for (std::size_t i = 0; i < s_.kernels.size(); ++i) {
      kernel_objects_[s_.kernels[i].name] = gpu.register_kernel(s_.kernels[i]);
    }
    signal_names_ = NameIndex(s_.signals.size() + s_.packet_count());
    signals_.reserve(s_.signals.size() + s_.packet_count());
    gpu.signals().reserve(s_.signals.size() + s_.packet_count());
    for (const SignalSpec& sig : s_.signals)
      name_signal(sig.name, gpu.signals().create(sig.initial, sig.name));
    // Every packet that can complete owns a signal named after it, unless it names a shared one;
    // by packet name signals_ gives the signal the packet decrements, which is what a barrier on
    // the packet waits for (check_references made sure a shared one reaches 0 exactly when the
    // packet completes).
    completions_.reserve(s_.packet_count());
    for (const QueueSpec& q : s_.queues) {
      for (const PacketSpec& p : q.packets) {
        if (p.kind == PacketSpec::Kind::raw) {
          completions_.push_back({});
          continue;
        }
        const hsa_signal_t signal = p.completion_signal.empty() ? gpu.signals().create(1, p.name)
                                                                : signal_named(p.completion_signal);
        name_signal(p.name, signal);
        completions_.push_back(signal);
      }
    }
    std::size_t dispatches = 0;
    for (const QueueSpec& q : s_.queues) {
      dispatches += static_cast<std::size_t>(std::ranges::count_if(
          q.packets, [](const PacketSpec& p) { return p.kind == PacketSpec::Kind::dispatch; }));
    }
    gpu.reserve_kernels(dispatches);
    std::vector<std::vector<PacketProcessor::DispatchInfo>> info;
    std::size_t packet = 0;  // in completions_
    for (const QueueSpec& q : s_.queues) {
      UserQueue& queue = gpu.create_queue(q.name, q.size, q.priority);
      queue.set_cu_mask(q.cu_mask);
      const QueueId id = queue.id();
      info.emplace_back().reserve(q.packets.size());
      model_.host->reserve(id, q.packets.size());
      for (const PacketSpec& p : q.packets) {
        model_.host->add(id, p.at, encode(p, completions_[packet++]),
                         p.priority.value_or(q.priority));
        // Only dispatches have isolated runtimes.
        const auto known =
            p.kind == PacketSpec::Kind::dispatch ? isolated_->find(p.name) : isolated_->end();
        info.back().push_back({.stream_key = stable_hash(p.name),
                               .isolated_runtime = known == isolated_->end() ? 0 : known->second});
      }
    }
    gpu.set_dispatch_info(
        [info = std::move(info)](QueueId q, std::uint64_t i) { return info[q][i]; });
    model_.host->start();
    apply_limits(gpu, s_.limits, {});
    return std::move(model_);
  }

 private:
  // Names of packets and signals share one namespace (check_references); a name given again
  // names the later signal.
  void name_signal(std::string_view name, hsa_signal_t signal) {
    const auto [number, added] = signal_names_.add(name);
    if (added) {
      signals_.push_back(signal);
    } else {
      signals_[number] = signal;
    }
  }
  hsa_signal_t signal_named(std::string_view name) const {
    const auto number = signal_names_.find(name);
    if (!number) throw std::out_of_range(fmt::format("no packet or signal is named '{}'", name));
    return signals_[*number];
  }

  // `completion`: the signal the packet decrements (none for a raw packet).
  AqlPacket encode(const PacketSpec& p, hsa_signal_t completion) const {
    switch (p.kind) {
      case PacketSpec::Kind::dispatch: {
        const KernelProfile& k = *kernels_.find(p.kernel);
        return make_dispatch_packet({
            .kernel_object = kernel_objects_.at(p.kernel),
            .workgroup_size = p.workgroup_size.value_or(k.workgroup_size),
            .workgroups = p.workgroups.value_or(k.workgroups),
            .group_segment_bytes = p.lds_bytes.value_or(k.lds_bytes),
            .completion_signal = completion,
            .barrier = p.barrier,
        });
      }
      case PacketSpec::Kind::barrier_and:
      case PacketSpec::Kind::barrier_or: {
        std::vector<hsa_signal_t> deps;
        for (const std::string& d : p.depends_on)
          deps.push_back(signal_named(d));
        return make_barrier_packet(p.kind == PacketSpec::Kind::barrier_or, deps, completion,
                                   p.barrier);
      }
      case PacketSpec::Kind::raw: {
        AqlPacket raw;
        raw.set_header_bits(encode_header({.type = p.raw_type, .barrier = p.barrier}));
        return raw;
      }
    }
    return {};
  }

  const Scenario& s_;
  KernelIndex kernels_;
  const IsolatedRuntimes* isolated_;
  BuiltModel model_;
  // By name, as views of the scenario's strings (a large graph's packets look up several
  // signals each).
  std::unordered_map<std::string_view, std::uint64_t> kernel_objects_;
  NameIndex signal_names_;
  std::vector<hsa_signal_t> signals_;      // by number in signal_names_
  std::vector<hsa_signal_t> completions_;  // every packet's, queue after queue
};

}  // namespace

BuiltModel build_model(const Scenario& scenario, const ModelOptions& options) {
  return ModelBuilder(scenario, options).build();
}

}  // namespace aqlsim
