#include "hsa_model/gpu.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

namespace aqlsim {
namespace {

DeviceSpec checked(DeviceSpec device) {
  check_device(device);
  return device;
}

}  // namespace

Gpu::Gpu(DeviceSpec device, std::unique_ptr<QueueMappingPolicy> mapping,
         std::unique_ptr<ThreadBlockScheduler> scheduler, std::uint64_t seed)
    : device_(checked(std::move(device))),
      mapping_(std::move(mapping)),
      scheduler_(std::move(scheduler)),
      state_(device_.front_end.hw_queues, observers_),
      dispatcher_(engine_, device_, *scheduler_, observers_, seed),
      processor_(engine_, device_, state_, signals_, dispatcher_, profiles_, observers_),
      hw_scheduler_(engine_, device_.front_end, state_, processor_, *mapping_, observers_) {
  signals_.set_listener([this](hsa_signal_t) { processor_.on_signal_changed(); });
  dispatcher_.set_completion_listener(
      [this](const KernelState& kernel) { processor_.on_kernel_completed(kernel); });
}

void Gpu::set_kernel_scheduler(std::unique_ptr<KernelScheduler> scheduler) {
  assert(dispatcher_.kernels().empty());
  kernel_scheduler_ = std::move(scheduler);
  kernel_control_ =
      std::make_unique<KernelControl>(engine_, dispatcher_, device_.preemption, *kernel_scheduler_);
}

std::uint64_t Gpu::register_kernel(KernelProfile profile) {
  profiles_.push_back(std::move(profile));
  return profiles_.size();
}

UserQueue& Gpu::create_queue(std::string name, std::uint32_t size, std::uint32_t priority) {
  assert(is_power_of_two(size));
  const auto id = static_cast<QueueId>(state_.queues.size());
  state_.queues.push_back(std::make_unique<UserQueue>(id, std::move(name), size, priority));
  state_.runtime.emplace_back();
  hw_scheduler_.on_queue_created(id);
  return *state_.queues.back();
}

void Gpu::publish(QueueId queue, std::uint64_t index, const AqlPacket& packet,
                  std::uint32_t priority) {
  state_.queues.at(queue)->publish(index, packet, engine_.now(), priority);
  processor_.on_packet_published();
  hw_scheduler_.on_host_activity();
}

void Gpu::store_signal(hsa_signal_t signal, std::int64_t value) {
  signals_.store(signal, value);
  hw_scheduler_.on_host_activity();
}

void Gpu::ring_doorbell(QueueId queue, std::uint64_t index) {
  state_.queues.at(queue)->ring_doorbell(index);
  processor_.on_doorbell(queue);
  hw_scheduler_.on_host_activity();
}

RunOutcome Gpu::run() {
  engine_.run();
  return conclude();
}

RunOutcome Gpu::run_until(const std::function<bool()>& done) {
  while (!done()) {
    if (!engine_.step()) return conclude();
  }
  RunOutcome outcome;
  outcome.status = RunStatus::stopped;
  return outcome;
}

Tick Gpu::slot_time_end(EngineStop stop) const {
  switch (stop) {
    case EngineStop::time_limit:
      return engine_.time_limit();  // nothing happens before the next event, past the limit
    case EngineStop::event_limit:
    case EngineStop::checkpoint:
      return std::max(processor_.last_progress(), engine_.now());
    case EngineStop::none:
    case EngineStop::requested:
      break;
  }
  return processor_.last_progress();
}

RunOutcome Gpu::conclude() {
  EngineStop stop = engine_.stopped_by();
  const bool at_limit = stop == EngineStop::time_limit || stop == EngineStop::event_limit ||
                        stop == EngineStop::checkpoint;
  // Once every kernel has ended and the host has nothing left to submit, only the front end's
  // idle ticks are left: a limit among them stopped nothing.
  if (at_limit && !work_remains() && !(host_work_ && host_work_())) stop = EngineStop::none;
  state_.close_intervals(slot_time_end(stop));
  RunOutcome outcome;
  outcome.errors = processor_.errors();
  // A queue error stops only its queue, so the run went on: a limit it then reached, or a
  // deadlock of the other queues, is reported beside the error (a limit's status first).
  if (stop == EngineStop::time_limit || stop == EngineStop::event_limit ||
      stop == EngineStop::checkpoint) {
    outcome.status = RunStatus::limit;
    if (stop == EngineStop::time_limit) {
      outcome.limit = fmt::format("simulated time would pass the limit of {} us at {} us",
                                  to_us(engine_.time_limit()), to_us(engine_.next_time()));
    } else if (stop == EngineStop::event_limit) {
      outcome.limit = fmt::format("the limit of {} events was reached at {} us",
                                  engine_.events_processed(), to_us(engine_.now()));
    }
    outcome.blocked = diagnose();
    for (const KernelState& k : dispatcher_.kernels()) {
      if (!k.finished())
        outcome.unfinished.emplace_back(state_.queues.at(k.queue)->name(), k.packet_index);
    }
  } else if (work_remains()) {
    outcome.status = outcome.errors.empty() ? RunStatus::deadlock : RunStatus::queue_error;
    outcome.blocked = diagnose();
    for (const KernelState& k : dispatcher_.kernels()) {
      if (k.held && !k.finished())
        outcome.held.emplace_back(state_.queues.at(k.queue)->name(), k.packet_index);
    }
    if (kernel_control_ && kernel_control_->livelocked()) {
      const KernelState& k = dispatcher_.kernels()[*kernel_control_->livelocked()];
      outcome.livelock = fmt::format(
          "the kernel of queue '{}', packet {} was evicted {} times in a row without "
          "progress: no work-group finished or advanced (under kill a time slice shorter than "
          "its work-groups, under context-save one shorter than a context restore, never makes "
          "progress)",
          state_.queues.at(k.queue)->name(), k.packet_index, KernelControl::kFruitlessEvictions);
    }
    if (processor_.livelocked()) {
      const FrontEndSpec& fe = device_.front_end;
      outcome.livelock = fmt::format(
          "unmapping undid a packet's processing or a barrier's dependency reads {} times in a "
          "row (the last of queue '{}') without a packet retiring: the quantum ({} us) is not "
          "longer than unmapping a queue, mapping the next and processing its head "
          "(unmap_latency + map_latency + packet_latency = {} us; a barrier polled for its "
          "dependencies takes two packet_latency)",
          PacketProcessor::kFruitlessCancellations,
          state_.queues.at(*processor_.livelocked())->name(), to_us(fe.quantum),
          to_us(fe.unmap_latency + fe.map_latency + fe.packet_latency));
    }
  }
  return outcome;
}

bool Gpu::work_remains() const {
  if (dispatcher_.has_unfinished()) return true;
  for (const auto& queue : state_.queues) {
    if (queue->has_pending()) return true;
  }
  return false;
}

std::vector<BlockedQueue> Gpu::diagnose() const {
  std::vector<BlockedQueue> blocked;
  for (const auto& queue : state_.queues) {
    // A queue in its error state is reported by its error.
    if (!queue->has_pending() || state_.runtime[queue->id()].failed) continue;
    BlockedQueue b;
    b.queue = queue->name();
    b.packet_index = queue->read_index();
    b.packet_type = packet_type_name(queue->head().header().type);
    b.mapped = state_.runtime[queue->id()].slot.has_value();
    b.wait = processor_.head_wait(queue->id());
    for (const hsa_signal_t s : b.wait.signals) {
      b.signal_values.emplace_back(signals_.name(s), signals_.load(s));
    }
    blocked.push_back(std::move(b));
  }
  return blocked;
}

const char* run_status_name(RunStatus status) {
  switch (status) {
    case RunStatus::completed:
      return "completed";
    case RunStatus::deadlock:
      return "deadlock";
    case RunStatus::queue_error:
      return "queue_error";
    case RunStatus::stopped:
      return "stopped";
    case RunStatus::limit:
      return "limit";
  }
  return "?";
}

std::optional<RunStatus> run_status_named(std::string_view name) {
  for (const RunStatus s : {RunStatus::completed, RunStatus::deadlock, RunStatus::queue_error,
                            RunStatus::stopped, RunStatus::limit}) {
    if (name == run_status_name(s)) return s;
  }
  return std::nullopt;
}

}  // namespace aqlsim
