#pragma once
// An HSA-runtime-like host interface to a simulated GPU, for priority-queue experiments. The
// calls mirror HSA's: create a queue with a size and a priority (the extra argument Puthoor et
// al. add to hsa_queue_create), reserve write indices, write 64-byte AQL packets and publish
// their headers, ring the doorbell, create signals and wait on them. Simulated time runs only
// while the host waits, as a host thread blocked in hsa_signal_wait would.
#include <hsa/hsa.h>

#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "hsa_model/gpu.hpp"

namespace aqlsim::hsa {

// The model ended without the awaited condition: a deadlock or a queue error.
class SimulationError : public std::runtime_error {
 public:
  SimulationError(const std::string& what, RunOutcome outcome)
      : std::runtime_error(what), outcome_(std::move(outcome)) {}
  const RunOutcome& outcome() const { return outcome_; }

 private:
  RunOutcome outcome_;
};

class Runtime;

// A user-mode queue, as hsa_queue_t plus the index and doorbell functions.
class Queue {
 public:
  QueueId id() const { return queue_->id(); }
  std::uint32_t size() const { return queue_->size(); }
  std::uint32_t priority() const { return queue_->priority(); }
  // Changes the queue's priority, as hsa_amd_queue_set_priority; mapping policies see it from
  // the next quantum. priority-dynamic reads each packet's priority, given when it was written
  // (the queue's then, or write's third argument): packets already written keep theirs.
  void set_priority(std::uint32_t priority) { queue_->set_priority(priority); }
  // Restricts the CUs its later dispatches may use, as hsa_amd_queue_cu_set_mask: bit i of
  // word i / 32 enables CU i; `cu_count` bits are read. A `cu_count` of 0 enables every CU
  // again. Throws std::invalid_argument (the runtime's HSA_STATUS_ERROR_INVALID_ARGUMENT) when
  // `cu_count` is not a multiple of 32, `mask` holds fewer than cu_count / 32 words, or the
  // mask enables no CU of the device.
  void cu_set_mask(std::uint32_t cu_count, std::span<const std::uint32_t> mask);

  std::uint64_t add_write_index(std::uint64_t count) { return queue_->add_write_index(count); }
  std::uint64_t load_read_index() const { return queue_->read_index(); }
  std::uint64_t load_write_index() const { return queue_->write_index(); }
  // Writes the packet body and then publishes its header (the release store). Throws
  // std::logic_error if `index` has not been reserved (add_write_index), if its slot has not
  // been consumed yet (wait for space first) or if `index` has been consumed already. The packet
  // priority (default: the queue's) is what priority-dynamic mapping sees at the queue's head. A
  // packet processor that reaches a slot not yet written (its header INVALID) waits there until it
  // is, as HSA requires.
  void write(std::uint64_t index, const AqlPacket& packet);
  void write(std::uint64_t index, const AqlPacket& packet, std::uint32_t packet_priority);
  // Stores `index` to the doorbell: packets up to it may now be processed. Throws
  // std::logic_error if `index` has not been reserved (add_write_index).
  void ring_doorbell(std::uint64_t index);

 private:
  friend class Runtime;
  Queue(Runtime& runtime, UserQueue& queue) : runtime_(&runtime), queue_(&queue) {}
  Runtime* runtime_;
  UserQueue* queue_;
};

class Runtime {
 public:
  Runtime(DeviceSpec device, std::unique_ptr<QueueMappingPolicy> mapping,
          std::unique_ptr<ThreadBlockScheduler> scheduler, std::uint64_t seed = 1);

  // Returns the kernel_object for dispatch packets.
  std::uint64_t register_kernel(KernelProfile profile) {
    return gpu_.register_kernel(std::move(profile));
  }
  // `size` must be a power of two of at most kMaxQueueSize packets (std::invalid_argument
  // otherwise, as the runtime's HSA_STATUS_ERROR_INVALID_ARGUMENT).
  Queue& queue_create(std::uint32_t size, std::uint32_t priority = 1, std::string name = {});

  // The signal functions throw std::invalid_argument (HSA_STATUS_ERROR_INVALID_SIGNAL) for a
  // handle this runtime did not create. Handles are numbered per runtime: one of another
  // runtime's names a signal here too, and nothing can tell them apart.
  hsa_signal_t signal_create(std::int64_t initial, std::string name = {});
  std::int64_t signal_load(hsa_signal_t signal) const;
  void signal_store(hsa_signal_t signal, std::int64_t value);
  // Lets simulated time run until the signal's value satisfies `condition` against `compare`;
  // returns the value. Throws SimulationError if the model can make no more progress first
  // (naming the queue errors, a livelock, the first blocked queue and any queue with
  // indices reserved and never rung).
  std::int64_t signal_wait(hsa_signal_t signal, hsa_signal_condition_t condition,
                           std::int64_t compare);

  // Lets simulated time run until queue index `index` may be written. Throws
  // std::invalid_argument for a queue of another runtime, or an index no consumption can free
  // (write index + size or more).
  void wait_for_space(Queue& queue, std::uint64_t index);
  // Wait for space, reserve an index, write, ring: the whole submission. Returns the index. If
  // the wait throws, nothing has been reserved, so the queue is as it was.
  std::uint64_t submit(Queue& queue, const AqlPacket& packet);

  // Runs until every packet rung has been executed; returns how the run ended. Throws
  // SimulationError if the run completed or deadlocked while a queue has indices reserved and
  // never rung. now() is then the front end's last event, often an idle quantum tick after the
  // last kernel ended: the makespan is gpu().last_progress().
  RunOutcome run();
  Tick now() const { return gpu_.engine().now(); }
  Gpu& gpu() { return gpu_; }

 private:
  void run_until(const std::function<bool()>& done, const char* waiting_for);
  // "; queue Q has indices reserved up to I and none rung" for each such queue, or "".
  std::string unrung_indices() const;
  // A SimulationError's text: how the run stopped, `waiting` (what the host waited for), the
  // queue errors, a livelock, the first blocked queue and the indices never rung.
  std::string stop_message(const RunOutcome& outcome, std::string_view waiting) const;
  void check_signal(hsa_signal_t signal) const;
  void check_queue(const Queue& queue) const;

  Gpu gpu_;
  std::vector<std::unique_ptr<Queue>> queues_;
};

}  // namespace aqlsim::hsa
