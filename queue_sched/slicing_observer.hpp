#pragma once
// Runs the Simple Slicing predictor beside any thread-block policy: attach it as a
// ModelObserver and read each kernel's predictions (accuracy experiments, Pai et al. figure
// 11), or have each change of a kernel's prediction passed on as on_prediction to other
// observers (the trace and the JSON of a policy that has no predictor of its own).
#include <optional>
#include <utility>
#include <vector>

#include "hsa_model/observer.hpp"
#include "queue_sched/simple_slicing.hpp"

namespace aqlsim {

class SlicingObserver final : public ModelObserver {
 public:
  using History = std::vector<std::pair<Tick, Tick>>;  // (time, predicted runtime)

  SlicingObserver(std::uint32_t cu_count, SliceMode mode) : predictor_(cu_count, mode) {}

  void on_kernel_launched(const KernelState& kernel, Tick) override;
  void on_workgroup_started(const KernelState&, const WorkgroupRecord& wg,
                            const ComputeUnit&) override {
    predictor_.on_block_start(wg);
  }
  void on_workgroup_finished(const KernelState& kernel, const WorkgroupRecord& wg) override {
    if (predictor_.on_block_end(wg)) [[unlikely]]
      record_change(kernel, wg);
  }
  void on_workgroup_evicted(const KernelState&, const WorkgroupRecord& wg, double) override {
    predictor_.on_block_evicted(wg);
  }
  void on_kernel_completed(const KernelState& kernel, Tick) override;

  // Each time a kernel's predicted runtime changes, `sink` hears of it (not owned).
  void forward_changes_to(ModelObserver* sink) { sinks_.push_back(sink); }

  // What the predictor keeps for an observer: not `remaining`, which only a thread-block policy
  // reads (KernelFigures::runtime_only); the whole predictor is therefore not handed out.
  std::optional<Tick> predicted_runtime(KernelId kernel) const {
    return predictor_.predicted_runtime(kernel);
  }
  const CuSlice& slice(KernelId kernel, CuIndex cu) const { return predictor_.slice(kernel, cu); }
  // The kernel-level predicted runtime each time it changed at a block end (one entry per
  // change, not per block: a kernel of a billion blocks keeps a short history).
  const History& history(KernelId kernel) const { return histories_.at(kernel); }
  // SimpleSlicingPredictor::current_slice_prediction as the kernel completed: what Pai et al.
  // §4.2 measure for a kernel run beside others, from its last slice.
  std::optional<Tick> last_slice_prediction(KernelId kernel) const {
    return last_slice_.at(kernel);
  }

 private:
  // The predicted runtime changed at `wg`'s end (out of line: a block end seldom changes it).
  [[gnu::noinline]] void record_change(const KernelState& kernel, const WorkgroupRecord& wg);

  SlicingPredictor<KernelFigures::runtime_only> predictor_;
  std::vector<History> histories_;               // by KernelId
  std::vector<std::optional<Tick>> last_slice_;  // by KernelId
  std::vector<ModelObserver*> sinks_;
};

}  // namespace aqlsim
