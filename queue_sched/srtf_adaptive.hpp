#pragma once
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "hsa_model/thread_block_scheduler.hpp"
#include "queue_sched/empty_cu.hpp"
#include "queue_sched/fairness_plan.hpp"
#include "queue_sched/policy_params.hpp"
#include "queue_sched/srtf_core.hpp"

namespace aqlsim {

// srtf_core_params() and `threshold`, `residency_limit`.
std::vector<ParamSpec> srtf_adaptive_params();

// `srtf-adaptive`: SRTF/Adaptive of Pai et al. §5.1.2 — `srtf`, sharing the GPU when running
// exclusively would be unfair. After every hook (a launch, a block end with its new prediction,
// a kernel end) it takes the ranked kernels that have a prediction and work-groups left, in
// SRTF order; with two or more it forecasts their slowdowns (fairness_plan.hpp) under the
// exclusive plan and under the sharing plan, and runs in sharing mode exactly when
//     gap(exclusive) > threshold  and  gap(sharing) < gap(exclusive),
// gap being the largest minus the smallest slowdown, and at least one work-group of the second
// kernel fits on a CU beside the fastest's kept ones; otherwise in exclusive (SRTF) mode. So it
// enters sharing when the exclusive gap exceeds the threshold and returns when sharing is no
// longer the fairer choice (or exclusive is fair enough again). In sharing mode the fastest
// kernel (head of the ranking) may hold at most `residency_limit` work-groups per CU; the
// rest of each CU goes down the ranking, strictly as in `srtf`. Sampling goes on as in `srtf`.
//
// Forecast inputs: T = the predictor's remaining time; alone = its predicted runtime, taken
// while in exclusive mode and frozen while sharing (the paper's "prediction from the exclusive
// part of a run"; a kernel first predicted while sharing uses its current one); elapsed = now
// minus the kernel's arrival. Work-groups are placed only after every event of an instant, so
// the last evaluation of an instant decides: alone is frozen only from the next instant on.
// fast_share = min(residency_limit, R) / R of the fastest kernel; co_share = S / R of the
// second, S being how many of its work-groups fit on an empty CU beside those of the fastest.
class SrtfAdaptive final : public ThreadBlockScheduler {
 public:
  explicit SrtfAdaptive(const PolicyParams& params);
  static constexpr PolicyTraits kTraits{
      .name = "srtf-adaptive",
      .summary = "srtf, sharing CUs when exclusive runs would be unfair",
      .publishes_predictions = true};
  std::string_view name() const override { return kTraits.name; }
  KernelId pick(const DispatchView& view, CuIndex cu) override;

  void on_kernel_launched(const DispatchView& view, KernelId kernel) override;
  void on_kernel_released(const DispatchView& view, KernelId kernel) override;
  void on_workgroup_started(const DispatchView&, const WorkgroupRecord& wg) override {
    core_.on_workgroup_started(wg);
  }
  void on_workgroup_evicted(const DispatchView&, const WorkgroupRecord& wg) override {
    core_.on_workgroup_evicted(wg);
  }
  void on_workgroup_finished(const DispatchView& view, const WorkgroupRecord& wg) override;
  void on_kernel_completed(const DispatchView& view, KernelId kernel) override;
  bool take_rescan_request() override;

 private:
  void choose_mode(const DispatchView& view);
  // `contenders`: (predicted remaining time, kernel), shortest first.
  using Contenders = std::span<const std::pair<Tick, KernelId>>;
  bool sharing_is_fairer(const DispatchView& view, Contenders contenders);
  // Fills plan_ (kept between calls: the forecast runs after every event).
  void plan_inputs(const DispatchView& view, Contenders contenders);
  std::uint32_t kept_residency(const KernelState& fastest) const;
  std::uint32_t shared_residency(const KernelState& fastest, const KernelState& co);
  // A residency as a share of the kernel's full-residency throughput (the staircase: R / R).
  static double share_of(const KernelState& kernel, std::uint32_t residency);

  SrtfCore core_;
  EmptyCu empty_cu_;
  double threshold_;
  std::uint32_t residency_limit_;
  bool sharing_ = false;
  Tick sharing_since_ = 0;
  KernelId fastest_ = 0;
  std::vector<Tick> alone_;  // by KernelId; 0 until predicted
  std::vector<PlannedKernel> plan_;
  bool rescan_ = false;
  // shared_residency of the last pair asked about: it depends only on the two kernels (ids are
  // never reused in a run), and the same pair is asked about after nearly every event.
  struct SharedResidency {
    KernelId fastest;
    KernelId co;
    std::uint32_t count;
  };
  std::optional<SharedResidency> last_shared_;
};

}  // namespace aqlsim
