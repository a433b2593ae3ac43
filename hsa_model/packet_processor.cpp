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

// The first time at or after `now` on the grid origin + k * period.
Tick next_on_grid(Tick origin, Tick now, Tick period) {
  if (period == 0 || now <= origin) return std::max(origin, now);
  return origin + (now - origin + period - 1) / period * period;
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
  const Tick now = engine_->now();
  state_->set_activity(slot, SlotActivity::starved, now);
  // gem5: the previous queue's barrier poll is still due on its grid, whatever this queue holds.
  const HardwareSlot& s = state_->slots[slot];
  if (s.poll_origin != kNever) {
    schedule_processing(slot, next_on_grid(s.poll_origin, now, device_->front_end.packet_latency));
  }
  advance(slot);
}

void PacketProcessor::stop_slot(SlotIndex slot) {
  HardwareSlot& s = state_->slots[slot];
  QueueRuntime& rt = state_->runtime[*s.queue];
  rt.head_processed = false;
  // Dependency reads are discarded with the mapping (gem5's removeQCntxt does too). Reads that
  // saw every dependency at zero would have retired the barrier at its next poll: losing them
  // undoes progress, as cancelling a packet's processing does (gem5 leaves the slot's
  // processing event scheduled, so it cancels nothing else).
  const bool gem5 = device_->front_end.gem5();
  const std::uint8_t wanted = rt.dep_reads_issued ? dependency_mask(*state_->queues[*s.queue]) : 0;
  const bool ready_reads_lost = wanted != 0 && (rt.deps_seen_zero & wanted) == wanted;
  rt.dep_reads_issued = false;
  rt.deps_seen_zero = 0;
  const bool undoes_progress =
      ready_reads_lost || (!gem5 && s.activity == SlotActivity::processing);
  if (undoes_progress && ++cancelled_since_retire_ >= kFruitlessCancellations) {
    livelocked_ = *s.queue;
    engine_->stop();
  }
  if (gem5) return;
  ++s.generation;
  s.event_pending = false;
  s.poll_origin = kNever;
}

void PacketProcessor::on_doorbell(QueueId queue) {
  // gem5 schedules processing for the new packets; a set barrier bit makes it a dummy wake-up.
  const QueueRuntime& rt = state_->runtime[queue];
  if (rt.barrier_bit && rt.slot) hold_back(*rt.slot);
  request_wake();
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
  QueueRuntime& rt = state_->runtime[queue];
  --rt.in_flight;
  if (rt.in_flight == 0) rt.barrier_bit = false;  // gem5's finishPkt: the last one clears it
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
    if (rt.failed || rt.barrier_bit) return state_->set_activity(slot, SlotActivity::blocked, now);
    if (!queue.has_pending()) return state_->set_activity(slot, SlotActivity::starved, now);
    // Rung before it was written: its processing starts once the host publishes it.
    if (awaits_publication(queue)) {
      rt.head_processed = false;
      return state_->set_activity(slot, SlotActivity::blocked, now);
    }
    if (!rt.head_processed) return begin_processing(slot);
    const HeadOutcome outcome = execute_head(queue);
    if (outcome != HeadOutcome::retired) return after_head(slot, outcome);
    rt.head_processed = false;
    // gem5: behind a dispatched barrier-bit kernel the next packet's wake-up is a dummy.
    if (rt.barrier_bit && queue.has_pending()) hold_back(slot);
  }
}

// Pays the head packet's latency, unless an event already due will process it (under gem5 an
// event outlives a swap, and a barrier-bit dummy wake-up processes a packet released before it).
void PacketProcessor::begin_processing(SlotIndex slot) {
  HardwareSlot& s = state_->slots[slot];
  if (s.event_pending) return;
  const Tick now = engine_->now();
  if (fetch_limited(state_->runtime[*s.queue])) {
    return state_->set_activity(slot, SlotActivity::blocked, now);
  }
  const Tick delay = device_->front_end.packet_latency;
  // A barrier poll skipped while nothing it reads could change is due on its own grid.
  if (s.poll_origin != kNever)
    return schedule_processing(slot, next_on_grid(s.poll_origin, now, delay));
  state_->set_activity(slot, SlotActivity::processing, now, /*split=*/true);
  schedule_processing(slot, now + delay);
}

