#pragma once
// Lopez-Albelda et al. §IV-C and §IV-D: time-sliced schedulers; an arrival never preempts.
// (kernel-fcfs, below, is the same frame without time slices.)
//  - kernel-rr: first come, first served, a fixed quantum (1 ms in the paper); a kernel that
//    does not finish in its quantum is evicted and goes to the back of the ready list.
//  - kernel-cfs: the quantum is the epoch (4 ms in the paper) divided by the number of active
//    kernels (ready ones plus the one chosen), and shrinks, from its start, when another kernel
//    arrives (as Linux's CFS shortens a slice when a task wakes); the kernel that has waited
//    longest runs next.
//    "Waited" is the time since its arrival that it did not have the device (the paper says
//    "the time a kernel has been waiting for execution" without saying since when).
#include <string_view>

#include "queue_sched/policy_params.hpp"
#include "queue_sched/serial_kernel_scheduler.hpp"

namespace aqlsim {

// kernel-fcfs: sequential execution, the baseline of Bashizade et al.: one kernel at a time in
// arrival order, never preempted.
class KernelFcfs final : public SerialKernelScheduler {
 public:
  static constexpr PolicyTraits kTraits{
      .name = "kernel-fcfs",
      .summary = "one kernel at a time in arrival order, never preempted",
      .never_evicts = true};
  std::string_view name() const override { return kTraits.name; }

 private:
  std::size_t choose(const KernelControl&) override { return 0; }
  Tick quantum(const KernelControl&, KernelId) override { return kNever; }
};

class KernelRoundRobin final : public SerialKernelScheduler {
 public:
  explicit KernelRoundRobin(const PolicyParams& params);
  static constexpr PolicyTraits kTraits{
      .name = "kernel-rr",
      .summary = "one kernel at a time, first come first served, fixed quantum"};
  std::string_view name() const override { return kTraits.name; }

 private:
  std::size_t choose(const KernelControl&) override { return 0; }
  Tick quantum(const KernelControl&, KernelId) override { return quantum_; }

  Tick quantum_;
};

class KernelCfs final : public SerialKernelScheduler {
 public:
  explicit KernelCfs(const PolicyParams& params);
  static constexpr PolicyTraits kTraits{
      .name = "kernel-cfs",
      .summary = "one kernel at a time, longest-waiting first, epoch / active kernels"};
  std::string_view name() const override { return kTraits.name; }

 private:
  std::size_t choose(const KernelControl& control) override;
  Tick quantum(const KernelControl&, KernelId) override;
  bool quantum_follows_arrivals() const override { return true; }

  Tick epoch_;
};

std::vector<ParamSpec> kernel_rr_params();
std::vector<ParamSpec> kernel_cfs_params();

}  // namespace aqlsim
