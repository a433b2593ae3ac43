#pragma once
// The Simple Slicing runtime predictor of Pai et al. §4: per kernel and per CU, the state of
// table 1, updated by the four events of algorithm 1, predicting with equation 2
//   Pred = Active_Kernel_Cycles + (Total_Blocks - Done_Blocks) * t / Resident_Blocks
// at the end of every OnBlockEnd, t being the duration of the first block to end in the
// current slice. Kernel launches and kernel ends start a new slice for every running kernel.
//
// It is fed the dispatcher's events (a thread-block scheduler forwards its hooks; an
// experiment can attach it to any policy through SlicingObserver) and reads nothing else.
#include <algorithm>
#include <cassert>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>

#include "hsa_model/kernel_state.hpp"
#include "hsa_model/time.hpp"
#include "queue_sched/largest_value.hpp"
#include "queue_sched/tournament_tree.hpp"

namespace aqlsim {

enum class SliceMode {
  aware,    // "/SS": t is resampled after every slice boundary
  unaware,  // the prediction is made once, from the first block to end, and never redone
};

// Which kernel-level figures are kept up to date: `runtime_only` serves an observer, which
// reads the predicted runtime and never `remaining` (SRTF does, after every block end): only the
// largest Pred_Cycles is kept (a LargestValue, not the tree), and a block start touches nothing.
enum class KernelFigures { all, runtime_only };

// Table 1's per-kernel figures, the same on every CU.
struct KernelShape {
  // Total_Blocks = ceil(Blocks / N_CU), an estimate; N_CU counts the CUs its queue's CU mask
  // lets it use at launch (a kernel scheduler that narrows the mask later is not followed).
  std::uint64_t total_blocks = 0;
  std::uint32_t resident_blocks = 1;  // Resident_Blocks = R, set at launch
};

// Table 1 for one kernel on one CU, one cache line. Block_Start[] is not kept: every
// WorkgroupRecord carries its own start. Total_Blocks_Done is the kernel's `completed` count,
// which no formula uses.
struct alignas(64) CuSlice {
  Tick active_cycles = 0;         // Active_Kernel_Cycles, up to `active_since` while resident
  Tick active_since = 0;          // when the kernel last went from 0 to 1 resident block here
  std::uint64_t done_blocks = 0;  // Done_Blocks
  Tick t = 0;                     // 0 until a duration has been sampled (blocks take >= 1 tick)
  Tick pred = 0;                  // Pred_Cycles, equation 2 at the last prediction
  Tick opening_pred = 0;       // Pred_Cycles when t was last sampled: the slice's first prediction
  std::uint32_t resident = 0;  // the kernel's blocks on the CU now
  // Reslice is "t was not sampled in the kernel's current slice": kept as the slice of the last
  // sample, so that starting a slice for every running kernel touches no CU.
  std::uint32_t sampled_in = kNotSampled;
  static constexpr std::uint32_t kNotSampled = std::numeric_limits<std::uint32_t>::max();

  bool predicted() const { return t > 0; }
  Tick active_at(Tick now) const { return active_cycles + (resident > 0 ? now - active_since : 0); }
  // Pred_Cycles - Active_Kernel_Cycles: what is left of the prediction at `now`.
  Tick remaining_at(Tick now) const;

  // OnBlockStart's update of a block placed at `now`; true when it is the kernel's only block
  // here.
  bool count_start(Tick now) {
    const bool first = resident++ == 0;
    active_since = select(first, now, active_since);
    return first;
  }
  // A block left at `now`: it ended or was evicted.
  void count_leaving(Tick now) {
    assert(resident > 0 && "a block left a CU it was never placed on");
    active_cycles += select<Tick>(--resident == 0, now - active_since, 0);
  }
  // Equation 2. Total_Blocks is only an estimate (blocks go to whichever CU frees first), so a
  // CU that has done more than its share predicts no work left rather than negative work.
  Tick equation2(Tick now, const KernelShape& kernel) const {
    const std::uint64_t left = kernel.total_blocks - std::min(kernel.total_blocks, done_blocks);
    return active_at(now) + scaled_duration(left, t) / kernel.resident_blocks;
  }

  // `a` if `c`, else `b`, with `c` marked as unpredictable (a 50% chance), so that the compiler
  // emits a conditional move rather than a branch. At a block event, whether it is the first or
  // last block here or opens a slice follows no pattern a branch predictor learns: with the
  // branches, `fifo-backfill` with the predictor watching took 2 to 3% longer. (A mask and two
  // ANDs did the same in three more instructions.)
  template <class T>
  static T select(bool c, T a, T b) {
    return __builtin_expect_with_probability(c, true, 0.5) ? a : b;
  }
};

// The figures of one CU whose maxima over a kernel's CUs make its kernel-level prediction.
// None moves with time (Pred - Active_Kernel_Cycles(now) of a CU with blocks resident is
// runs_out_at - now), so they are kept in a TournamentTree as blocks start and end: O(log CUs)
// per block event, O(1) per question. A CU without a prediction contributes nothing (kNone).
struct SliceMaxima {
  static constexpr Tick kNone = std::numeric_limits<Tick>::min();
  Tick pred = kNone;         // Pred_Cycles
  Tick runs_out_at = kNone;  // with blocks resident: when Pred - Active_Kernel_Cycles reaches 0
  Tick frozen_left = kNone;  // with none resident: Pred - Active_Kernel_Cycles, which then stays