void PacketProcessor::schedule_processing(SlotIndex slot, Tick at) {
  HardwareSlot& s = state_->slots[slot];
  s.event_pending = true;
  s.poll_origin = kNever;
  engine_->schedule_at(at, processed_event_, pack(slot, s.generation));
}

// gem5's dummy wake-up one packet delay from now (hsa_packet_processor.cc:427-480): it only
// models processing time while the barrier bit is set, but processes a packet released before.
void PacketProcessor::hold_back(SlotIndex slot) {
  const HardwareSlot& s = state_->slots[slot];
  if (s.event_pending || s.activity == SlotActivity::switching) return;
  schedule_processing(slot, engine_->now() + device_->front_end.packet_latency);
}

void PacketProcessor::after_head(SlotIndex slot, HeadOutcome outcome) {
  if (outcome == HeadOutcome::failed) return;
  HardwareSlot& s = state_->slots[slot];
  QueueRuntime& rt = state_->runtime[*s.queue];
  const Tick now = engine_->now();
  state_->set_activity(slot, SlotActivity::blocked, now);
  if (outcome == HeadOutcome::waiting) return;
  rt.head_processed = false;  // held and polled packets are processed again
  if (outcome == HeadOutcome::held) return hold_back(slot);
  if (outcome == HeadOutcome::reading) {
    return schedule_processing(slot, now + device_->front_end.packet_latency);
  }
  s.poll_origin = now;
}

void PacketProcessor::processing_done(std::uint64_t payload) {
  const auto slot = static_cast<SlotIndex>(payload & 0xFFFF);
  HardwareSlot& s = state_->slots[slot];
  if ((payload >> 16) != s.generation) return;  // the queue was unmapped meanwhile
  s.event_pending = false;
  // gem5 only: an event that outlived its queue may find the slot being remapped, and a dummy
  // wake-up while the barrier bit is set does nothing.
  if (!s.queue || s.activity == SlotActivity::switching) return;
  QueueRuntime& rt = state_->runtime[*s.queue];
  if (rt.barrier_bit) return;
  // A head rung before it was written has not been processed: its processing starts once it is
  // published (a dummy wake-up or an event that outlived a swap must not count as that).
  const UserQueue& queue = *state_->queues[*s.queue];
  if (queue.has_pending() && !awaits_publication(queue)) rt.head_processed = true;
  // Processing has ended; what the slot does next is decided by advance().
  state_->set_activity(slot, SlotActivity::blocked, engine_->now());
  advance(slot);
}

// HSA: "a packet processor must not process a packet of this type": it waits for the header.
// gem5 copies the ring when the doorbell rings and never processes an INVALID copy nor fetches it
// again (dispPending), so its queue stops for good without a word: processed here, to be
// reported as the queue's error.
bool PacketProcessor::awaits_publication(const UserQueue& queue) const {
  return !device_->front_end.gem5() && queue.head().header().type == HSA_PACKET_TYPE_INVALID;
}

bool PacketProcessor::fetch_limited(const QueueRuntime& rt) const {
  const std::uint32_t limit = device_->front_end.max_unfinished_per_queue;
  return limit != 0 && rt.in_flight >= limit;
}

PacketProcessor::HeadBlock PacketProcessor::head_block(const UserQueue& queue) const {
  const QueueRuntime& rt = state_->runtime[queue.id()];
  const PacketHeader header = queue.head().header();
  if (awaits_publication(queue)) return HeadBlock::unpublished;
  if (rt.barrier_bit || (header.barrier && rt.in_flight > 0)) return HeadBlock::barrier_bit;
  const bool any = header.type == HSA_PACKET_TYPE_BARRIER_OR;
  if ((any || header.type == HSA_PACKET_TYPE_BARRIER_AND) &&
      !barrier_satisfied(queue.head(), any)) {
    return HeadBlock::dependencies;
  }
  return HeadBlock::none;  // a dispatch, or an unsupported packet reported when processed
}

