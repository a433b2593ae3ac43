#pragma once
#include "hsa_model/queue_mapping_policy.hpp"
#include "queue_sched/policy_params.hpp"

namespace aqlsim {

// `rr-timeslice`: each quantum the slots move on to the next `slots` queues of the queue list
// in cyclic order, whatever those queues hold — the firmware that "blindly schedules busy and
// idle queues". A queue already mapped and still inside the new window keeps its slot.
class RrTimeslice final : public QueueMappingPolicy {
 public:
  explicit RrTimeslice(const PolicyParams&) {}
  static constexpr PolicyTraits kTraits{
      .name = "rr-timeslice", .summary = "rotate the slots to the next queues every quantum"};
  std::string_view name() const override { return kTraits.name; }
  void on_quantum(const MappingView& view, SlotAssignment& next) override;

 private:
  std::size_t window_start_ = 0;  // the initial mapping is the window starting at queue 0
};

}  // namespace aqlsim
