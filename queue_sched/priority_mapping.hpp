#pragma once
#include "hsa_model/queue_mapping_policy.hpp"
#include "queue_sched/policy_params.hpp"

namespace aqlsim {

// The priority family of Puthoor et al.: each quantum the slots go to the highest-priority
// ready queues. A ready unmapped queue takes an empty slot, else the slot of a mapped queue
// that is not ready, else the slot of the lowest-priority mapped queue if that one's priority
// is strictly lower. Ties go to the queue created first.
//   `priority-static`: a queue's priority is the one it was created with (or set_priority).
//   `priority-dynamic`: a queue's priority is that of the packet at its head (the task's rank),
//                       so it changes as the queue advances.
class PriorityMapping final : public QueueMappingPolicy {
 public:
  enum class Key { queue_priority, head_priority };
  static constexpr PolicyTraits kStaticTraits{.name = "priority-static",
                                              .summary = "map the highest-priority ready queues"};
  static constexpr PolicyTraits kDynamicTraits{
      .name = "priority-dynamic",
      .summary = "map the ready queues whose head packet ranks highest"};
  explicit PriorityMapping(Key key) : key_(key) {}
  std::string_view name() const override {
    return (key_ == Key::queue_priority ? kStaticTraits : kDynamicTraits).name;
  }
  void on_quantum(const MappingView& view, SlotAssignment& next) override;

 private:
  std::uint32_t priority(const QueueStatus& q) const {
    return key_ == Key::queue_priority ? q.priority : q.head_priority;
  }

  Key key_;
};

}  // namespace aqlsim
