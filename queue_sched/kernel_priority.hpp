#pragma once
// Lopez-Albelda et al. §IV-A and §IV-B: priority schedulers, preemptive on arrival. The ready
// kernel with the smallest key runs (ties: the one ready first); a kernel that arrives with a
// smaller key than the running one's evicts it.
//  - kernel-sjf: the key is the application's total isolated time (all its kernels).
//  - kernel-srt: the key is the application's remaining time, re-estimated whenever it is
//    needed: the sum over its kernels that have arrived and not finished of each one's isolated
//    time times its share of work-groups not yet finished, plus the isolated times of its
//    kernels still to arrive. Kernels of one application share their key, so none preempts
//    another.
#include <string_view>

#include "queue_sched/policy_params.hpp"
#include "queue_sched/serial_kernel_scheduler.hpp"

namespace aqlsim {

class PriorityKernelScheduler : public SerialKernelScheduler {
 protected:
  virtual Tick key(const KernelControl& control, KernelId kernel) const = 0;

 private:
  std::size_t choose(const KernelControl& control) final;
  Tick quantum(const KernelControl&, KernelId) final { return kNever; }
  bool preempts(const KernelControl& control, KernelId arrived, KernelId running) final {
    return key(control, arrived) < key(control, running);
  }
};

class KernelSjf final : public PriorityKernelScheduler {
 public:
  static constexpr PolicyTraits kTraits{
      .name = "kernel-sjf",
      .summary = "one kernel at a time, shortest application first, preemptive",
      .needs_isolated_runtimes = true};
  std::string_view name() const override { return kTraits.name; }

 private:
  Tick key(const KernelControl& control, KernelId kernel) const override {
    return application_total(control, kernel);
  }
};

class KernelSrt final : public PriorityKernelScheduler {
 public:
  static constexpr PolicyTraits kTraits{
      .name = "kernel-srt",
      .summary = "one kernel at a time, shortest remaining application time first",
      .needs_isolated_runtimes = true};
  std::string_view name() const override { return kTraits.name; }

 private:
  Tick key(const KernelControl& control, KernelId kernel) const override;
};

}  // namespace aqlsim
