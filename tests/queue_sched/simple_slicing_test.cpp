// The Simple Slicing predictor (Pai et al. §4) on block timelines worked out by hand, fed
// event by event as the dispatcher would (at one instant, ends before starts), and attached to
// a real run through SlicingObserver.
#include "queue_sched/simple_slicing.hpp"

#include <gtest/gtest.h>

#include "queue_sched/slicing_observer.hpp"
#include "queue_sched/staircase.hpp"
#include "tests/queue_sched/two_cu_device.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

KernelState kernel(KernelId id, std::uint64_t blocks, std::uint32_t residency) {
  KernelState k;
  k.id = id;
  k.total_workgroups = blocks;
  k.occupancy.max_residency = residency;
  return k;
}

WorkgroupRecord block(CuIndex cu, Tick start, Tick end, KernelId k = 0) {
  WorkgroupRecord wg;
  wg.kernel = k;
  wg.cu = cu;
  wg.start = start;
  wg.end = end;
  return wg;
}

TEST(SimpleSlicing, OnAPerfectStaircaseEquation2ReachesEquation1WhenTheFirstStepEnds) {
  // One CU, 8 blocks, R = 4, every block 40 ticks: steps [0,40] and [40,80].
  SimpleSlicingPredictor p(1, SliceMode::aware);
  p.on_launch(kernel(0, 8, 4));
  EXPECT_FALSE(p.has_prediction(0));
  EXPECT_EQ(p.predicted_runtime(0), std::nullopt);
  for (int i = 0; i < 4; ++i)
    p.on_block_start(block(0, 0, 40));
  // First end: Active 40, Done 1, t 40: Pred = 40 + (8 - 1) * 40 / 4 = 110.
  p.on_block_end(block(0, 0, 40));
  EXPECT_EQ(p.slice(0, 0).pred, 110);
  // After the other three: 40 + 4 * 40 / 4 = 80, equation 1's ceil(8/4) * 40.
  for (int i = 0; i < 3; ++i)
    p.on_block_end(block(0, 0, 40));
  EXPECT_EQ(p.slice(0, 0).pred, 80);
  EXPECT_EQ(p.slice(0, 0).pred, staircase_runtime(8, 4, 40));
  EXPECT_EQ(p.remaining(0, 40), 40);
}

TEST(SimpleSlicing, StaggeredStartsMakeEquation1UnderestimateButNotEquation2) {
  // §3.3, figure 5: R = 4, 8 blocks of 40 ticks on one CU, but the first four start at 0, 8,
  // 16 and 24, so they end at 40, 48, 56, 64 and their successors at 80, 88, 96, 104.
  // Equation 1 with t = 40 says 80: 0.77x of the actual 104.
  EXPECT_EQ(staircase_runtime(8, 4, 40), 80);
  SimpleSlicingPredictor p(1, SliceMode::aware);
  p.on_launch(kernel(0, 8, 4));
  for (const Tick start : {0, 8, 16, 24})
    p.on_block_start(block(0, start, start + 40));
  // Equation 2 after each end: Active (= now, resident since 0) + (8 - Done) * 40 / 4.
  const std::pair<Tick, Tick> expected[] = {{40, 40 + 7 * 10}, {48, 48 + 6 * 10}, {56, 56 + 5 * 10},
                                            {64, 64 + 4 * 10}, {80, 80 + 3 * 10}, {88, 88 + 2 * 10},
                                            {96, 96 + 1 * 10}, {104, 104}};
  for (const auto& [end, pred] : expected) {
    p.on_block_end(block(0, end - 40, end));
    if (end < 80) p.on_block_start(block(0, end, end + 40));
    EXPECT_EQ(p.slice(0, 0).pred, pred) << "after the block ending at " << end;
    EXPECT_GE(p.slice(0, 0).pred, 104);
  }
}

