#pragma once
// The hardware scheduler: maps user queues from the driver's queue list into the hardware
// queue slots. A new queue takes a free slot at once. While there are more queues than slots,
// every `quantum` it asks the mapping policy for the next assignment and carries it out;
// unmapping and mapping each cost their latency, during which the slot processes nothing.
#include <cstdint>
#include <memory>
#include <vector>

#include "hsa_model/device_spec.hpp"
#include "hsa_model/engine.hpp"
#include "hsa_model/front_end_state.hpp"
#include "hsa_model/packet_processor.hpp"
#include "hsa_model/queue_mapping_policy.hpp"

namespace aqlsim {

class HardwareScheduler {
 public:
  HardwareScheduler(Engine& engine, const FrontEndSpec& spec, FrontEndState& state,
                    PacketProcessor& processor, QueueMappingPolicy& policy,
                    const Observers& observers);
  HardwareScheduler(const HardwareScheduler&) = delete;
  HardwareScheduler& operator=(const HardwareScheduler&) = delete;

  void on_queue_created(QueueId queue);
  // A doorbell, a published packet or a host's signal store may have made a queue's head
  // ready: the quantum timer restarts if it had stopped for want of work.
  void on_host_activity();

  std::uint64_t map_count() const { return map_count_; }
  std::uint64_t unmap_count() const { return unmap_count_; }
  MappingView snapshot();

 private:
  bool oversubscribed() const { return state_->queues.size() > state_->slots.size(); }
  void arm_quantum();
  void quantum(std::uint64_t);
  bool progress_possible() const;
  bool quiet() const;
  void apply(const SlotAssignment& next);
  void begin_map(SlotIndex slot, QueueId queue);
  void map_done(std::uint64_t slot);
  void begin_unmap(SlotIndex slot);
  void unmap_done(std::uint64_t slot);

  Engine* engine_;
  const FrontEndSpec* spec_;
  FrontEndState* state_;
  PacketProcessor* processor_;
  QueueMappingPolicy* policy_;
  const Observers* observers_;
  bool quantum_armed_ = false;
  // Asleep through a quiet period (see quiet()), to wake on the quantum grid of last_tick_.
  bool asleep_ = false;
  Tick last_tick_ = 0;
  std::vector<std::optional<QueueId>> map_after_unmap_;  // by slot
  std::vector<QueueStatus> queue_status_;
  std::vector<SlotStatus> slot_status_;
  std::uint64_t map_count_ = 0;
  std::uint64_t unmap_count_ = 0;

  MemberHandler<HardwareScheduler, &HardwareScheduler::quantum> quantum_event_{this};
  MemberHandler<HardwareScheduler, &HardwareScheduler::map_done> map_event_{this};
  MemberHandler<HardwareScheduler, &HardwareScheduler::unmap_done> unmap_event_{this};
};

}  // namespace aqlsim