  static SliceMaxima of(const CuSlice& s);
  struct Max {
    SliceMaxima operator()(const SliceMaxima& a, const SliceMaxima& b) const;
  };
};

// The predictor, keeping the kernel-level figures that `Figures` says: a template parameter, so
// that a watching observer's block events test nothing for it and carry no code for the tree.
template <KernelFigures Figures>
class SlicingPredictor {
 public:
  SlicingPredictor(std::uint32_t cu_count, SliceMode mode);

  void on_launch(const KernelState& kernel);       // OnLaunch
  void on_block_start(const WorkgroupRecord& wg);  // OnBlockStart
  // OnBlockEnd, then equation 2. True when the kernel's predicted runtime changed.
  bool on_block_end(const WorkgroupRecord& wg);
  // A block left its CU unfinished (eviction): it no longer counts as resident, is not done,
  // and samples nothing.
  void on_block_evicted(const WorkgroupRecord& wg);
  void on_kernel_end(KernelId kernel);  // OnKernelEnd

  // SRTF's sample (§5.1.1): every CU without a sampled t that the kernel's CU mask at launch
  // admits takes the t of CU `from` and predicts with equation 2 on its own counters. Those CUs
  // still resample when their own first block ends (slice-aware mode), since their Reslice stays
  // set.
  void copy_sample(KernelId kernel, CuIndex from, Tick now);

  SliceMode mode() const { return mode_; }
  const CuSlice& slice(KernelId kernel, CuIndex cu) const {
    const KernelSlices& k = kernels_[kernel];
    return k.cus.empty() ? k.untouched : k.cus[cu];
  }
  const KernelShape& shape(KernelId kernel) const { return kernels_[kernel].shape; }
  bool has_prediction(KernelId kernel) const { return predicted_runtime(kernel).has_value(); }
  // The first CU (lowest index) with a prediction for `kernel`.
  std::optional<CuIndex> predicted_cu(KernelId kernel) const;

  // Pai et al. predict per CU and leave open how a kernel-level figure is formed. Here the
  // kernel ends when its last CU does, so both are the maximum over the CUs that have a
  // prediction (CUs without one are not counted; nullopt when none has):
  //  - predicted_runtime: the largest Pred_Cycles, an estimate of the kernel's runtime;
  //  - remaining: the largest Pred_Cycles - Active_Kernel_Cycles(now), at least 0. It falls as
  //    the kernel runs between two predictions and is corrected by the next one. Not kept with
  //    KernelFigures::runtime_only.
  std::optional<Tick> predicted_runtime(KernelId kernel) const {
    const Tick longest = largest_pred(kernels_[kernel].maxima);
    if (longest == SliceMaxima::kNone) return std::nullopt;
    return longest;
  }
  // A member template, so that instantiating the runtime-only class leaves it out. Inline: the
  // ranking of srtf asks it for every ranked kernel after every block end.
  template <KernelFigures F = Figures>
  std::optional<Tick> remaining(KernelId kernel, Tick now) const requires(F == KernelFigures::all) {
    const SliceMaxima m = kernels_[kernel].maxima.all();
    if (m.pred == SliceMaxima::kNone) return std::nullopt;
    // A predicted CU sets exactly one of the two, so at least one is set here.
    Tick longest = 0;
    if (m.runs_out_at != SliceMaxima::kNone) longest = std::max(longest, m.runs_out_at - now);
    if (m.frozen_left != SliceMaxima::kNone) longest = std::max(longest, m.frozen_left);
    return longest;
  }
  // What Pai et al. §4.2 measure for a kernel run beside others ("only for the last slice"):
  // on each CU the prediction made when the kernel's current slice began there (at its first
  // block end in that slice), the largest over the CUs that made one; nullopt if none did. In
  // slice-unaware mode there is one slice: each CU's only prediction.
  std::optional<Tick> current_slice_prediction(KernelId kernel) const;

 private:
  static constexpr bool kAll = Figures == KernelFigures::all;
  // The kernel-level figures over a kernel's `cus`: KernelFigures::all, the SliceMaxima in a
  // tree; runtime_only, the largest Pred_Cycles (kNone: none, also once the kernel has ended
  // and its slices are reset).
  using Maxima =
      std::conditional_t<kAll, TournamentTree<SliceMaxima, SliceMaxima::Max>, LargestValue<Tick>>;
  static Maxima no_maxima(std::uint32_t cus) {
    if constexpr (kAll)
      return Maxima(cus);
    else
      return Maxima(cus, SliceMaxima::kNone);
  }
  static Tick largest_pred(const Maxima& m) {
    if constexpr (kAll)
      return m.all().pred;
    else
      return m.largest();
  }