TEST(SimpleSlicing, ActiveKernelCyclesCountOnlyTimeWithABlockResident) {
  // Two CUs, 5 blocks, R = 1: Total_Blocks = ceil(5/2) = 3. CU 0 runs [0,10], then nothing
  // until [30,40] and [40,50].
  SimpleSlicingPredictor p(2, SliceMode::aware);
  p.on_launch(kernel(0, 5, 1));
  EXPECT_EQ(p.shape(0).total_blocks, 3u);
  p.on_block_start(block(0, 0, 10));
  p.on_block_end(block(0, 0, 10));
  // Active 10, Done 1, t 10: Pred = 10 + 2 * 10 = 30.
  EXPECT_EQ(p.slice(0, 0).pred, 30);
  // The gap does not count: at 20 Active is still 10 and 20 remain.
  EXPECT_EQ(p.slice(0, 0).active_at(20), 10);
  EXPECT_EQ(p.remaining(0, 20), 20);
  p.on_block_start(block(0, 30, 40));
  EXPECT_EQ(p.slice(0, 0).active_at(35), 15);
  p.on_block_end(block(0, 30, 40));
  p.on_block_start(block(0, 40, 50));
  // Active 10 + 10 = 20, Done 2, t still 10 (same slice): 20 + 1 * 10 = 30.
  EXPECT_EQ(p.slice(0, 0).active_cycles, 20);
  EXPECT_EQ(p.slice(0, 0).pred, 30);
  p.on_block_end(block(0, 40, 50));
  EXPECT_EQ(p.slice(0, 0).active_cycles, 30);
  EXPECT_EQ(p.slice(0, 0).pred, 30);
  // CU 1 never predicted, so the kernel-level figures are CU 0's.
  EXPECT_FALSE(p.slice(0, 1).predicted());
  EXPECT_EQ(p.predicted_runtime(0), 30);
}

// One CU, kernel A with 8 blocks and R = 2: [0,10] x2 and [10,20] x2; kernel B launches at 20
// and A's blocks slow down to 20 ticks: [20,40] x2 and [40,60] x2. A ends at 60.
void run_a_with_b_launching_at_20(SimpleSlicingPredictor& p) {
  p.on_launch(kernel(0, 8, 2));
  for (const Tick start : {0, 10}) {
    p.on_block_start(block(0, start, start + 10));
    p.on_block_start(block(0, start, start + 10));
    p.on_block_end(block(0, start, start + 10));
    p.on_block_end(block(0, start, start + 10));
  }
  p.on_launch(kernel(1, 4, 2));
  for (const Tick start : {20, 40}) {
    p.on_block_start(block(0, start, start + 20));
    p.on_block_start(block(0, start, start + 20));
    p.on_block_end(block(0, start, start + 20));
    if (start == 20) {
      // Slice-aware: the first end after B's launch resamples t = 20:
      // Pred = 40 + (8 - 5) * 20 / 2 = 70; unaware keeps the first prediction.
      EXPECT_EQ(p.slice(0, 0).pred, p.mode() == SliceMode::aware ? 70 : 45);
      // With Active 40: 30 left, or (unaware) only 5 although A runs until 60.
      EXPECT_EQ(p.remaining(0, 40), p.mode() == SliceMode::aware ? 30 : 5);
    }
    p.on_block_end(block(0, start, start + 20));
  }
}

TEST(SimpleSlicing, SliceAwareResamplesAfterAKernelLaunches) {
  SimpleSlicingPredictor p(1, SliceMode::aware);
  run_a_with_b_launching_at_20(p);
  // At 60: Active 60, Done 8: exactly the actual runtime.
  EXPECT_EQ(p.slice(0, 0).t, 20);
  EXPECT_EQ(p.predicted_runtime(0), 60);
}

TEST(SimpleSlicing, SliceUnawarePredictsOnceFromTheFirstBlock) {
  SimpleSlicingPredictor p(1, SliceMode::unaware);
  run_a_with_b_launching_at_20(p);
  // Made at the first end (10): Active 10 + (8 - 1) * 10 / 2 = 45, and never redone.
  EXPECT_EQ(p.slice(0, 0).t, 10);
  EXPECT_EQ(p.predicted_runtime(0), 45);
}

// The timeline of run_a_with_b_launching_at_20, told to a SlicingObserver as the dispatcher
// would: it keeps what Pai et al. figure 11 measures of a kernel run beside another.
std::optional<Tick> last_slice_prediction_of_a(SliceMode mode, Tick& first) {
  static const ComputeUnitSpec spec;
  const ComputeUnit cu(spec);
  SlicingObserver o(1, mode);
  const KernelState a = kernel(0, 8, 2);
  o.on_kernel_launched(a, 0);
  const auto run_step = [&](Tick start, Tick duration) {
    for (int i = 0; i < 2; ++i)
      o.on_workgroup_started(a, block(0, start, start + duration), cu);
    for (int i = 0; i < 2; ++i)
      o.on_workgroup_finished(a, block(0, start, start + duration));
  };
  run_step(0, 10);
  run_step(10, 10);
  o.on_kernel_launched(kernel(1, 4, 2), 20);
  run_step(20, 20);
  run_step(40, 20);
  o.on_kernel_completed(a, 60);
  first = o.history(0).front().second;
  return o.last_slice_prediction(0);
}

