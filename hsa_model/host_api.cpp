#include "hsa_model/host_api.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace aqlsim::hsa {
namespace {

bool satisfies(std::int64_t value, hsa_signal_condition_t condition, std::int64_t compare) {
  switch (condition) {
    case HSA_SIGNAL_CONDITION_EQ:
      return value == compare;
    case HSA_SIGNAL_CONDITION_NE:
      return value != compare;
    case HSA_SIGNAL_CONDITION_LT:
      return value < compare;
    case HSA_SIGNAL_CONDITION_GTE:
      return value >= compare;
  }
  return false;
}

}  // namespace

void Queue::cu_set_mask(std::uint32_t cu_count, std::span<const std::uint32_t> mask) {
  if (cu_count % 32 != 0) {
    throw std::invalid_argument(
        fmt::format("a CU mask's bit count must be a multiple of 32, found {}", cu_count));
  }
  if (mask.size() < cu_count / 32) {
    throw std::invalid_argument(fmt::format("a CU mask of {} bits needs {} words, found {}",
                                            cu_count, cu_count / 32, mask.size()));
  }
  if (cu_count == 0) return queue_->set_cu_mask({});  // as ROCm: every CU enabled again
  const std::uint32_t cus = runtime_->gpu().device().compute_units;
  std::vector<std::uint8_t> enabled(cus, 0);
  bool any = false;
  for (std::uint32_t cu = 0; cu < std::min(cu_count, cus); ++cu) {
    enabled[cu] = static_cast<std::uint8_t>((mask[cu / 32] >> (cu % 32)) & 1u);
    any = any || enabled[cu] != 0;
  }
  if (!any) throw std::invalid_argument("the CU mask enables no CU of the device");
  queue_->set_cu_mask(std::move(enabled));
}

void Queue::write(std::uint64_t index, const AqlPacket& packet) {
  write(index, packet, queue_->priority());
}

void Queue::write(std::uint64_t index, const AqlPacket& packet, std::uint32_t packet_priority) {
  if (index < queue_->read_index()) {
    throw std::logic_error(fmt::format("queue {}: index {} has been consumed (read index {})",
                                       queue_->name(), index, queue_->read_index()));
  }
  if (index >= queue_->write_index()) {
    throw std::logic_error(fmt::format("queue {}: index {} has not been reserved (write index {})",
                                       queue_->name(), index, queue_->write_index()));
  }
  if (!queue_->slot_free(index)) {
    throw std::logic_error(fmt::format("queue {}: index {} is still in use (read index {})",
                                       queue_->name(), index, queue_->read_index()));
  }
  // A published packet belongs to the packet processor until it consumes it (and marks the
  // slot INVALID again): writing over it would drop it, and its completion signal with it.
  if (queue_->slot(index).header().type != HSA_PACKET_TYPE_INVALID) {
    throw std::logic_error(fmt::format(
        "queue {}: index {} holds a packet already published and not yet consumed (read index {})",
        queue_->name(), index, queue_->read_index()));
  }
  runtime_->gpu().publish(id(), index, packet, packet_priority);
}

void Queue::ring_doorbell(std::uint64_t index) {
  if (index >= queue_->write_index()) {
    throw std::logic_error(fmt::format("queue {}: index {} has not been reserved (write index {})",
                                       queue_->name(), index, queue_->write_index()));
  }
  runtime_->gpu().ring_doorbell(id(), index);
}

Runtime::Runtime(DeviceSpec device, std::unique_ptr<QueueMappingPolicy> mapping,
                 std::unique_ptr<ThreadBlockScheduler> scheduler, std::uint64_t seed)
    : gpu_(std::move(device), std::move(mapping), std::move(scheduler), seed) {}

Queue& Runtime::queue_create(std::uint32_t size, std::uint32_t priority, std::string name) {
  if (!is_power_of_two(size)) {
    throw std::invalid_argument(fmt::format("queue size {} is not a power of two", size));
  }
  if (size > kMaxQueueSize) {
    throw std::invalid_argument(
        fmt::format("queue size {} is over the largest, {} packets", size, kMaxQueueSize));
  }
  if (name.empty()) name = fmt::format("queue{}", gpu_.queue_count());
  UserQueue& queue = gpu_.create_queue(std::move(name), size, priority);
  queues_.push_back(std::unique_ptr<Queue>(new Queue(*this, queue)));
  return *queues_.back();
}

hsa_signal_t Runtime::signal_create(std::int64_t initial, std::string name) {
  return gpu_.signals().create(initial, std::move(name));
}