PacketProcessor::HeadOutcome PacketProcessor::execute_head(UserQueue& queue) {
  const PacketHeader header = queue.head().header();
  if (header.type == HSA_PACKET_TYPE_INVALID) {  // only under gem5 (awaits_publication)
    return fail(queue, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
                "the packet header is INVALID (rung before it was written): gem5 never processes "
                "the copy it fetched, and the queue stops for good without an error");
  }
  // gem5 (submitVendorPkt) retires a vendor-specific packet as a no-op.
  const bool vendor_no_op =
      header.type == HSA_PACKET_TYPE_VENDOR_SPECIFIC && device_->front_end.gem5();
  if (!is_supported_packet_type(header.type) && !vendor_no_op) {
    return fail(
        queue, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
        fmt::format("unsupported packet type {} ({})", header.type, packet_type_name(header.type)));
  }
  const bool any = header.type == HSA_PACKET_TYPE_BARRIER_OR;
  if (any && device_->front_end.gem5()) {
    return fail(queue, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
                "gem5 does not support barrier-OR packets (its packet processor calls fatal)");
  }
  const HeadBlock block = head_block(queue);
  if (block == HeadBlock::barrier_bit) {
    // hsa: the processed packet runs as soon as the earlier ones complete. gem5
    // (hsa_packet_processor.cc:296-305): it sets the barrier bit and is processed again.
    if (!device_->front_end.gem5_barrier_timing()) return HeadOutcome::waiting;
    state_->runtime[queue.id()].barrier_bit = true;
    return HeadOutcome::held;
  }
  if (vendor_no_op) {
    retire_head(queue);
    return HeadOutcome::retired;
  }
  if (header.type == HSA_PACKET_TYPE_KERNEL_DISPATCH) return execute_dispatch(queue);
  return execute_barrier(queue, any, block == HeadBlock::none);
}

PacketProcessor::HeadOutcome PacketProcessor::execute_dispatch(UserQueue& queue) {
  const auto packet = queue.head().as<hsa_kernel_dispatch_packet_t>();
  if (packet.kernel_object == 0 || packet.kernel_object > profiles_->size()) {
    return fail(queue, HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
                fmt::format("kernel_object {} names no registered kernel", packet.kernel_object));
  }
  const unsigned dimensions =
      packet.setup & ((1U << HSA_KERNEL_DISPATCH_PACKET_SETUP_WIDTH_DIMENSIONS) - 1);
  if (dimensions == 0) {
    return fail(queue, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
                "the packet's setup gives 0 dimensions (1 to 3 expected)");
  }
  if ((dimensions < 2 && (packet.workgroup_size_y != 1 || packet.grid_size_y != 1)) ||
      (dimensions < 3 && (packet.workgroup_size_z != 1 || packet.grid_size_z != 1))) {
    return fail(queue, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
                fmt::format("a {}-dimensional packet's unused dimensions must be 1 (work-group "
                            "{} x {} x {}, grid {} x {} x {})",
                            dimensions, packet.workgroup_size_x, packet.workgroup_size_y,
                            packet.workgroup_size_z, packet.grid_size_x, packet.grid_size_y,
                            packet.grid_size_z));
  }
  const std::uint64_t workgroups = workgroup_count(packet);
  if (workgroups == 0) {
    return fail(queue, HSA_STATUS_ERROR_INVALID_ARGUMENT, "the grid or work-group size is 0");
  }
  if (workgroups == kTooManyWorkgroups) {
    return fail(
        queue, HSA_STATUS_ERROR_INVALID_ARGUMENT,
        fmt::format("the grid holds 2^64 - 1 work-groups or more (work-group {} x {} x "
                    "{}, grid {} x {} x {})",
                    packet.workgroup_size_x, packet.workgroup_size_y, packet.workgroup_size_z,
                    packet.grid_size_x, packet.grid_size_y, packet.grid_size_z));
  }
  if (packet.completion_signal.handle != 0 && !signals_->valid(packet.completion_signal)) {
    return fail(queue, HSA_STATUS_ERROR_INVALID_SIGNAL, "invalid completion signal");
  }
  const std::uint32_t profile = static_cast<std::uint32_t>(packet.kernel_object - 1);
  const KernelProfile& kernel = (*profiles_)[profile];
  const std::uint64_t workitems = workitems_per_workgroup(packet);
  const ComputeUnitSpec& cu = device_->cu;
  const std::uint64_t cu_workitems =
      std::uint64_t{cu.simds} * cu.waves_per_simd * device_->wave_size;
  if (workitems > cu_workitems) {
    return fail(queue, HSA_STATUS_ERROR_OUT_OF_RESOURCES,
                fmt::format("a work-group of {} work-items fits on no compute unit (at most {})",
                            workitems, cu_workitems));
  }
  const WorkgroupDemand demand =
      workgroup_demand(*device_, static_cast<std::uint32_t>(workitems), kernel.vgprs, kernel.sgprs,
                       packet.group_segment_size);
  const DispatchInfo info = dispatch_info_(queue.id(), queue.read_index());
  const DurationParams duration = kernel.launched_duration();
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
  QueueRuntime& rt = state_->runtime[queue.id()];
  ++rt.in_flight;
  // gem5 (hsa_packet_processor.cc:318-327): a barrier-bit kernel holds back later packets.
  rt.barrier_bit = queue.head().header().barrier && device_->front_end.gem5_barrier_timing();
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
  // hsa.h: a null handle is a dependency satisfied for barrier-AND, not satisfied for
  // barrier-OR, so a barrier-OR over none never completes.
  if (!has_dependency) return !any;
  return any ? any_zero : all_zero;
}

