#include "queue_sched/simple_slicing.hpp"

#include <algorithm>
#include <cassert>

namespace aqlsim {
namespace {

// Equation 2. Total_Blocks is only an estimate (blocks go to whichever CU frees first), so a
// CU that has done more than its share predicts no work left rather than negative work.
Tick equation2(const CuSlice& s, Tick now) {
  const std::uint64_t left = s.total_blocks > s.done_blocks ? s.total_blocks - s.done_blocks : 0;
  return s.active_at(now) + scaled_duration(left, s.t) / s.resident_blocks;
}

}  // namespace

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
  CuSlice& s = k.cus[wg.cu];
  if (s.resident++ > 0) return;
  s.active_since = wg.start;
  if (figures_ == KernelFigures::all) k.maxima.set(wg.cu, SliceMaxima::of(s));
}

bool SimpleSlicingPredictor::on_block_end(const WorkgroupRecord& wg) {
  KernelSlices& k = kernels_[wg.kernel];
  CuSlice& s = k.cus[wg.cu];
  assert(s.resident > 0 && "a block ended that was never started");
  if (--s.resident == 0) s.active_cycles += wg.end - s.active_since;
  ++s.done_blocks;
  if (mode_ != SliceMode::unaware || !s.predicted()) {
    // Algorithm 1 takes t from the first block to end after the slice began, even if that
    // block started in the previous slice.
    const bool sample = s.sampled_in != k.current_slice;
    if (sample) s.t = wg.end - wg.start;
    s.pred = equation2(s, wg.end);
    if (sample) s.opening_pred = s.pred;  // the prediction that opens the CU's slice
    s.sampled_in = k.current_slice;
  }
  return pred_changed(k, wg.cu);
}

void SimpleSlicingPredictor::on_block_evicted(const WorkgroupRecord& wg) {
  KernelSlices& k = kernels_[wg.kernel];
  CuSlice& s = k.cus[wg.cu];
  assert(s.resident > 0 && "a block was evicted that was never started");
  if (--s.resident == 0) s.active_cycles += wg.end - s.active_since;
  if (figures_ == KernelFigures::all) k.maxima.set(wg.cu, SliceMaxima::of(s));
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
    s.pred = equation2(s, now);
    pred_changed(k, c);
  }
}

bool SimpleSlicingPredictor::pred_changed(KernelSlices& kernel, CuIndex cu) {
  const CuSlice& s = kernel.cus[cu];
  if (figures_ == KernelFigures::runtime_only) return kernel.largest_pred.set(cu, s.pred);
  const Tick before = kernel.maxima.all().pred;
  kernel.maxima.set(cu, SliceMaxima::of(s));
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
