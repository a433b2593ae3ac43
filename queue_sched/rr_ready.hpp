#pragma once
#include "hsa_model/queue_mapping_policy.hpp"
#include "queue_sched/policy_params.hpp"

namespace aqlsim {

// `rr-ready`: round-robin over the queues that are ready. Each quantum, every slot that is empty
// or holds a queue whose head packet is not ready (empty, or blocked on a barrier) is given to
// the next ready unmapped queue in cyclic order; queues with nothing ready are never mapped.
class RrReady final : public QueueMappingPolicy {
 public:
  explicit RrReady(const PolicyParams&) {}
  static constexpr PolicyTraits kTraits{
      .name = "rr-ready", .summary = "round-robin over ready queues; unmap empty or blocked ones"};
  std::string_view name() const override { return kTraits.name; }
  void on_quantum(const MappingView& view, SlotAssignment& next) override;

 private:
  std::size_t queue_cursor_ = 0;
};

}  // namespace aqlsim
