#pragma once
// kernel-frs, the Fair and Responsive Scheduler of Lopez-Albelda et al. §IV-E. A kernel of NT
// tasks (work-groups) that has finished Nt of them, t after it reached the scheduler, has the
// instantaneous slowdown
//   IS = (t + (NT - Nt) * tpt) / (NT * tpt)                                      (eq. 1)
// where tpt is its time per task. When the device is free the ready kernel with the highest IS
// runs, for the quantum that brings the lowest IS among the others up to it:
//   quantum = IS_max * NT * tpt - (NT - Nt) * tpt - t   (NT, Nt, tpt, t of that kernel) (eq. 2)
// and never less than min_quantum (1 ms in the paper).
//
// The paper prints eq. 1's denominator as Nt * tpt; eq. 2 and the text ("the shortest execution
// time, assuming the entire kernel was executed with no interruption") need NT * tpt, which is
// what is used here. tpt starts as the isolated runtime over NT (the paper's "brief previous
// execution") and is re-measured at each eviction as the kernel's time on the device over the
// tasks it has finished.
#include <string_view>
#include <vector>

#include "queue_sched/policy_params.hpp"
#include "queue_sched/serial_kernel_scheduler.hpp"

namespace aqlsim {

class KernelFrs final : public SerialKernelScheduler {
 public:
  explicit KernelFrs(const PolicyParams& params);
  static constexpr PolicyTraits kTraits{
      .name = "kernel-frs",
      .summary = "one kernel at a time, highest instantaneous slowdown first (Lopez)",
      .needs_isolated_runtimes = true};
  std::string_view name() const override { return kTraits.name; }

  // Equations 1 and 2 for the given figures (public so that tests can check them by hand).
  static double instantaneous_slowdown(Tick t, double tasks, double done, double tpt);
  static Tick quantum_to_reach(double is_max, Tick t, double tasks, double done, double tpt);

 private:
  std::size_t choose(const KernelControl& control) override;
  Tick quantum(const KernelControl& control, KernelId kernel) override;
  double time_per_task(const KernelControl& control, KernelId kernel) const;
  double slowdown(const KernelControl& control, KernelId kernel) const;

  Tick min_quantum_;
};

std::vector<ParamSpec> kernel_frs_params();

}  // namespace aqlsim
