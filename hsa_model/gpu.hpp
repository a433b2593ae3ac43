#pragma once
// One simulated GPU: the composition root that owns the engine, signals, user queues, the
// hardware scheduler, the packet processor and the dispatcher, and wires them together.
// Hosts (the YAML runner, the HSA-style API) talk to it like a driver does: register kernels,
// create queues and signals, write packets, ring doorbells, and let simulated time run.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hsa_model/device_spec.hpp"
#include "hsa_model/dispatcher.hpp"
#include "hsa_model/engine.hpp"
#include "hsa_model/front_end_state.hpp"
#include "hsa_model/hardware_scheduler.hpp"
#include "hsa_model/kernel_control.hpp"
#include "hsa_model/kernel_profile.hpp"
#include "hsa_model/observer.hpp"
#include "hsa_model/packet_processor.hpp"
#include "hsa_model/queue_mapping_policy.hpp"
#include "hsa_model/signals.hpp"
#include "hsa_model/thread_block_scheduler.hpp"

namespace aqlsim {

enum class RunStatus {
  completed,    // every packet consumed, every kernel finished
  deadlock,     // work remains but nothing can ever make progress
  queue_error,  // a queue hit an invalid packet
  stopped,      // a caller's condition was met (Gpu::run_until)
  limit,        // a run limit (time, events, a caller's budget) ended the run early
};

// A queue that still holds packets when the run can make no more progress.
struct BlockedQueue {
  std::string queue;
  std::uint64_t packet_index = 0;
  std::string packet_type;
  bool mapped = false;
  HeadWait wait;
  std::vector<std::pair<std::string, std::int64_t>> signal_values;  // name, value
};

struct RunOutcome {
  RunStatus status = RunStatus::completed;
  std::vector<QueueError> errors;
  std::vector<BlockedQueue> blocked;  // for a deadlock
  // Unfinished kernels a kernel scheduler still holds at a deadlock: (queue, packet index).
  std::vector<std::pair<std::string, std::uint64_t>> held;
  // Set when a kernel scheduler's evictions stopped a kernel from ever making progress.
  std::string livelock;
  // For a limit: which one (empty for a caller's budget, which the caller describes), and
  // the kernels launched but unfinished when it struck: (queue, packet index).
  std::string limit;
  std::vector<std::pair<std::string, std::uint64_t>> unfinished;
};

class Gpu {
 public:
  Gpu(DeviceSpec device, std::unique_ptr<QueueMappingPolicy> mapping,
      std::unique_ptr<ThreadBlockScheduler> scheduler, std::uint64_t seed);
  Gpu(const Gpu&) = delete;
  Gpu& operator=(const Gpu&) = delete;

  const DeviceSpec& device() const { return device_; }
  Engine& engine() { return engine_; }
  const Engine& engine() const { return engine_; }
  SignalTable& signals() { return signals_; }
  const SignalTable& signals() const { return signals_; }
  void add_observer(ModelObserver* observer) { observers_.add(observer); }
  // A host-side kernel scheduler decides from now on when each kernel runs (before any
  // dispatch is launched).
  void set_kernel_scheduler(std::unique_ptr<KernelScheduler> scheduler);

  // Room for this many dispatches in all, when known before the run (Dispatcher::reserve).
  void reserve_kernels(std::size_t dispatches) { dispatcher_.reserve(dispatches); }
  // Returns the kernel_object handle for dispatch packets (1-based; 0 is invalid).
  std::uint64_t register_kernel(KernelProfile profile);
  const KernelProfile& kernel_profile(std::uint32_t index) const { return profiles_.at(index); }
  UserQueue& create_queue(std::string name, std::uint32_t size, std::uint32_t priority);
  UserQueue& queue(QueueId id) { return *state_.queues.at(id); }
  const UserQueue& queue(QueueId id) const { return *state_.queues.at(id); }
  std::size_t queue_count() const { return state_.queues.size(); }
  // Writes a packet into a queue's ring, as the host's release store of its header.
  void publish(QueueId queue, std::uint64_t index, const AqlPacket& packet, std::uint32_t priority);
  void ring_doorbell(QueueId queue, std::uint64_t index);
  // A host's store to a signal (a kernel's completion subtracts through signals() instead).
  void store_signal(hsa_signal_t signal, std::int64_t value);

  // What the host knows about each dispatch: the key of its work-groups' random streams
  // (default: from queue id and packet index) and, for oracle policies, its isolated runtime.
  void set_dispatch_info(PacketProcessor::DispatchInfoFn fn) {
    processor_.set_dispatch_info(std::move(fn));
  }
  // Called whenever a queue's read index advances (a producer waiting for room listens).
  void set_read_index_listener(std::function<void(QueueId)> fn) {
    processor_.set_read_index_listener(std::move(fn));
  }
  // Whether the host has packets still to submit (a host script): a run limit reached when
  // neither the model nor the host had work left stopped nothing, and the run completed.
  void set_host_work(std::function<bool()> pending) { host_work_ = std::move(pending); }

  // Runs until nothing is left to do; reports a deadlock if work remains.
  RunOutcome run();
  // Runs until `done()` holds after an event (status stopped), or as run() otherwise.
  RunOutcome run_until(const std::function<bool()>& done);

  std::span<const KernelState> kernels() const { return dispatcher_.kernels(); }
  std::uint64_t workgroups_finished() const { return dispatcher_.workgroups_finished(); }
  const std::vector<ComputeUnit>& compute_units() const { return dispatcher_.compute_units(); }
  const FrontEndState& front_end() const { return state_; }
  std::uint64_t map_count() const { return hw_scheduler_.map_count(); }
  std::uint64_t unmap_count() const { return hw_scheduler_.unmap_count(); }
  // Time of the last packet retired or kernel finished: the end of useful work.
  Tick last_progress() const { return processor_.last_progress(); }

 private:
  RunOutcome conclude();
  // Where the slots' time is closed: at the last packet retired, or where a run stopped by a
  // limit had got to (a time limit: the limit itself).
  Tick slot_time_end(EngineStop stop) const;
  bool work_remains() const;
  std::vector<BlockedQueue> diagnose() const;

  DeviceSpec device_;
  Engine engine_;
  Observers observers_;
  SignalTable signals_;
  std::vector<KernelProfile> profiles_;
  std::unique_ptr<QueueMappingPolicy> mapping_;
  std::unique_ptr<ThreadBlockScheduler> scheduler_;
  FrontEndState state_;
  Dispatcher dispatcher_;
  PacketProcessor processor_;
  HardwareScheduler hw_scheduler_;
  std::unique_ptr<KernelScheduler> kernel_scheduler_;
  std::unique_ptr<KernelControl> kernel_control_;
  std::function<bool()> host_work_;
};

const char* run_status_name(RunStatus status);
// The status that run_status_name names `name`, if any (reading result files back).
std::optional<RunStatus> run_status_named(std::string_view name);

}  // namespace aqlsim
