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

SimpleSlicingPredictor::SimpleSlicingPredictor(std::uint32_t cu_count, SliceMode mode,
                                               KernelFigures figures)
    : cu_count_(cu_count), mode_(mode), figures_(figures) {
  assert(cu_count > 0);
}

void SimpleSlicingPredictor::on_launch(const KernelState& kernel) {
  start_slice_for_running_kernels();
  if (kernels_.size() <= kernel.id) kernels_.resize(kernel.id + 1);
  // No CU has a prediction yet: every leaf is empty.
  KernelSlices& k = kernels_[kernel.id];
  k = {};
  k.untouched.total_blocks = (kernel.total_workgroups + cu_count_ - 1) / cu_count_;
  k.untouched.resident_blocks = std::max<std::uint32_t>(1, kernel.occupancy.max_residency);
  if (figures_ == KernelFigures::all) {
    k.maxima = Maxima(cu_count_);
  } else {
    k.largest_pred = LargestValue<Tick>(cu_count_, SliceMaxima::kNone);
  }
  running_.push_back(kernel.id);
}

void SimpleSlicingPredictor::on_block_start(const WorkgroupRecord& wg) {
  KernelSlices& k = kernels_[wg.kernel];
  // A tail call: the common path needs no stack frame.
  if (k.cus.empty()) [[unlikely]]
    return first_block_start(k, wg);
  count_block_start(k, wg);
}

void SimpleSlicingPredictor::first_block_start(KernelSlices& k, const WorkgroupRecord& wg) {
  k.cus.assign(cu_count_, k.untouched);
  count_block_start(k, wg);
}

inline void SimpleSlicingPredictor::count_block_start(KernelSlices& k, const WorkgroupRecord& wg) {
  const bool first = k.cus[wg.cu].count_start(wg.start);
  if (figures_ == KernelFigures::all && first) maxima_changed(k, wg.cu);
}

bool SimpleSlicingPredictor::on_block_end(const WorkgroupRecord& wg) {
  KernelSlices& k = kernels_[wg.kernel];
  CuSlice& s = k.cus[wg.cu];
  s.count_leaving(wg.end);
  ++s.done_blocks;
  if (wg.restore) [[unlikely]]
    return resumed_block_end(k, wg);
  if (mode_ != SliceMode::unaware || !s.predicted()) {
    // Algorithm 1 takes t from the first block to end after the slice began, even if that
    // block started in the previous slice.
    const bool sample = s.sampled_in != k.current_slice;
    s.t = CuSlice::select(sample, wg.end - wg.start, s.t);
    s.pred = s.equation2(wg.end);
    // The prediction that opens the CU's slice.
    s.opening_pred = CuSlice::select(sample, s.pred, s.opening_pred);
    s.sampled_in = k.current_slice;
  }
  return pred_changed(k, wg.cu);
}

bool SimpleSlicingPredictor::resumed_block_end(KernelSlices& k, const WorkgroupRecord& wg) {
  CuSlice& s = k.cus[wg.cu];
  if (!s.predicted()) return false;
  if (mode_ != SliceMode::unaware) s.pred = s.equation2(wg.end);
  return pred_changed(k, wg.cu);
}

void SimpleSlicingPredictor::on_block_evicted(const WorkgroupRecord& wg) {
  KernelSlices& k = kernels_[wg.kernel];
  k.cus[wg.cu].count_leaving(wg.end);
  if (figures_ == KernelFigures::all) maxima_changed(k, wg.cu);
}

void SimpleSlicingPredictor::on_kernel_end(KernelId kernel) {
  std::erase(running_, kernel);
  kernels_[kernel] = {};
  start_slice_for_running_kernels();
}

void SimpleSlicingPredictor::copy_sample(KernelId kernel, CuIndex from, Tick now) {
  KernelSlices& k = kernels_[kernel];
  const Tick t = k.cus[from].t;
  assert(t > 0 && "copying a sample that was never taken");
  for (CuIndex c = 0; c < k.cus.size(); ++c) {
    CuSlice& s = k.cus[c];
    if (s.predicted()) continue;
    s.t = t;
    s.pred = s.equation2(now);
    pred_changed(k, c);
  }
}

bool SimpleSlicingPredictor::pred_changed(KernelSlices& kernel, CuIndex cu) {
  if (figures_ == KernelFigures::runtime_only)
    return kernel.largest_pred.set(cu, kernel.cus[cu].pred);
  return maxima_changed(kernel, cu);
}

bool SimpleSlicingPredictor::maxima_changed(KernelSlices& kernel, CuIndex cu) {
  const Tick before = kernel.maxima.all().pred;
  kernel.maxima.set(cu, SliceMaxima::of(kernel.cus[cu]));
  return kernel.maxima.all().pred != before;
}

std::optional<CuIndex> SimpleSlicingPredictor::predicted_cu(KernelId kernel) const {
  const std::vector<CuSlice>& cus = kernels_[kernel].cus;
  for (CuIndex c = 0; c < cus.size(); ++c) {
    if (cus[c].predicted()) return c;
  }
  return std::nullopt;
}

std::optional<Tick> SimpleSlicingPredictor::current_slice_prediction(KernelId kernel) const {
  const KernelSlices& k = kernels_[kernel];
  std::optional<Tick> largest;
  for (const CuSlice& s : k.cus) {
    if (s.sampled_in == k.current_slice) largest = std::max(largest.value_or(0), s.opening_pred);
  }
  return largest;
}

void SimpleSlicingPredictor::start_slice_for_running_kernels() {
  if (mode_ == SliceMode::unaware) return;
  for (const KernelId k : running_)
    ++kernels_[k].current_slice;
}

}  // namespace aqlsim
