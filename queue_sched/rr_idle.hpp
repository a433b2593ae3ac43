#pragma once
#include "hsa_model/queue_mapping_policy.hpp"
#include "queue_sched/policy_params.hpp"

namespace aqlsim {

// `rr-idle`: gem5's hardware scheduler. Each quantum it swaps at most `swaps_per_quantum`
// slots: the next unmapped queue in cyclic order goes into an empty slot, or else replaces the
// next idle slot in cyclic order. What counts as idle follows the front end's semantics: under
// `hsa` no kernel in flight and no packet being processed; under `gem5` gem5's own test (no
// fetch in progress and every dispatched packet completed). It does not look at whether the
// incoming queue has anything to run.
class RrIdle final : public QueueMappingPolicy {
 public:
  explicit RrIdle(const PolicyParams& params);
  static constexpr PolicyTraits kTraits{
      .name = "rr-idle", .summary = "gem5: swap idle slots for the next unmapped queues"};
  std::string_view name() const override { return kTraits.name; }
  void on_quantum(const MappingView& view, SlotAssignment& next) override;

 private:
  std::optional<QueueId> next_unmapped_queue(const MappingView& view, const SlotAssignment& next);
  std::optional<SlotIndex> next_replaceable_slot(const MappingView& view,
                                                 const SlotAssignment& next);

  std::uint32_t swaps_per_quantum_;
  std::size_t queue_cursor_ = 0;  // gem5's nextALId
  std::size_t slot_cursor_ = 0;   // gem5's nextRLId
};

}  // namespace aqlsim
