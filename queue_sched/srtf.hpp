#pragma once
#include "hsa_model/thread_block_scheduler.hpp"
#include "queue_sched/policy_params.hpp"
#include "queue_sched/srtf_core.hpp"

namespace aqlsim {

// `srtf`: Shortest Remaining Time First as Pai et al. §5.1.1 build it. A kernel that arrives
// while another has work-groups left to issue is sampled (see SrtfCore); otherwise every CU
// follows the ranking strictly: only the kernel with the shortest predicted remaining time
// issues work-groups, and a CU whose freed resources do not fit its next one waits. A CU
// therefore switches kernels only as its running work-groups finish (the hand-off delay), and
// switches back when new predictions reorder the ranking. A kernel with nothing left to issue
// leaves the CUs to the next in the ranking. Predictions are published as they change.
// Parameters: srtf_core_params().
class Srtf final : public ThreadBlockScheduler {
 public:
  explicit Srtf(const PolicyParams& params) : core_(params) {}
  static constexpr PolicyTraits kTraits{
      .name = "srtf",
      .summary = "shortest predicted remaining time first, sampling new kernels",
      .publishes_predictions = true};
  std::string_view name() const override { return kTraits.name; }
  KernelId pick(const DispatchView& view, CuIndex cu) override;

  void on_kernel_launched(const DispatchView& view, KernelId kernel) override {
    core_.on_kernel_launched(view, kernel);
  }
  void on_kernel_released(const DispatchView& view, KernelId) override {
    core_.on_kernel_released(view);
  }
  void on_workgroup_started(const DispatchView&, const WorkgroupRecord& wg) override {
    core_.on_workgroup_started(wg);
  }
  void on_workgroup_evicted(const DispatchView&, const WorkgroupRecord& wg) override {
    core_.on_workgroup_evicted(wg);
  }
  void on_workgroup_finished(const DispatchView& view, const WorkgroupRecord& wg) override {
    core_.on_workgroup_finished(view, wg);
  }
  void on_kernel_completed(const DispatchView& view, KernelId kernel) override {
    core_.on_kernel_completed(view, kernel);
  }
  bool take_rescan_request() override { return core_.take_rescan_request(); }

 private:
  SrtfCore core_;
};

}  // namespace aqlsim