  struct KernelSlices {
    // Made at the kernel's first block start, every CU as `untouched` (its state until then).
    // Made at the launch, it had gone cold by the first start (kernels launched ahead wait for
    // room), and the first start on each CU waited for memory: 120 such waits a kernel cost
    // `fifo-backfill` with the predictor watching 2-3% of its time with 1000-block kernels.
    std::vector<CuSlice> cus;
    CuSlice untouched;
    KernelShape shape;
    std::vector<std::uint8_t> cu_mask;  // the kernel's at launch (empty: every CU)
    Maxima maxima = no_maxima(0);
    // 0 from the kernel's launch, one more at every later slice boundary (always 0 in
    // slice-unaware mode).
    std::uint32_t current_slice = 0;
  };

  // OnBlockStart's table-1 update; the first of a kernel's blocks makes its `cus` first.
  void count_block_start(KernelSlices& kernel, const WorkgroupRecord& wg);
  [[gnu::noinline, gnu::cold]] void first_block_start(KernelSlices& kernel,
                                                      const WorkgroupRecord& wg);
  // OnBlockEnd of a block resumed from a saved context (context-save): it ran a restore and
  // the rest of its work, which is no block's duration, so it samples no t and leaves the
  // slice's sample to the next whole block; it still predicts with the t already sampled.
  [[gnu::noinline, gnu::cold]] bool resumed_block_end(KernelSlices& kernel,
                                                      const WorkgroupRecord& wg);
  void start_slice_for_running_kernels();
  // Brings the kernel-level figures up to date after `cu`'s Pred_Cycles changed; true when the
  // predicted runtime did.
  bool pred_changed(KernelSlices& kernel, CuIndex cu);
  // Brings the kernel-level figures up to date after `cu`'s row of table 1 changed (at a block
  // end, and when blocks start or leave there); true when the predicted runtime changed. Only
  // the tree (KernelFigures::all) has figures that a start or a leaving block moves: with
  // runtime_only it does nothing (and a block start, inline, does not call it).
  bool maxima_changed(KernelSlices& kernel, CuIndex cu);

  std::uint32_t cu_count_;
  SliceMode mode_;
  std::vector<KernelSlices> kernels_;  // by KernelId; freed at the kernel's end
  std::vector<KernelId> running_;
};

// What srtf's ranking needs: every kernel-level figure.
using SimpleSlicingPredictor = SlicingPredictor<KernelFigures::all>;

// Inline: a watching SlicingObserver calls these for every block.
template <KernelFigures Figures>
inline void SlicingPredictor<Figures>::on_block_start(const WorkgroupRecord& wg) {
  KernelSlices& k = kernels_[wg.kernel];
  // A tail call: the common path needs no stack frame.
  if (k.cus.empty()) [[unlikely]]
    return first_block_start(k, wg);
  count_block_start(k, wg);
}

template <KernelFigures Figures>
inline void SlicingPredictor<Figures>::count_block_start(KernelSlices& k,
                                                         const WorkgroupRecord& wg) {
  const bool first = k.cus[wg.cu].count_start(wg.start);
  if constexpr (kAll) {
    if (first) maxima_changed(k, wg.cu);
  }
}

template <KernelFigures Figures>
inline bool SlicingPredictor<Figures>::pred_changed(KernelSlices& kernel, CuIndex cu) {
  if constexpr (kAll)
    return maxima_changed(kernel, cu);
  else
    return kernel.maxima.set(cu, kernel.cus[cu].pred);
}

template <KernelFigures Figures>
inline bool SlicingPredictor<Figures>::on_block_end(const WorkgroupRecord& wg) {
  // Read once: to the compiler, the writes to table 1 below might change `wg`.
  const Tick start = wg.start;
  const Tick end = wg.end;
  const CuIndex cu = wg.cu;
  KernelSlices& k = kernels_[wg.kernel];
  CuSlice& s = k.cus[cu];
  s.count_leaving(end);
  ++s.done_blocks;
  if (wg.restore) [[unlikely]]
    return resumed_block_end(k, wg);
  if (mode_ != SliceMode::unaware || !s.predicted()) {
    // Algorithm 1 takes t from the first block to end after the slice began, even if that
    // block started in the previous slice.
    const bool sample = s.sampled_in != k.current_slice;
    s.t = CuSlice::select(sample, end - start, s.t);
    s.pred = s.equation2(end, k.shape);
    // The prediction that opens the CU's slice.
    s.opening_pred = CuSlice::select(sample, s.pred, s.opening_pred);
    s.sampled_in = k.current_slice;
  }
  return pred_changed(k, cu);
}

}  // namespace aqlsim
