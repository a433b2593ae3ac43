#pragma once
#include <vector>

#include "hsa_model/thread_block_scheduler.hpp"
#include "queue_sched/policy_params.hpp"

namespace aqlsim {

// `sjf`: the oracle of Pai et al. §6 — kernels in order of their isolated runtime
// (KernelState::isolated_runtime, given in advance), shortest first, ties by launch order; a
// kernel whose runtime is unknown (0) comes after every known one. It is an ordering policy and
// strict like `fifo`: the first kernel in that order with work-groups left decides alone, so a
// longer kernel never takes resources the shortest cannot use on a CU. Running work-groups are
// never preempted.
//
// The paper's SJF "schedules kernels even before they run" (§6.2.2): its numbers are those of
// the shorter kernel running first. With `foresight` (the default) the oracle also knows when
// the host will submit each dispatch, and leaves a CU idle rather than start a work-group of a
// longer kernel there when a shorter kernel will arrive before that work-group would end (its
// mean duration). Without it, a shorter kernel arriving just after a longer one waits for the
// longer one's first work-groups to end, as the paper's zero-sampling SRTF does (§6.2.2).
class Sjf final : public ThreadBlockScheduler {
 public:
  explicit Sjf(const PolicyParams& params);
  static constexpr PolicyTraits kTraits{.name = "sjf",
                                        .summary = "oracle: shortest isolated runtime first",
                                        .needs_isolated_runtimes = true};
  std::string_view name() const override { return kTraits.name; }
  KernelId pick(const DispatchView& view, CuIndex cu) override;
  void on_kernel_launched(const DispatchView& view, KernelId kernel) override;
  void on_kernel_completed(const DispatchView& view, KernelId kernel) override;
  Tick wake_at() const override { return wake_at_; }
  void on_known_dispatches(std::vector<KnownDispatch> dispatches) override;

 private:
  // The arrival of a kernel shorter than `kernel` that the host submits from now until one of
  // `kernel`'s work-groups started now would end, or kNever.
  Tick shorter_arrival_within_a_workgroup(const DispatchView& view, const KernelState& kernel);

  bool foresight_;
  std::vector<KernelId> order_;       // active kernels, shortest isolated runtime first
  std::vector<KnownDispatch> known_;  // sorted by arrival
  Tick wake_at_ = kNever;             // just after the arrival some CU is kept idle for
};

std::vector<ParamSpec> sjf_params();

}  // namespace aqlsim
