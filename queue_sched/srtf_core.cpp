#include "queue_sched/srtf_core.hpp"

#include <algorithm>
#include <iterator>

namespace aqlsim {

std::vector<ParamSpec> srtf_core_params() {
  return {
      {"sample_cus", 1, 1, 1024, true,
       "CUs that give a kernel arriving beside others their freed resources to sample its "
       "runtime (Pai et al. sample on 1 SM)"},
      {"slice_aware", 1, 0, 1, true,
       "1: the predictor resamples t after every kernel launch and end (Simple Slicing /SS); "
       "0: it predicts once per CU, from the first block"},
  };
}

SrtfCore::SrtfCore(const PolicyParams& params)
    : mode_(params.get("slice_aware") != 0 ? SliceMode::aware : SliceMode::unaware),
      sample_cus_(static_cast<std::uint32_t>(params.get("sample_cus"))) {}

void SrtfCore::on_kernel_launched(const DispatchView& view, KernelId kernel) {
  if (!predictor_) predictor_.emplace(view.cu_count(), mode_);
  predictor_->on_launch(view.kernel(kernel));
  if (stages_.size() <= kernel) {
    stages_.resize(kernel + 1);
    published_.resize(kernel + 1, 0);
  }
  set_stage(kernel, Stage::waiting);
  refresh(view);
}

void SrtfCore::on_workgroup_finished(const DispatchView& view, const WorkgroupRecord& wg) {
  predictor_->on_block_end(wg);
  publish(view, wg.kernel);
  refresh(view);
}

void SrtfCore::on_kernel_completed(const DispatchView& view, KernelId kernel) {
  predictor_->on_kernel_end(kernel);
  if (sampled_ == kernel) sampled_.reset();
  refresh(view);
}

void SrtfCore::refresh(const DispatchView& view) {
  ranked_at_ = kNever;
  if (sampled_ && (predictor_->has_prediction(*sampled_) || view.kernel(*sampled_).unissued() == 0))
    end_sample(view);
  start_next_sample(view);
  note_head(view);
}

void SrtfCore::end_sample(const DispatchView& view) {
  rank(view, *sampled_);
  sampled_.reset();
}

// One kernel at a time, oldest first. A waiting kernel needs no sample when no ranked kernel
// has work left (nothing to compare it with), or when it already has a prediction or nothing
// left to issue (it ran on CUs the ranked kernels had no use for).
void SrtfCore::start_next_sample(const DispatchView& view) {
  while (!sampled_) {
    const auto active = view.active();
    const auto waiting = std::find_if(active.begin(), active.end(),
                                      [&](KernelId k) { return stages_[k] == Stage::waiting; });
    if (waiting == active.end()) return;
    const KernelId k = *waiting;
    if (ranked_work_left(view) && !predictor_->has_prediction(k) && view.kernel(k).unissued() > 0) {
      set_stage(k, Stage::sampling);
      sampled_ = k;
    } else {
      rank(view, k);
    }
  }
}

void SrtfCore::rank(const DispatchView& view, KernelId kernel) {
  if (const auto cu = predictor_->predicted_cu(kernel)) {
    predictor_->copy_sample(kernel, *cu, view.now());
    publish(view, kernel);
  }
  set_stage(kernel, Stage::ranked);
}

void SrtfCore::set_stage(KernelId kernel, Stage stage) {
  stages_[kernel] = stage;
  stages_changed_ = true;
}

bool SrtfCore::ranked_work_left(const DispatchView& view) const {
  return std::ranges::any_of(view.active(), [&](KernelId k) {
    return stages_[k] == Stage::ranked && view.kernel(k).unissued() > 0;
  });
}

void SrtfCore::publish(const DispatchView& view, KernelId kernel) {
  const auto runtime = predictor_->predicted_runtime(kernel);
  if (!runtime || *runtime == published_[kernel]) return;
  published_[kernel] = *runtime;
  view.publish_prediction(kernel, *runtime);
}

// CUs that sit idle are visited again only when something changes there; a new sampled kernel
// or a new head of the ranking is such a change for every CU.
void SrtfCore::note_head(const DispatchView& view) {
  const auto ranked = ranking(view);
  const auto head = std::find_if(ranked.begin(), ranked.end(),
                                 [&](KernelId k) { return view.kernel(k).unissued() > 0; });
  const std::optional<KernelId> now_head =
      head == ranked.end() ? std::nullopt : std::optional<KernelId>(*head);
  if (now_head != head_ || sampled_ != noted_sample_) rescan_ = true;
  head_ = now_head;
  noted_sample_ = sampled_;
}

std::span<const KernelId> SrtfCore::ranking(const DispatchView& view) {
  if (ranked_at_ != view.now()) build_ranking(view);
  return ranking_;
}

std::span<const std::pair<Tick, KernelId>> SrtfCore::predicted_ranking(const DispatchView& view) {
  ranking(view);
  return std::span<const std::pair<Tick, KernelId>>(by_remaining_).first(predicted_count_);
}

std::span<const KernelId> SrtfCore::order(const DispatchView& view, CuIndex cu) {
  const auto ranked = ranking(view);
  if (!sampled_ || !samples_on(view, cu)) return ranked;
  if (sampling_order_.empty()) {
    sampling_order_.push_back(*sampled_);
    std::ranges::copy_if(ranked, std::back_inserter(sampling_order_),
                         [&](KernelId k) { return k != sampled_; });
  }
  return sampling_order_;
}

// The first `sample_cus` CUs the sampled kernel may use: sampling on CUs its queue's mask bars
// would never sample it, and every kernel after it would wait for a sample of its own.
bool SrtfCore::samples_on(const DispatchView& view, CuIndex cu) const {
  const std::vector<std::uint8_t>& mask = view.kernel(*sampled_).cu_mask;
  if (mask.empty()) return cu < sample_cus_;
  return mask[cu] != 0 && std::count_if(mask.begin(), mask.begin() + cu, [](std::uint8_t allowed) {
                            return allowed != 0;
                          }) < sample_cus_;
}

void SrtfCore::sort_by_stage(const DispatchView& view) {
  if (!stages_changed_ && view.issuing_changes() == sorted_at_) return;
  stages_changed_ = false;
  sorted_at_ = view.issuing_changes();
  ranked_.clear();
  waiting_.clear();
  for (const KernelId k : view.active()) {
    if (stages_[k] == Stage::ranked) ranked_.push_back(k);
    if (stages_[k] == Stage::waiting) waiting_.push_back(k);
  }
}

void SrtfCore::build_ranking(const DispatchView& view) {
  sort_by_stage(view);
  rank_by_remaining(view);
  if (sampled_) ranking_.push_back(*sampled_);
  ranking_.insert(ranking_.end(), waiting_.begin(), waiting_.end());
  sampling_order_.clear();
  ranked_at_ = view.now();
}

// Fills ranking_ with the ranked kernels that have work-groups left, shortest first.
void SrtfCore::rank_by_remaining(const DispatchView& view) {
  by_remaining_.clear();
  for (const KernelId k : ranked_) {
    if (view.kernel(k).unissued() == 0) continue;
    by_remaining_.emplace_back(predictor_->remaining(k, view.now()).value_or(kNever), k);
  }
  std::ranges::sort(by_remaining_);
  ranking_.clear();
  predicted_count_ = 0;
  for (const auto& [remaining, k] : by_remaining_) {
    ranking_.push_back(k);
    if (remaining != kNever) ++predicted_count_;
  }
}

}  // namespace aqlsim
