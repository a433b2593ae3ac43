#pragma once
// The processor-sharing model of work-group time (README: The model): each work-group draws its
// work at dispatch, in ticks at the kernel's reference load, and does it at a speed that
// follows the load of its CU as co-residents come and go, so a work-group left alone at the end
// of a kernel speeds up, as on hardware or in a cycle-level simulator.
//
// Every work-group of one kernel on one CU runs at the same speed, so the group shares one
// virtual clock (work done by each member so far) and a heap of members by the virtual time
// at which they finish. A load change advances the clocks of that CU's groups and re-derives
// their speeds; each CU has at most one live event, for its earliest finish. An event therefore
// costs O(kernels on the CU + log n), not O(resident work-groups).
#include <cstdint>
#include <utility>
#include <vector>

#include "hsa_model/workgroup_timer.hpp"

namespace aqlsim {

class ProcessorSharingTimer final : public WorkgroupTimer {
 public:
  ProcessorSharingTimer(Engine& engine, EventHandler& workgroup_event,
                        const std::vector<ComputeUnit>& cus,
                        const std::vector<KernelState>& kernels);

  void before_load_change(CuIndex cu) override;
  void start(std::uint32_t slot, WorkgroupRecord& wg, const KernelState& kernel, double mean,
             double spread) override;
  void settle() override;
  double withdraw(std::uint32_t slot, const WorkgroupRecord& wg) override;

 private:
  using Finish = std::pair<double, std::uint64_t>;  // (virtual finish time, slot)

  struct Group {
    KernelId kernel = 0;
    double progress = 0;           // virtual time: work each member has done since the group began
    double speed = 1;              // virtual time per tick at the CU's current load
    Tick updated = 0;              // when progress was last brought up to date
    std::vector<Finish> finishes;  // a min-heap
  };

  void end_due_workgroups(std::uint64_t cu);
  void advance(Group& group, Tick now) const;
  Group& group_of(CuIndex cu, KernelId kernel);
  void mark_dirty(CuIndex cu);
  // Re-derives the speeds on `cu` and makes sure an event is due at its earliest finish.
  void reschedule(CuIndex cu);

  Engine* engine_;
  EventHandler* workgroup_event_;
  const std::vector<ComputeUnit>* cus_;
  const std::vector<KernelState>* kernels_;
  std::vector<std::vector<Group>> groups_;  // per CU
  std::vector<Tick> event_at_;              // per CU: its live event, or kNever
  std::vector<char> dirty_;
  std::vector<CuIndex> dirty_list_;
  std::vector<std::uint64_t> due_;  // scratch
  MemberHandler<ProcessorSharingTimer, &ProcessorSharingTimer::end_due_workgroups> cu_event_{this};
};

}  // namespace aqlsim
