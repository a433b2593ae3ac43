#include "queue_sched/srtf_adaptive.hpp"

#include <algorithm>
#include <utility>

#include "queue_sched/ordered_pick.hpp"

namespace aqlsim {

std::vector<ParamSpec> srtf_adaptive_params() {
  std::vector<ParamSpec> params = srtf_core_params();
  params.push_back({"threshold", 0.5, 0, 1e6, false,
                    "share when the forecast max - min slowdown of exclusive SRTF exceeds this "
                    "(Pai et al.: 0.5)"});
  params.push_back({"residency_limit", 3, 1, 1024, true,
                    "work-groups per CU the fastest kernel keeps in sharing mode (Pai et al.: "
                    "3, one less than half of an 8-block SM)"});
  return params;
}

SrtfAdaptive::SrtfAdaptive(const PolicyParams& params)
    : core_(params),
      threshold_(params.get("threshold")),
      residency_limit_(static_cast<std::uint32_t>(params.get("residency_limit"))) {}

KernelId SrtfAdaptive::pick(const DispatchView& view, CuIndex cu) {
  return pick_first_in_order(view, cu, core_.order(view, cu), [&](KernelId k) {
    return sharing_ && k == fastest_ ? residency_limit_ : kNoResidencyCap;
  });
}

void SrtfAdaptive::on_kernel_launched(const DispatchView& view, KernelId kernel) {
  empty_cu_.capture(view);
  if (alone_.size() <= kernel) alone_.resize(kernel + 1, 0);
  core_.on_kernel_launched(view, kernel);
  choose_mode(view);
}

void SrtfAdaptive::on_kernel_released(const DispatchView& view, KernelId) {
  core_.on_kernel_released(view);
  choose_mode(view);
}

void SrtfAdaptive::on_workgroup_finished(const DispatchView& view, const WorkgroupRecord& wg) {
  core_.on_workgroup_finished(view, wg);
  choose_mode(view);
}

void SrtfAdaptive::on_kernel_completed(const DispatchView& view, KernelId kernel) {
  core_.on_kernel_completed(view, kernel);
  choose_mode(view);
}

bool SrtfAdaptive::take_rescan_request() {
  const bool core = core_.take_rescan_request();
  return std::exchange(rescan_, false) || core;
}

void SrtfAdaptive::choose_mode(const DispatchView& view) {
  const auto contenders = core_.predicted_ranking(view);
  const bool share = contenders.size() >= 2 && sharing_is_fairer(view, contenders);
  if (share != sharing_ || (share && fastest_ != contenders[0].second)) rescan_ = true;
  if (share && !sharing_) sharing_since_ = view.now();
  sharing_ = share;
  if (share) fastest_ = contenders[0].second;
}

bool SrtfAdaptive::sharing_is_fairer(const DispatchView& view, Contenders contenders) {
  plan_inputs(view, contenders);
  const double exclusive = exclusive_gap(plan_);
  if (exclusive <= threshold_) return false;
  const KernelState& fast = view.kernel(contenders[0].second);
  const KernelState& co = view.kernel(contenders[1].second);
  // Sharing turns the rest of each CU over to the co-runner (§5.1.2); when none of its
  // work-groups fits there, it would only slow the fastest kernel down. The forecast may still
  // call that fairer (a smaller gap because the fast kernel's slowdown rises), so refuse it.
  const std::uint32_t co_residency = shared_residency(fast, co);
  if (co_residency == 0) return false;
  const double shared =
      sharing_gap(plan_, share_of(fast, kept_residency(fast)), share_of(co, co_residency));
  return shared < exclusive;
}

void SrtfAdaptive::plan_inputs(const DispatchView& view, Contenders contenders) {
  const SimpleSlicingPredictor& predictor = core_.predictor();
  plan_.clear();
  for (const auto& [remaining, k] : contenders) {
    if (!sharing_ || sharing_since_ == view.now() || alone_[k] == 0) {
      alone_[k] = *predictor.predicted_runtime(k);
    }
    plan_.push_back({
        .remaining = static_cast<double>(remaining),
        .elapsed = static_cast<double>(view.now() - view.kernel(k).arrival),
        .alone = static_cast<double>(alone_[k]),
    });
  }
}

std::uint32_t SrtfAdaptive::kept_residency(const KernelState& fastest) const {
  return std::min(residency_limit_, fastest.occupancy.max_residency);
}

// S: how many of the co-runner's work-groups fit on an empty CU beside the fastest's kept ones.
std::uint32_t SrtfAdaptive::shared_residency(const KernelState& fastest, const KernelState& co) {
  if (!last_shared_ || last_shared_->fastest != fastest.id || last_shared_->co != co.id) {
    const std::vector<WorkgroupDemand> beside(kept_residency(fastest), fastest.demand);
    last_shared_ = {fastest.id, co.id,
                    empty_cu_.fit_count(co.demand, beside, co.occupancy.max_residency)};
  }
  return last_shared_->count;
}

double SrtfAdaptive::share_of(const KernelState& kernel, std::uint32_t residency) {
  return static_cast<double>(residency) / kernel.occupancy.max_residency;
}

}  // namespace aqlsim