void Runtime::check_signal(hsa_signal_t signal) const {
  if (!gpu_.signals().valid(signal)) {
    throw std::invalid_argument(
        fmt::format("signal handle {} names no signal of this runtime", signal.handle));
  }
}

std::int64_t Runtime::signal_load(hsa_signal_t signal) const {
  check_signal(signal);
  return gpu_.signals().load(signal);
}

void Runtime::signal_store(hsa_signal_t signal, std::int64_t value) {
  check_signal(signal);
  gpu_.store_signal(signal, value);
}

std::int64_t Runtime::signal_wait(hsa_signal_t signal, hsa_signal_condition_t condition,
                                  std::int64_t compare) {
  check_signal(signal);
  SignalTable& signals = gpu_.signals();
  run_until([&] { return satisfies(signals.load(signal), condition, compare); }, "a signal");
  return signals.load(signal);
}

void Runtime::wait_for_space(Queue& queue, std::uint64_t index) {
  check_queue(queue);
  UserQueue& q = gpu_.queue(queue.id());
  // The read index never passes the write index, and no other producer runs while this host
  // waits.
  if (index >= q.write_index() + q.size()) {
    throw std::invalid_argument(fmt::format(
        "queue {}: index {} can never be free: the ring holds {} packets and the write index is {}",
        q.name(), index, q.size(), q.write_index()));
  }
  run_until([&] { return q.slot_free(index); }, "free space in a queue");
}

void Runtime::check_queue(const Queue& queue) const {
  if (queue.runtime_ != this) {
    throw std::invalid_argument(
        fmt::format("queue {} belongs to another runtime", queue.queue_->name()));
  }
}

std::uint64_t Runtime::submit(Queue& queue, const AqlPacket& packet) {
  // The wait comes first: one that throws must not leave an index reserved and never written,
  // at which the queue would wait for good. (No other producer runs while this host waits.)
  wait_for_space(queue, queue.load_write_index());
  const std::uint64_t index = queue.add_write_index(1);
  queue.write(index, packet);
  queue.ring_doorbell(index);
  return index;
}

RunOutcome Runtime::run() {
  RunOutcome outcome = gpu_.run();
  // A packet written and never rung is the classic HSA mistake: a plain `completed` would hide
  // it, and a deadlock's report (of the queues blocked on what it would have done) misplace it.
  if (outcome.status == RunStatus::completed || outcome.status == RunStatus::deadlock) {
    if (!unrung_indices().empty()) {
      std::string message = stop_message(outcome, "");  // before the outcome is moved
      throw SimulationError(message, std::move(outcome));
    }
  }
  return outcome;
}

std::string Runtime::unrung_indices() const {
  std::string unrung;  // what the model, having run all it was given, was not given
  for (QueueId q = 0; q < gpu_.queue_count(); ++q) {
    const UserQueue& queue = gpu_.queue(q);
    if (queue.write_index() > queue.doorbell_end()) {
      unrung += fmt::format(
          "; queue {} has indices reserved up to {} and {}", queue.name(), queue.write_index() - 1,
          queue.doorbell_end() == 0 ? std::string("none rung")
                                    : fmt::format("rung up to {}", queue.doorbell_end() - 1));
    }
  }
  return unrung;
}

std::string Runtime::stop_message(const RunOutcome& outcome, std::string_view waiting) const {
  // Why, as far as the outcome says: the queue errors, a livelock, the first blocked queue.
  std::string why;
  for (const QueueError& e : outcome.errors)
    why += fmt::format("; queue {}, packet {}: {}", e.queue_name, e.packet_index, e.message);
  if (!outcome.livelock.empty()) why += "; " + outcome.livelock;
  if (!outcome.blocked.empty()) {
    const BlockedQueue& b = outcome.blocked.front();
    why += fmt::format(
        "; queue {} waits at packet {} ({}){}", b.queue, b.packet_index, b.packet_type,
        outcome.blocked.size() > 1
            ? fmt::format(", and {} more queues (outcome().blocked)", outcome.blocked.size() - 1)
            : std::string());
  }
  const std::string stop = outcome.status == RunStatus::completed
                               ? std::string("ran every packet it was given")
                               : fmt::format("stopped ({})", run_status_name(outcome.status));
  return fmt::format("the model {}{}{}{}", stop, waiting, why, unrung_indices());
}

void Runtime::run_until(const std::function<bool()>& done, const char* waiting_for) {
  RunOutcome outcome = gpu_.run_until(done);
  if (outcome.status == RunStatus::stopped) return;
  std::string message =  // before the outcome is moved
      stop_message(outcome, fmt::format(" while the host waited for {}", waiting_for));
  throw SimulationError(message, std::move(outcome));
}

}  // namespace aqlsim::hsa