TEST(SlicingObserver, KeepsThePredictionMadeWhenTheLastSliceBegan) {
  // Slice 0 opens at A's first end (10): 10 + (8 - 1) * 10 / 2 = 45. B's launch at 20 opens
  // slice 1, the last; its first end (40) resamples t = 20: 40 + (8 - 5) * 20 / 2 = 70. The
  // slice-unaware predictor has one slice and one prediction: 45. A actually runs 60.
  Tick first = 0;
  EXPECT_EQ(last_slice_prediction_of_a(SliceMode::aware, first), 70);
  EXPECT_EQ(first, 45);
  EXPECT_EQ(last_slice_prediction_of_a(SliceMode::unaware, first), 45);
  EXPECT_EQ(first, 45);
}

TEST(SlicingObserver, ACuThatDidNotPredictInTheLastSliceIsLeftOut) {
  // Two CUs, 8 blocks, R = 2: Total_Blocks 4 per CU. CU 1 runs one block [0,19] and predicts
  // 19 + 3 * 19 / 2 = 47 (integer ticks) in slice 0, then nothing more. CU 0 runs [0,10] x2
  // (25 in slice 0); B launches at 20 (slice 1); CU 0 runs [20,40] x2 and opens slice 1 at 40
  // with t = 20: Active 30, Done 3: 30 + 1 * 20 / 2 = 40. The last slice's figure is CU 0's 40,
  // not CU 1's older and larger 47.
  static const ComputeUnitSpec spec;
  const ComputeUnit cu(spec);
  SlicingObserver o(2, SliceMode::aware);
  const KernelState a = kernel(0, 8, 2);
  o.on_kernel_launched(a, 0);
  const WorkgroupRecord on_cu1 = block(1, 0, 19);
  o.on_workgroup_started(a, on_cu1, cu);
  for (int i = 0; i < 2; ++i)
    o.on_workgroup_started(a, block(0, 0, 10), cu);
  for (int i = 0; i < 2; ++i)
    o.on_workgroup_finished(a, block(0, 0, 10));
  o.on_workgroup_finished(a, on_cu1);
  EXPECT_EQ(o.slice(0, 1).pred, 47);
  EXPECT_EQ(o.predicted_runtime(0), 47);  // CU 0 predicts 25, then 10 + 2 * 10 / 2 = 20
  o.on_kernel_launched(kernel(1, 4, 2), 20);
  for (int i = 0; i < 2; ++i)
    o.on_workgroup_started(a, block(0, 20, 40), cu);
  for (int i = 0; i < 2; ++i)
    o.on_workgroup_finished(a, block(0, 20, 40));
  o.on_kernel_completed(a, 40);
  EXPECT_EQ(o.last_slice_prediction(0), 40);
}

TEST(SimpleSlicing, TIsTakenFromTheFirstBlockToEndAfterTheBoundary) {
  // Algorithm 1 as written: B launches at 15 while A's blocks [10,20] run; the first of them to
  // end gives t = 10 although the blocks after it take 20. One CU, 8 blocks, R = 2.
  SimpleSlicingPredictor p(1, SliceMode::aware);
  p.on_launch(kernel(0, 8, 2));
  for (int i = 0; i < 2; ++i)
    p.on_block_start(block(0, 0, 10));
  for (int i = 0; i < 2; ++i)
    p.on_block_end(block(0, 0, 10));
  for (int i = 0; i < 2; ++i)
    p.on_block_start(block(0, 10, 20));
  p.on_launch(kernel(1, 4, 2));
  for (int i = 0; i < 2; ++i)
    p.on_block_end(block(0, 10, 20));
  EXPECT_EQ(p.slice(0, 0).t, 10);
  for (const Tick start : {20, 40}) {
    for (int i = 0; i < 2; ++i)
      p.on_block_start(block(0, start, start + 20));
    for (int i = 0; i < 2; ++i)
      p.on_block_end(block(0, start, start + 20));
    // At 40: 40 + (8 - 6) * 10 / 2 = 50, under the actual 60; Active corrects it at 60.
    if (start == 20) {
      EXPECT_EQ(p.slice(0, 0).pred, 50);
    }
  }
  EXPECT_EQ(p.predicted_runtime(0), 60);
}

