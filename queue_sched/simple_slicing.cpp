#include "queue_sched/simple_slicing.hpp"

#include <algorithm>
#include <cassert>

namespace aqlsim {

Tick CuSlice::remaining_at(Tick now) const {
  return std::max<Tick>(0, pred - active_at(now));
}

SliceMaxima SliceMaxima::of(const CuSlice& s) {
  if (!s.predicted()) return {};
  const Tick left = s.pred - s.active_cycles;  // Pred - Active, with no resident block counted
  if (s.resident > 0) return {.pred = s.pred, .runs_out_at = s.active_since + left};
  return {.pred = s.pred, .frozen_left = left};
}

SliceMaxima SliceMaxima::Max::operator()(const SliceMaxima& a, const SliceMaxima& b) const {
  return {.pred = std::max(a.pred, b.pred),
          .runs_out_at = std::max(a.runs_out_at, b.runs_out_at),
          .frozen_left = std::max(a.frozen_left, b.frozen_left)};
}

template <KernelFigures Figures>
SlicingPredictor<Figures>::SlicingPredictor(std::uint32_t cu_count, SliceMode mode)
    : cu_count_(cu_count), mode_(mode) {
  assert(cu_count > 0);
}

template <KernelFigures Figures>
void SlicingPredictor<Figures>::on_launch(const KernelState& kernel) {
  start_slice_for_running_kernels();
  if (kernels_.size() <= kernel.id) kernels_.resize(kernel.id + 1);
  // No CU has a prediction yet: every leaf is empty.
  KernelSlices& k = kernels_[kernel.id];
  k = {};
  k.cu_mask = kernel.cu_mask;
  // N_CU of Total_Blocks: the CUs the mask admits (a mask admits at least one).
  const std::uint64_t usable =
      k.cu_mask.empty() ? cu_count_ : k.cu_mask.size() - std::ranges::count(k.cu_mask, 0);
  assert(usable > 0);
  k.shape.total_blocks = (kernel.total_workgroups + usable - 1) / usable;
  k.shape.resident_blocks = std::max<std::uint32_t>(1, kernel.occupancy.max_residency);
  k.maxima = no_maxima(cu_count_);
  running_.push_back(kernel.id);
}

template <KernelFigures Figures>
void SlicingPredictor<Figures>::first_block_start(KernelSlices& k, const WorkgroupRecord& wg) {
  k.cus.assign(cu_count_, k.untouched);
  count_block_start(k, wg);
}

template <KernelFigures Figures>
bool SlicingPredictor<Figures>::resumed_block_end(KernelSlices& k, const WorkgroupRecord& wg) {
  CuSlice& s = k.cus[wg.cu];
  if (!s.predicted()) return false;
  if (mode_ != SliceMode::unaware) s.pred = s.equation2(wg.end, k.shape);
  return pred_changed(k, wg.cu);
}

template <KernelFigures Figures>
void SlicingPredictor<Figures>::on_block_evicted(const WorkgroupRecord& wg) {
  KernelSlices& k = kernels_[wg.kernel];
  k.cus[wg.cu].count_leaving(wg.end);
  maxima_changed(k, wg.cu);
}

template <KernelFigures Figures>
void SlicingPredictor<Figures>::on_kernel_end(KernelId kernel) {
  std::erase(running_, kernel);
  kernels_[kernel] = {};
  start_slice_for_running_kernels();
}

template <KernelFigures Figures>
void SlicingPredictor<Figures>::copy_sample(KernelId kernel, CuIndex from, Tick now) {
  KernelSlices& k = kernels_[kernel];
  const Tick t = k.cus[from].t;
  assert(t > 0 && "copying a sample that was never taken");
  for (CuIndex c = 0; c < k.cus.size(); ++c) {
    CuSlice& s = k.cus[c];
    if (s.predicted() || (!k.cu_mask.empty() && k.cu_mask[c] == 0)) continue;
    s.t = t;
    s.pred = s.equation2(now, k.shape);
    pred_changed(k, c);
  }
}

template <KernelFigures Figures>
bool SlicingPredictor<Figures>::maxima_changed(KernelSlices& kernel, CuIndex cu) {
  if constexpr (kAll) {
    const Tick before = kernel.maxima.all().pred;
    kernel.maxima.set(cu, SliceMaxima::of(kernel.cus[cu]));
    return kernel.maxima.all().pred != before;
  } else {
    return false;
  }
}

template <KernelFigures Figures>
std::optional<CuIndex> SlicingPredictor<Figures>::predicted_cu(KernelId kernel) const {
  const std::vector<CuSlice>& cus = kernels_[kernel].cus;
  for (CuIndex c = 0; c < cus.size(); ++c) {
    if (cus[c].predicted()) return c;
  }
  return std::nullopt;
}

template <KernelFigures Figures>
std::optional<Tick> SlicingPredictor<Figures>::current_slice_prediction(KernelId kernel) const {
  const KernelSlices& k = kernels_[kernel];
  std::optional<Tick> largest;
  for (const CuSlice& s : k.cus) {
    if (s.sampled_in == k.current_slice) largest = std::max(largest.value_or(0), s.opening_pred);
  }
  return largest;
}

template <KernelFigures Figures>
void SlicingPredictor<Figures>::start_slice_for_running_kernels() {
  if (mode_ == SliceMode::unaware) return;
  for (const KernelId k : running_)
    ++kernels_[k].current_slice;
}

template class SlicingPredictor<KernelFigures::all>;
template class SlicingPredictor<KernelFigures::runtime_only>;

}  // namespace aqlsim
