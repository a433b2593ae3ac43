#pragma once
// Hooks the model fires as it runs. Tracers, metric collectors and test invariant checkers
// subscribe from outside; model classes never print. With no observer attached a hook costs
// one branch.
#include <cstdint>
#include <string>
#include <vector>

#include "hsa_model/aql_packet.hpp"
#include "hsa_model/kernel_state.hpp"
#include "hsa_model/user_queue.hpp"

namespace aqlsim {

using SlotIndex = std::uint32_t;

// What a hardware queue slot is doing. Idle time is empty + blocked + starved.
enum class SlotActivity : std::uint8_t {
  empty,       // no queue mapped
  switching,   // mapping or unmapping a queue
  processing,  // paying the packet-processing latency
  // Head packet waits: barrier bit, barrier dependencies, a full dispatcher or its header's
  // publication; or the queue is in its error state.
  blocked,
  starved,  // the mapped queue has no packet
};
inline constexpr std::size_t kSlotActivities = 5;
const char* slot_activity_name(SlotActivity activity);

// A queue stopped because a packet could not be executed (the runtime's queue error callback).
struct QueueError {
  QueueId queue = 0;
  std::string queue_name;
  std::uint64_t packet_index = 0;
  hsa_status_t status = HSA_STATUS_ERROR;
  std::string message;
  Tick time = 0;
};

class ModelObserver {
 public:
  virtual ~ModelObserver() = default;
  // An activity interval of a slot has ended; `queue` is null when no queue was mapped.
  virtual void on_slot_activity(SlotIndex, SlotActivity, const UserQueue*, Tick, Tick) {}
  virtual void on_queue_mapped(SlotIndex, const UserQueue&, Tick) {}
  virtual void on_queue_unmapped(SlotIndex, const UserQueue&, Tick) {}
  // The read index moved past a packet: a dispatch was launched or a barrier completed.
  virtual void on_packet_retired(const UserQueue&, std::uint64_t, const PacketHeader&, Tick) {}
  virtual void on_kernel_launched(const KernelState&, Tick) {}
  virtual void on_kernel_completed(const KernelState&, Tick) {}
  // A kernel scheduler's eviction is complete: the kernel, with work left, has nothing on the
  // device (kernel.evictions counts these).
  virtual void on_kernel_evicted(const KernelState&, Tick) {}
  virtual void on_workgroup_started(const KernelState&, const WorkgroupRecord&,
                                    const ComputeUnit&) {}
  virtual void on_workgroup_finished(const KernelState&, const WorkgroupRecord&) {}
  // A run of a work-group was stopped before its end (wg.end is now); `left` is the share of
  // the work-group's whole work still to do (1 when a kill lost the run's work). It will run
  // again.
  virtual void on_workgroup_evicted(const KernelState&, const WorkgroupRecord&, double /*left*/) {}
  virtual void on_queue_error(const QueueError&) {}
  // A thread-block policy's current prediction of a kernel's total runtime.
  virtual void on_prediction(const KernelState&, Tick /*predicted_runtime*/, Tick /*now*/) {}
};

// The observers attached to one model, shared by its components.
class Observers {
 public:
  void add(ModelObserver* observer) { list_.push_back(observer); }
  bool empty() const { return list_.empty(); }

  template <class Method, class... Args>
  void notify(Method method, const Args&... args) const {
    for (ModelObserver* o : list_)
      (o->*method)(args...);
  }

 private:
  std::vector<ModelObserver*> list_;
};

}  // namespace aqlsim
