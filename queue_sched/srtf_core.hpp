#pragma once
// What `srtf` and `srtf-adaptive` share (Pai et al. §5.1.1): the Simple Slicing predictor fed
// by the dispatcher's hooks, the sampling of kernels that arrive while others run, and the
// order in which each CU considers the kernels.
//
// Every active kernel is in one of three stages:
//  - ranked: it competes on predicted remaining time. A kernel is ranked at launch when no
//    ranked kernel has work-groups left to issue (nothing to compare it with), or once its
//    sample predicted;
//  - waiting: it arrived while a ranked kernel had work left, and waits its turn to be sampled
//    (in launch order: one kernel is sampled at a time);
//  - sampling: the first `sample_cus` CUs it may use (CU 0 upward, within its queue's mask)
//    give it the resources their work-groups free; the other CUs go on with the ranking. The sample
//    is taken when one of its blocks ends anywhere (normally on a sampling CU): that CU's t is
//    copied to every CU without one (SimpleSlicingPredictor::copy_sample) and the kernel is ranked.
//    A sampled kernel that issues its last work-group before that is ranked without a prediction.
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "hsa_model/thread_block_scheduler.hpp"
#include "queue_sched/policy_params.hpp"
#include "queue_sched/simple_slicing.hpp"

namespace aqlsim {

// The parameters `sample_cus` and `slice_aware`, shared by both policies.
std::vector<ParamSpec> srtf_core_params();

class SrtfCore {
 public:
  explicit SrtfCore(const PolicyParams& params);

  void on_kernel_launched(const DispatchView& view, KernelId kernel);
  // A released kernel joins the stages (sampling, ranking) that launch put it in while held.
  void on_kernel_released(const DispatchView& view) { refresh(view); }
  void on_workgroup_started(const WorkgroupRecord& wg) { predictor_->on_block_start(wg); }
  void on_workgroup_evicted(const WorkgroupRecord& wg) { predictor_->on_block_evicted(wg); }
  void on_workgroup_finished(const DispatchView& view, const WorkgroupRecord& wg);
  void on_kernel_completed(const DispatchView& view, KernelId kernel);

  // The ranking: ranked kernels with work-groups left, shortest predicted remaining time first
  // (those without a prediction after them), ties by launch order; then the sampled kernel
  // and the waiting ones in launch order, so that they take the CUs only when no ranked kernel
  // has anything left to issue. Recomputed when time moves or a hook has run.
  std::span<const KernelId> ranking(const DispatchView& view);
  // Its first ranked kernels that have a prediction (SRTF/Adaptive weighs those), each after
  // its predicted remaining time now, as the ranking computed it.
  std::span<const std::pair<Tick, KernelId>> predicted_ranking(const DispatchView& view);
  // What CU `cu` considers now: on a sampling CU the sampled kernel first, else the ranking.
  std::span<const KernelId> order(const DispatchView& view, CuIndex cu);

  const SimpleSlicingPredictor& predictor() const { return *predictor_; }
  // True once after the sampled kernel or the head of the ranking changed.
  bool take_rescan_request() { return std::exchange(rescan_, false); }

 private:
  enum class Stage : std::uint8_t { ranked, waiting, sampling };

  void refresh(const DispatchView& view);
  void end_sample(const DispatchView& view);
  void start_next_sample(const DispatchView& view);
  void rank(const DispatchView& view, KernelId kernel);
  bool ranked_work_left(const DispatchView& view) const;
  void publish(const DispatchView& view, KernelId kernel);
  void note_head(const DispatchView& view);
  bool samples_on(const DispatchView& view, CuIndex cu) const;
  void set_stage(KernelId kernel, Stage stage);
  void sort_by_stage(const DispatchView& view);
  void build_ranking(const DispatchView& view);
  void rank_by_remaining(const DispatchView& view);

  SliceMode mode_;
  std::uint32_t sample_cus_;
  std::optional<SimpleSlicingPredictor> predictor_;  // made at the first launch: needs the CUs
  std::vector<Stage> stages_;                        // by KernelId
  std::vector<Tick> published_;                      // by KernelId; last published prediction
  std::optional<KernelId> sampled_;

  // The active kernels by stage, in active order. The ranking is rebuilt after nearly every
  // block end, and most active kernels wait (one is sampled at a time): these change only when
  // a stage or the active set does, so a rebuild need not look at every active kernel.
  std::uint64_t sorted_at_ = 0;  // view.issuing_changes() when they were sorted
  std::vector<KernelId> ranked_;
  std::vector<KernelId> waiting_;
  bool stages_changed_ = true;

  std::vector<KernelId> ranking_;
  std::vector<std::pair<Tick, KernelId>> by_remaining_;  // scratch; kNever: no prediction yet
  std::size_t predicted_count_ = 0;       // ranking_'s prefix of ranked, predicted kernels
  std::vector<KernelId> sampling_order_;  // built when a sampling CU asks; empty until then
  Tick ranked_at_ = kNever;               // ranking_ is valid for this time, until the next hook
  std::optional<KernelId> head_;  // the ranking's head and the sampled kernel at the last hook
  std::optional<KernelId> noted_sample_;
  bool rescan_ = false;
};

}  // namespace aqlsim
