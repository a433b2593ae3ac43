#include "queue_sched/simple_slicing.hpp"

#include <algorithm>
#include <cassert>

namespace aqlsim {
namespace {

// Equation 2. Total_Blocks is only an estimate (blocks go to whichever CU frees first), so a
// CU that has done more than its share predicts no work left rather than negative work.
Tick equation2(const CuSlice& s, Tick now) {
  const std::uint64_t left = s.total_blocks > s.done_blocks ? s.total_blocks - s.done_blocks : 0;
  return s.active_at(now) + static_cast<Tick>(left) * s.t / s.resident_blocks;
}

}  // namespace

Tick CuSlice::remaining_at(Tick now) const {
  return std::max<Tick>(0, pred - active_at(now));
}

SimpleSlicingPredictor::SimpleSlicingPredictor(std::uint32_t cu_count, SliceMode mode)
    : cu_count_(cu_count), mode_(mode) {
  assert(cu_count > 0);
}

void SimpleSlicingPredictor::on_launch(const KernelState& kernel) {
  start_slice_for_running_kernels();
  if (kernels_.size() <= kernel.id) kernels_.resize(kernel.id + 1);
  CuSlice initial;
  initial.total_blocks = (kernel.total_workgroups + cu_count_ - 1) / cu_count_;
  initial.resident_blocks = std::max<std::uint32_t>(1, kernel.occupancy.max_residency);
  kernels_[kernel.id].assign(cu_count_, initial);
  running_.push_back(kernel.id);
}

void SimpleSlicingPredictor::on_block_start(const WorkgroupRecord& wg) {
  CuSlice& s = kernels_[wg.kernel][wg.cu];
  if (s.resident++ == 0) s.active_since = wg.start;
}

void SimpleSlicingPredictor::on_block_end(const WorkgroupRecord& wg) {
  CuSlice& s = kernels_[wg.kernel][wg.cu];
  assert(s.resident > 0 && "a block ended that was never started");
  if (--s.resident == 0) s.active_cycles += wg.end - s.active_since;
  ++s.done_blocks;
  if (mode_ == SliceMode::unaware && s.predicted()) return;
  // Algorithm 1 takes t from the first block to end after the slice began, even if that block
  // started in the previous slice.
  if (s.reslice) s.t = wg.end - wg.start;
  s.pred = equation2(s, wg.end);
  s.reslice = false;
}

void SimpleSlicingPredictor::on_kernel_end(KernelId kernel) {
  std::erase(running_, kernel);
  std::vector<CuSlice>().swap(kernels_[kernel]);
  start_slice_for_running_kernels();
}

void SimpleSlicingPredictor::copy_sample(KernelId kernel, CuIndex from, Tick now) {
  std::vector<CuSlice>& cus = kernels_[kernel];
  const Tick t = cus[from].t;
  assert(t > 0 && "copying a sample that was never taken");
  for (CuSlice& s : cus) {
    if (s.predicted()) continue;
    s.t = t;
    s.pred = equation2(s, now);
  }
}

bool SimpleSlicingPredictor::has_prediction(KernelId kernel) const {
  return predicted_cu(kernel).has_value();
}

std::optional<CuIndex> SimpleSlicingPredictor::predicted_cu(KernelId kernel) const {
  const std::vector<CuSlice>& cus = kernels_[kernel];
  for (CuIndex c = 0; c < cus.size(); ++c) {
    if (cus[c].predicted()) return c;
  }
  return std::nullopt;
}

std::optional<Tick> SimpleSlicingPredictor::predicted_runtime(KernelId kernel) const {
  std::optional<Tick> longest;
  for (const CuSlice& s : kernels_[kernel]) {
    if (s.predicted()) longest = std::max(longest.value_or(0), s.pred);
  }
  return longest;
}

std::optional<Tick> SimpleSlicingPredictor::remaining(KernelId kernel, Tick now) const {
  std::optional<Tick> longest;
  for (const CuSlice& s : kernels_[kernel]) {
    if (s.predicted()) longest = std::max(longest.value_or(0), s.remaining_at(now));
  }
  return longest;
}

void SimpleSlicingPredictor::start_slice_for_running_kernels() {
  if (mode_ == SliceMode::unaware) return;
  for (const KernelId k : running_) {
    for (CuSlice& s : kernels_[k])
      s.reslice = true;
  }
}

}  // namespace aqlsim
