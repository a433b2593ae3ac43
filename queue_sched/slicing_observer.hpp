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

  SlicingObserver(std::uint32_t cu_count, SliceMode mode)
      : cu_count_(cu_count), predictor_(cu_count, mode, KernelFigures::runtime_only) {}

  void on_kernel_launched(const KernelState& kernel, Tick) override;
  void on_workgroup_started(const KernelState&, const WorkgroupRecord& wg,
                            const ComputeUnit&) override {
    predictor_.on_block_start(wg);
  }
  void on_workgroup_finished(const KernelState& kernel, const WorkgroupRecord& wg) override;
  void on_workgroup_evicted(const KernelState&, const WorkgroupRecord& wg, double) override {
    predictor_.on_block_evicted(wg);
  }
  void on_kernel_completed(const KernelState& kernel, Tick) override;

  // Each time a kernel's predicted runtime changes, `sink` hears of it (not owned).
  void forward_changes_to(ModelObserver* sink) { sinks_.push_back(sink); }

  const SimpleSlicingPredictor& predictor() const { return predictor_; }
  // The kernel-level predicted runtime each time it changed at a block end (one entry per
  // change, not per block: a kernel of a billion blocks keeps a short history).
  const History& history(KernelId kernel) const { return histories_.at(kernel); }
  // What Pai et al. §4.2 measure for a kernel run beside others ("only for the last slice"):
  // on each CU the prediction made when the kernel's last slice began there (at its first
  // block end in that slice), the largest over the CUs that made one; nullopt if none did. In
  // slice-unaware mode there is one slice: each CU's only prediction. Known once the kernel
  // has completed.
  std::optional<Tick> last_slice_prediction(KernelId kernel) const {
    return last_slice_.at(kernel);
  }

 private:
  struct SliceStart {
    bool made = false;
    std::uint32_t slice = 0;
    Tick pred = 0;
  };

  std::uint32_t cu_count_;
  SimpleSlicingPredictor predictor_;
  std::vector<History> histories_;                     // by KernelId
  std::vector<std::vector<SliceStart>> slice_starts_;  // by KernelId, by CU; freed at its end
  std::vector<std::optional<Tick>> last_slice_;        // by KernelId
  std::vector<ModelObserver*> sinks_;
};

}  // namespace aqlsim
