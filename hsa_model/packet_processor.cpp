#include "hsa_model/packet_processor.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "hsa_model/occupancy.hpp"
#include "hsa_model/random_stream.hpp"

namespace aqlsim {
namespace {

std::uint64_t pack(SlotIndex slot, std::uint64_t generation) {
  return (generation << 16) | slot;
}

}  // namespace

PacketProcessor::PacketProcessor(Engine& engine, const DeviceSpec& device, FrontEndState& state,
                                 SignalTable& signals, Dispatcher& dispatcher,
                                 const std::vector<KernelProfile>& profiles,
                                 const Observers& observers)
    : engine_(&engine),
      device_(&device),
      state_(&state),
      signals_(&signals),
      dispatcher_(&dispatcher),
      profiles_(&profiles),
      observers_(&observers),
      dispatch_info_([](QueueId q, std::uint64_t i) {
        return DispatchInfo{.stream_key = mix64((std::uint64_t{q} << 40) ^ i),
                            .isolated_runtime = 0};
      }) {}

void PacketProcessor::start_slot(SlotIndex slot) {
  state_->set_activity(slot, SlotActivity::starved, engine_->now());
  advance(slot);
}

void PacketProcessor::stop_slot(SlotIndex slot) {
  HardwareSlot& s = state_->slots[slot];
  ++s.generation;
  state_->runtime[*s.queue].head_processed = false;
}

void PacketProcessor::request_wake() {
  if (wake_pending_) return;
  wake_pending_ = true;
  engine_->schedule_at(engine_->now(), wake_event_);
}

void PacketProcessor::wake(std::uint64_t) {
  wake_pending_ = false;
  for (SlotIndex slot = 0; slot < state_->slots.size(); ++slot) {
    const SlotActivity a = state_->slots[slot].activity;
    if (a == SlotActivity::blocked || a == SlotActivity::starved) advance(slot);
  }
}

void PacketProcessor::on_kernel_completed(const KernelState& kernel) {
  // Copy what is needed: launching another kernel may move the kernel table.
  const QueueId queue = kernel.queue;
  const hsa_signal_t signal = kernel.completion_signal;
  --state_->runtime[queue].in_flight;
  last_progress_ = engine_->now();
  if (signal.handle != 0) signals_->subtract(signal, 1);
  request_wake();
}

void PacketProcessor::advance(SlotIndex slot) {
  while (true) {
    HardwareSlot& s = state_->slots[slot];
    if (!s.queue || s.activity == SlotActivity::switching) return;
    UserQueue& queue = *state_->queues[*s.queue];
    QueueRuntime& rt = state_->runtime[*s.queue];
    const Tick now = engine_->now();
    if (rt.failed) return state_->set_activity(slot, SlotActivity::blocked, now);
    if (!queue.has_pending()) return state_->set_activity(slot, SlotActivity::starved, now);
    if (!rt.head_processed) {
      if (s.activity == SlotActivity::processing) return;
      state_->set_activity(slot, SlotActivity::processing, now, /*split=*/true);
      engine_->schedule_after(device_->front_end.packet_latency, processed_event_,
                              pack(slot, s.generation));
      return;
    }
    const HeadOutcome outcome = execute_head(queue);
    if (outcome == HeadOutcome::waiting) {
      return state_->set_activity(slot, SlotActivity::blocked, now);
    }
    if (outcome == HeadOutcome::failed) return;
    rt.head_processed = false;
  }
}

void PacketProcessor::processing_done(std::uint64_t payload) {
  const auto slot = static_cast<SlotIndex>(payload & 0xFFFF);
  HardwareSlot& s = state_->slots[slot];
  if ((payload >> 16) != s.generation) return;  // the queue was unmapped meanwhile
  state_->runtime[*s.queue].head_processed = true;
  // Processing has ended; what the slot does next is decided by advance().
  state_->set_activity(slot, SlotActivity::blocked, engine_->now());
  advance(slot);
}

PacketProcessor::HeadOutcome PacketProcessor::execute_head(UserQueue& queue) {
  const PacketHeader header = queue.head().header();
  if (header.type == HSA_PACKET_TYPE_INVALID) {
    return fail(queue, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
                "the packet header is INVALID: it was not published before the doorbell");
  }
  if (!is_supported_packet_type(header.type)) {
    return fail(
        queue, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
        fmt::format("unsupported packet type {} ({})", header.type, packet_type_name(header.type)));
  }
  if (header.barrier && state_->runtime[queue.id()].in_flight > 0) return HeadOutcome::waiting;
  if (header.type == HSA_PACKET_TYPE_KERNEL_DISPATCH) return execute_dispatch(queue);
  return execute_barrier(queue, header.type == HSA_PACKET_TYPE_BARRIER_OR);
}

PacketProcessor::HeadOutcome PacketProcessor::execute_dispatch(UserQueue& queue) {
  const auto packet = queue.head().as<hsa_kernel_dispatch_packet_t>();
  if (packet.kernel_object == 0 || packet.kernel_object > profiles_->size()) {
    return fail(queue, HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
                fmt::format("kernel_object {} names no registered kernel", packet.kernel_object));
  }
  const std::uint64_t workgroups = workgroup_count(packet);
  if (workgroups == 0) {
    return fail(queue, HSA_STATUS_ERROR_INVALID_ARGUMENT, "the grid or work-group size is 0");
  }
  if (packet.completion_signal.handle != 0 && !signals_->valid(packet.completion_signal)) {
    return fail(queue, HSA_STATUS_ERROR_INVALID_SIGNAL, "invalid completion signal");
  }
  const std::uint32_t profile = static_cast<std::uint32_t>(packet.kernel_object - 1);
  const KernelProfile& kernel = (*profiles_)[profile];
  const WorkgroupDemand demand =
      workgroup_demand(*device_, workitems_per_workgroup(packet), kernel.vgprs, kernel.sgprs,
                       packet.group_segment_size);
  const DispatchInfo info = dispatch_info_(queue.id(), queue.read_index());
  DurationParams duration = kernel.duration;
  if (kernel.persistent_overhead != 1.0) {
    duration.mean = std::llround(static_cast<double>(duration.mean) * kernel.persistent_overhead);
  }
  const KernelLaunch launch{
      .profile = profile,
      .queue = queue.id(),
      .packet_index = queue.read_index(),
      .stream_key = info.stream_key,
      .isolated_runtime = info.isolated_runtime,
      .completion_signal = packet.completion_signal,
      .demand = demand,
      .occupancy = occupancy(device_->cu, demand),
      .duration = duration,
      .workgroups = workgroups,
      .arrival = queue.submit_time(queue.read_index()),
      .persistent_workers_per_cu = kernel.persistent_workers_per_cu,
      .cu_mask = queue.cu_mask(),
  };
  if (launch.occupancy.max_residency == 0) {
    return fail(queue, HSA_STATUS_ERROR_OUT_OF_RESOURCES,
                fmt::format("a work-group of kernel '{}' fits on no compute unit ({} exceeded)",
                            kernel.name, launch.occupancy.limiter));
  }
  if (!dispatcher_->has_capacity()) return HeadOutcome::waiting;
  ++state_->runtime[queue.id()].in_flight;
  retire_head(queue);
  dispatcher_->launch(launch);
  return HeadOutcome::retired;
}

bool PacketProcessor::barrier_satisfied(const AqlPacket& packet, bool any) const {
  const auto barrier = packet.as<hsa_barrier_and_packet_t>();
  bool any_zero = false;
  bool all_zero = true;
  bool has_dependency = false;
  for (const hsa_signal_t dep : barrier.dep_signal) {
    if (dep.handle == 0) continue;
    // An invalid handle makes the packet "ready" so that processing reports it.
    if (!signals_->valid(dep)) return true;
    has_dependency = true;
    const bool zero = signals_->load(dep) == 0;
    any_zero = any_zero || zero;
    all_zero = all_zero && zero;
  }
  if (!has_dependency) return true;
  return any ? any_zero : all_zero;
}

PacketProcessor::HeadOutcome PacketProcessor::execute_barrier(UserQueue& queue, bool any) {
  const auto barrier = queue.head().as<hsa_barrier_and_packet_t>();
  for (const hsa_signal_t dep : barrier.dep_signal) {
    if (dep.handle != 0 && !signals_->valid(dep)) {
      return fail(queue, HSA_STATUS_ERROR_INVALID_SIGNAL,
                  fmt::format("dependency signal handle {} does not exist", dep.handle));
    }
  }
  if (barrier.completion_signal.handle != 0 && !signals_->valid(barrier.completion_signal)) {
    return fail(queue, HSA_STATUS_ERROR_INVALID_SIGNAL, "invalid completion signal");
  }
  if (!barrier_satisfied(queue.head(), any)) return HeadOutcome::waiting;
  retire_head(queue);
  if (barrier.completion_signal.handle != 0) signals_->subtract(barrier.completion_signal, 1);
  return HeadOutcome::retired;
}

void PacketProcessor::retire_head(UserQueue& queue) {
  const std::uint64_t index = queue.read_index();
  const PacketHeader header = queue.head().header();
  queue.advance_read_index();
  last_progress_ = engine_->now();
  if (!observers_->empty()) {
    observers_->notify(&ModelObserver::on_packet_retired, queue, index, header, last_progress_);
  }
  if (on_read_) on_read_(queue.id());
}

PacketProcessor::HeadOutcome PacketProcessor::fail(UserQueue& queue, hsa_status_t status,
                                                   std::string message) {
  state_->runtime[queue.id()].failed = true;
  QueueError error{queue.id(), queue.name(),       queue.read_index(),
                   status,     std::move(message), engine_->now()};
  if (!observers_->empty()) observers_->notify(&ModelObserver::on_queue_error, error);
  errors_.push_back(std::move(error));
  engine_->stop();
  return HeadOutcome::failed;
}

bool PacketProcessor::head_ready(QueueId id) const {
  const UserQueue& queue = *state_->queues[id];
  const QueueRuntime& rt = state_->runtime[id];
  if (rt.failed || !queue.has_pending()) return false;
  const PacketHeader header = queue.head().header();
  if (header.barrier && rt.in_flight > 0) return false;
  if (header.type == HSA_PACKET_TYPE_BARRIER_AND || header.type == HSA_PACKET_TYPE_BARRIER_OR) {
    return barrier_satisfied(queue.head(), header.type == HSA_PACKET_TYPE_BARRIER_OR);
  }
  return true;  // a dispatch, or an invalid packet that will be reported when processed
}

HeadWait PacketProcessor::head_wait(QueueId id) const {
  const UserQueue& queue = *state_->queues[id];
  HeadWait wait;
  if (!queue.has_pending()) return wait;
  const PacketHeader header = queue.head().header();
  wait.barrier_bit = header.barrier && state_->runtime[id].in_flight > 0;
  if (header.type == HSA_PACKET_TYPE_KERNEL_DISPATCH) {
    wait.dispatcher_full = !dispatcher_->has_capacity();
  } else if (header.type == HSA_PACKET_TYPE_BARRIER_AND ||
             header.type == HSA_PACKET_TYPE_BARRIER_OR) {
    wait.any = header.type == HSA_PACKET_TYPE_BARRIER_OR;
    for (const hsa_signal_t dep : queue.head().as<hsa_barrier_and_packet_t>().dep_signal) {
      if (dep.handle != 0 && signals_->valid(dep) && signals_->load(dep) != 0) {
        wait.signals.push_back(dep);
      }
    }
  }
  return wait;
}

}  // namespace aqlsim