// A block resumed from a saved context (context-save) ran its restore and the rest of its
// work: its time is no block's duration, so the next whole block samples t. One CU, 8 blocks,
// R = 2 (Total_Blocks 8). A resumed block [0,5] ends first: no prediction; the whole block
// [0,20] gives t = 20 and Pred = 20 + (8 - 2) * 20 / 2 = 80. (t was once 5: Pred 35.)
template <KernelFigures Figures>
void expect_a_resumed_block_to_sample_nothing(SliceMode mode) {
  SlicingPredictor<Figures> p(1, mode);
  p.on_launch(kernel(0, 8, 2));
  WorkgroupRecord resumed = block(0, 0, 5);
  resumed.restore = true;
  p.on_block_start(resumed);
  p.on_block_start(block(0, 0, 20));
  EXPECT_FALSE(p.on_block_end(resumed));
  EXPECT_FALSE(p.has_prediction(0));
  EXPECT_TRUE(p.on_block_end(block(0, 0, 20)));
  EXPECT_EQ(p.slice(0, 0).t, 20);
  EXPECT_EQ(p.predicted_runtime(0), 80);
}

TEST(SimpleSlicing, ABlockResumedFromASavedContextSamplesNoDuration) {
  for (const SliceMode mode : {SliceMode::aware, SliceMode::unaware}) {
    expect_a_resumed_block_to_sample_nothing<KernelFigures::all>(mode);
    expect_a_resumed_block_to_sample_nothing<KernelFigures::runtime_only>(mode);
  }
}

// The same in a later slice: B launches at 22 while a resumed block [20,24] and a whole one
// [20,50] run. The resumed block's end predicts with the old t, 24 + (8 - 3) * 20 / 2 = 74, and
// leaves the sample to the whole block: t = 30, Pred = 50 + (8 - 4) * 30 / 2 = 110, the
// prediction that opens the slice.
TEST(SimpleSlicing, AResumedBlockLeavesTheSliceSampleToTheNextWholeBlock) {
  SimpleSlicingPredictor p(1, SliceMode::aware);
  p.on_launch(kernel(0, 8, 2));
  for (int i = 0; i < 2; ++i)
    p.on_block_start(block(0, 0, 20));
  for (int i = 0; i < 2; ++i)
    p.on_block_end(block(0, 0, 20));
  WorkgroupRecord resumed = block(0, 20, 24);
  resumed.restore = true;
  p.on_block_start(resumed);
  p.on_block_start(block(0, 20, 50));
  p.on_launch(kernel(1, 4, 2));
  p.on_block_end(resumed);
  EXPECT_EQ(p.slice(0, 0).t, 20);
  EXPECT_EQ(p.slice(0, 0).pred, 74);
  EXPECT_EQ(p.current_slice_prediction(0), std::nullopt);
  p.on_block_end(block(0, 20, 50));
  EXPECT_EQ(p.slice(0, 0).t, 30);
  EXPECT_EQ(p.slice(0, 0).pred, 110);
  EXPECT_EQ(p.current_slice_prediction(0), 110);
}

TEST(SimpleSlicing, ACopiedSampleGivesTheOtherCusTheirFirstPrediction) {
  // Two CUs, 12 blocks, R = 2: Total_Blocks = 6 each. CU 0 runs [0,10]; CU 1 runs [4,24].
  SimpleSlicingPredictor p(2, SliceMode::aware);
  p.on_launch(kernel(0, 12, 2));
  p.on_block_start(block(0, 0, 10));
  p.on_block_start(block(1, 4, 24));
  p.on_block_end(block(0, 0, 10));
  EXPECT_EQ(p.predicted_cu(0), 0u);
  // CU 0: 10 + 5 * 10 / 2 = 35. Copied to CU 1 at 10: Active 6 + 6 * 10 / 2 = 36.
  p.copy_sample(0, 0, 10);
  EXPECT_EQ(p.slice(0, 0).pred, 35);
  EXPECT_EQ(p.slice(0, 1).pred, 36);
  // Kernel level, the latest CU: runtime max(35, 36); remaining max(35 - 10, 36 - 6) = 30.
  EXPECT_EQ(p.predicted_runtime(0), 36);
  EXPECT_EQ(p.remaining(0, 10), 30);
  // CU 1's own first block still resamples: t = 20, Pred = 20 + 5 * 20 / 2 = 70.
  p.on_block_end(block(1, 4, 24));
  EXPECT_EQ(p.slice(0, 1).t, 20);
  EXPECT_EQ(p.predicted_runtime(0), 70);
}

