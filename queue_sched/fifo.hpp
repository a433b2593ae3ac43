#pragma once
#include "hsa_model/thread_block_scheduler.hpp"
#include "queue_sched/issuing_kernels.hpp"
#include "queue_sched/policy_params.hpp"

namespace aqlsim {

// `fifo`: the hardware baseline as Pai et al. measured it on Fermi and Kepler — a later
// kernel's work-groups wait until every work-group of the earlier kernels has been issued,
// even when they would fit beside them (on a CU an earlier kernel may not use, mask or workers
// per CU, they need not wait for it).
class Fifo final : public ThreadBlockScheduler {
 public:
  explicit Fifo(const PolicyParams&) {}
  static constexpr PolicyTraits kTraits{
      .name = "fifo", .summary = "strict FIFO: later kernels wait until earlier ones issued all"};
  std::string_view name() const override { return kTraits.name; }
  KernelId pick(const DispatchView& view, CuIndex cu) override;
  // Only the oldest kernel with work left may issue: when it has issued everything, the next
  // one may fit where it did not.
  Rescans rescans() const override { return {.when_fully_issued = true, .when_completed = false}; }

 private:
  IssuingKernels issuing_;
};

// `fifo-backfill`: gem5's dispatcher — the oldest kernel places what fits, and later kernels
// fill the resources left over.
class FifoBackfill final : public ThreadBlockScheduler {
 public:
  explicit FifoBackfill(const PolicyParams&) {}
  static constexpr PolicyTraits kTraits{.name = "fifo-backfill",
                                        .summary = "FIFO, later kernels fill leftover resources"};
  std::string_view name() const override { return kTraits.name; }
  KernelId pick(const DispatchView& view, CuIndex cu) override;
  // A CU none of the kernels with work left fits stays so when one of them issues its last
  // work-group or a kernel finishes.
  Rescans rescans() const override { return {.when_fully_issued = false, .when_completed = false}; }

 private:
  IssuingKernels issuing_;
};

}  // namespace aqlsim