PacketProcessor::HeadOutcome PacketProcessor::execute_barrier(UserQueue& queue, bool any,
                                                              bool satisfied) {
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
  if (!any && device_->front_end.polls_barriers()) {
    const HeadOutcome polled = poll_dependencies(queue);
    if (polled != HeadOutcome::retired) return polled;
  } else if (!satisfied) {
    return HeadOutcome::waiting;
  }
  retire_head(queue);
  if (barrier.completion_signal.handle != 0) signals_->subtract(barrier.completion_signal, 1);
  return HeadOutcome::retired;
}

// gem5 (hsa_packet_processor.cc:328-408): a poll checks the values the previous poll read by
// DMA and reads again those not yet seen at zero, so the first poll only reads.
std::uint8_t PacketProcessor::dependency_mask(const UserQueue& queue) {
  const auto barrier = queue.head().as<hsa_barrier_and_packet_t>();
  std::uint8_t wanted = 0;
  for (std::size_t i = 0; i < std::size(barrier.dep_signal); ++i) {
    if (barrier.dep_signal[i].handle != 0) wanted |= static_cast<std::uint8_t>(1U << i);
  }
  return wanted;
}

PacketProcessor::HeadOutcome PacketProcessor::poll_dependencies(UserQueue& queue) {
  QueueRuntime& rt = state_->runtime[queue.id()];
  const auto barrier = queue.head().as<hsa_barrier_and_packet_t>();
  const std::uint8_t wanted = dependency_mask(queue);
  std::uint8_t zero = 0;
  for (std::size_t i = 0; i < std::size(barrier.dep_signal); ++i) {
    if ((wanted >> i & 1U) != 0 && signals_->load(barrier.dep_signal[i]) == 0)
      zero |= static_cast<std::uint8_t>(1U << i);
  }
  const bool ready = wanted == 0 || (rt.dep_reads_issued && (rt.deps_seen_zero & wanted) == wanted);
  if (ready) {
    rt.dep_reads_issued = false;
    rt.deps_seen_zero = 0;
    return HeadOutcome::retired;
  }
  rt.dep_reads_issued = true;
  rt.deps_seen_zero |= zero;
  return (rt.deps_seen_zero & wanted) == wanted ? HeadOutcome::reading : HeadOutcome::polling;
}

void PacketProcessor::retire_head(UserQueue& queue) {
  const std::uint64_t index = queue.read_index();
  const PacketHeader header = queue.head().header();
  queue.advance_read_index();
  last_progress_ = engine_->now();
  cancelled_since_retire_ = 0;
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
  // Only this queue stops, as HSA puts one queue in its error state: the others run on.
  return HeadOutcome::failed;
}

bool PacketProcessor::head_ready(QueueId id) const {
  const UserQueue& queue = *state_->queues[id];
  const QueueRuntime& rt = state_->runtime[id];
  // A queue at max_unfinished_per_queue cannot even fetch its head until one of its kernels
  // ends, as one whose head waits on the barrier bit: counted ready, it kept its slot (blocked)
  // while a queue that could run waited.
  if (rt.failed || !queue.has_pending() || fetch_limited(rt)) return false;
  return head_block(queue) == HeadBlock::none;
}

HeadWait PacketProcessor::head_wait(QueueId id) const {
  const UserQueue& queue = *state_->queues[id];
  HeadWait wait;
  if (!queue.has_pending()) return wait;
  const PacketHeader header = queue.head().header();
  const HeadBlock block = head_block(queue);
  wait.barrier_bit = block == HeadBlock::barrier_bit;
  wait.unpublished = block == HeadBlock::unpublished;
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