TEST(SimpleSlicing, AMaskedKernelsBlocksAreSharedByTheCusItsMaskAdmits) {
  // Four CUs, the queue's mask admits CU 0 only; 40 blocks, R = 10, every block 10 ticks: four
  // steps of ten on CU 0, 40 ticks. Total_Blocks = 40 / 1, not ceil(40 / 4) = 10 (with 10, the
  // first end predicted 10 + 9 * 10 / 10 = 19, and every later one that the kernel was done).
  SimpleSlicingPredictor p(4, SliceMode::aware);
  KernelState k = kernel(0, 40, 10);
  k.cu_mask = {1, 0, 0, 0};
  p.on_launch(k);
  EXPECT_EQ(p.shape(0).total_blocks, 40u);
  for (int i = 0; i < 10; ++i)
    p.on_block_start(block(0, 0, 10));
  p.on_block_end(block(0, 0, 10));
  // 10 + (40 - 1) * 10 / 10 = 49.
  EXPECT_EQ(p.predicted_runtime(0), 49);
  // The copied sample reaches no CU the mask bars: they never run the kernel.
  p.copy_sample(0, 0, 10);
  for (const CuIndex cu : {1u, 2u, 3u})
    EXPECT_FALSE(p.slice(0, cu).predicted()) << "CU " << cu;
  for (int i = 0; i < 9; ++i)
    p.on_block_end(block(0, 0, 10));
  // After the first step: 10 + 30 * 10 / 10 = 40, the kernel's runtime.
  EXPECT_EQ(p.predicted_runtime(0), 40);
  EXPECT_EQ(p.remaining(0, 10), 30);
}

template <KernelFigures Figures>
void expect_remaining_never_negative_and_ended_kernels_forgotten() {
  SlicingPredictor<Figures> p(1, SliceMode::aware);
  p.on_launch(kernel(0, 2, 2));
  p.on_block_start(block(0, 0, 10));
  p.on_block_start(block(0, 0, 30));
  p.on_block_end(block(0, 0, 10));
  // 10 + (2 - 1) * 10 / 2 = 15; the other block runs on past it.
  EXPECT_EQ(p.predicted_runtime(0), 15);
  if constexpr (Figures == KernelFigures::all) {
    EXPECT_EQ(p.remaining(0, 25), 0);
  }
  p.on_block_end(block(0, 0, 30));
  p.on_kernel_end(0);
  EXPECT_FALSE(p.has_prediction(0));
}

TEST(SimpleSlicing, RemainingIsNeverNegativeAndEndedKernelsAreForgotten) {
  expect_remaining_never_negative_and_ended_kernels_forgotten<KernelFigures::all>();
  expect_remaining_never_negative_and_ended_kernels_forgotten<KernelFigures::runtime_only>();
}

TEST(SlicingObserver, PredictsAnyPolicysRunFromTheOutside) {
  // fifo, 24 blocks of 10 us on two CUs of R = 4: three steps, 30 us; each CU's share is 12
  // blocks. A block ending on a CU at the end of step s (at 10s us) predicts, by equation 2,
  // 10s + (12 - done) * 10 / 4 us; the kernel's prediction is the larger of the two CUs', so it
  // changes once both CUs have ended their j-th block of the step (done = 4(s - 1) + j):
  // 37.5, 35, 32.5 and finally 30 us, the actual runtime, in every step. The history keeps
  // only these changes.
  SlicingObserver predictions(2, SliceMode::aware);
  auto sim = testing::simulate(std::string(testing::kTwoCuDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
queues:
  - {packets: [{name: grid, dispatch: k, workgroups: 24}]}
scheduling: {thread_block: fifo}
)",
                               {}, {&predictions});
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  SlicingObserver::History expected;
  for (Tick step = 1; step <= 3; ++step) {
    for (Tick j = 1; j <= 4; ++j) {
      const Tick done = 4 * (step - 1) + j;
      expected.emplace_back(step * 10 * kMicrosecond,
                            step * 10 * kMicrosecond + (12 - done) * 10 * kMicrosecond / 4);
    }
  }
  EXPECT_EQ(predictions.history(sim->kernel("grid").id), expected);
  EXPECT_EQ(sim->kernel("grid").end, 30 * kMicrosecond);
}

// Checks, after every block event of a real run, that the kernel-level figures the predictor
// keeps up to date are the maxima over the CUs of table 1's state, computed afresh (with
// KernelFigures::runtime_only, the ones it keeps: not `remaining`).
template <KernelFigures Figures>
class KernelFiguresMatchAScanOfTheCus final : public ModelObserver {
 public:
  KernelFiguresMatchAScanOfTheCus(std::uint32_t cus, SliceMode mode)
      : cus_(cus), predictor_(cus, mode) {}

  void on_kernel_launched(const KernelState& k, Tick) override {
    predictor_.on_launch(k);
    running_.push_back(k.id);
  }
  void on_workgroup_started(const KernelState&, const WorkgroupRecord& wg,
                            const ComputeUnit&) override {
    predictor_.on_block_start(wg);
    check(wg.start);
  }
  void on_workgroup_finished(const KernelState&, const WorkgroupRecord& wg) override {
    predictor_.on_block_end(wg);
    check(wg.end);
  }
  void on_kernel_completed(const KernelState& k, Tick) override {
    predictor_.on_kernel_end(k.id);
    std::erase(running_, k.id);
  }
  int checks = 0;

 private:
  void check(Tick now) {
    for (const KernelId k : running_) {
      std::optional<Tick> runtime;
      std::optional<Tick> remaining;
      for (CuIndex c = 0; c < cus_; ++c) {
        const CuSlice& s = predictor_.slice(k, c);
        if (!s.predicted()) continue;
        runtime = std::max(runtime.value_or(0), s.pred);
        remaining = std::max(remaining.value_or(0), s.remaining_at(now));
      }
      ASSERT_EQ(predictor_.predicted_runtime(k), runtime) << "kernel " << k << " at " << now;
      if constexpr (Figures == KernelFigures::all) {
        ASSERT_EQ(predictor_.remaining(k, now), remaining) << "kernel " << k << " at " << now;
      }
      ASSERT_EQ(predictor_.has_prediction(k), runtime.has_value());
      ++checks;
    }
  }

  std::uint32_t cus_;
  SlicingPredictor<Figures> predictor_;
  std::vector<KernelId> running_;
};

// Three kernels of different shapes with wide spread, arriving at different times on three CUs,
// so that slices change and some CUs never predict; srtf and mpmax also hold kernels back, so a
// CU that has predicted goes idle for a kernel and busy again.
template <KernelFigures Figures>
void expect_kernel_figures_to_match_a_scan(const std::string& policy, SliceMode mode) {
  KernelFiguresMatchAScanOfTheCus<Figures> watcher(3, mode);
  auto sim = testing::simulate(R"(
device:
  compute_units: 3
  cu: {simds: 1, waves_per_simd: 8, vgprs_per_simd: 1024, vgpr_granule: 1, sgprs_per_simd: 0}
  front_end: {packet_latency: 0}
kernels:
  - {name: a, workgroup_size: 64, vgprs: 1, wg_time: 10us, rsd: 0.6, workgroups: 40}
  - {name: b, workgroup_size: 192, vgprs: 1, wg_time: 4us, rsd: 0.4, workgroups: 9}
  - {name: c, workgroup_size: 128, vgprs: 1, wg_time: 25us, rsd: 0.3, workgroups: 20}
queues:
  - {packets: [{name: A, dispatch: a}, {name: C2, dispatch: c, at: 70us}]}
  - {packets: [{name: B, dispatch: b, at: 13us}]}
  - {packets: [{name: C, dispatch: c, at: 5us}]}
scheduling: {thread_block: )" + policy +
                                   "}\n",
                               {}, {&watcher});
  ASSERT_EQ(sim->outcome.status, RunStatus::completed) << policy;
  EXPECT_GT(watcher.checks, 200) << policy;
}

TEST(SimpleSlicing, KernelFiguresAreTheMaximaOverTheCusAfterEveryEvent) {
  for (const std::string policy : {"fifo-backfill", "srtf", "mpmax"}) {
    for (const SliceMode mode : {SliceMode::aware, SliceMode::unaware}) {
      expect_kernel_figures_to_match_a_scan<KernelFigures::all>(policy, mode);
      expect_kernel_figures_to_match_a_scan<KernelFigures::runtime_only>(policy, mode);
    }
  }
}

}  // namespace
}  // namespace aqlsim
