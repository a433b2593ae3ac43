#pragma once
// kernel-smc: SM-centric co-runs (Wu et al. 2014). Two co-running persistent kernels get
// disjoint sets of CUs (SMs) and a number of workers per CU each; a kernel alone gets every CU.
// Wu et al.'s filling-retreating launches M x N workers of which only `wanted` stay on each SM;
// the model places exactly the wanted number on each CU of the kernel's mask, and a kernel
// moved off CUs loses its workers there as they finish their task (retreating).
//
// The partition — the first kernel on CUs [0, s), the second on [s, N) — is given in part or in
// whole (`first_cus`, `first_workers`, `second_workers`; a static partition, for the
// exhaustive offline search of "SMC optimal" as a sweep), the rest chosen by a performance model
// from the kernels' offline profiles ("SMC predicted"): a kernel's remaining time on c CUs with
// w workers each is estimated as T_w * (N / c) * (share of tasks left), T_w its isolated
// runtime with w workers per CU on all N CUs; the kernel estimated to end first then hands its
// CUs over and the other finishes what is left of its work on all of them at its best speed.
// The (s, w1, w2) with the highest STP so estimated is taken (ties: the fewest CUs for the
// first kernel, then the fewest workers). Wu et al. choose by short sampled runs and a
// performance model they do not detail; the profiles stand in for those samples. A third kernel
// waits until one of the two finishes. A kernel whose work is all done (its end not yet read)
// needs no CUs: the other runs as if alone.
#include <map>
#include <string_view>
#include <utility>
#include <vector>

#include "hsa_model/kernel_control.hpp"
#include "hsa_model/kernel_scheduler.hpp"
#include "queue_sched/policy_params.hpp"

namespace aqlsim {

class KernelSmCentric final : public KernelScheduler {
 public:
  explicit KernelSmCentric(const PolicyParams& params);
  static constexpr PolicyTraits kTraits{
      .name = "kernel-smc",
      .summary = "two co-runners on disjoint CU sets, partition by model (Wu et al.)",
      .needs_worker_profiles = true};
  std::string_view name() const override { return kTraits.name; }
  void on_arrival(KernelControl& control, KernelId kernel) override;
  void on_completed(KernelControl& control, KernelId kernel) override;
  void on_evicted(KernelControl&, KernelId) override {}
  void on_worker_profiles(std::vector<WorkerProfile> profiles) override;

  struct Partition {
    std::uint32_t first_cus = 0;
    std::uint32_t first_workers = 0;
    std::uint32_t second_workers = 0;
  };
  // The model's choice for kernels whose isolated runtime with w + 1 workers per CU on all
  // `cus` CUs is first[w] and second[w], with the given shares of tasks left, among the
  // partitions that keep each nonzero value of `fixed` (public for tests).
  static Partition predict(std::uint32_t cus, const Partition& fixed,
                           const std::vector<Tick>& first, double first_left,
                           const std::vector<Tick>& second, double second_left);

 private:
  struct Placed {
    KernelId kernel = 0;
    bool launched = false;
    // Its workers per CU as launched (a partition changes the kernel's own figure).
    std::uint32_t own_max_per_cu = 0;
  };
  static Placed arrived(const KernelControl& control, KernelId kernel) {
    return {.kernel = kernel, .own_max_per_cu = control.kernel(kernel).max_per_cu};
  }

  void decide(KernelControl& control);
  const std::vector<Tick>& profile(const KernelControl& control, KernelId kernel) const;
  std::uint32_t most_workers(const KernelControl& control, const Placed& p) const;
  void place(KernelControl& control, Placed& p, std::vector<std::uint8_t> mask,
             std::uint32_t workers);

  Partition given_;
  std::map<std::pair<QueueId, std::uint64_t>, std::vector<Tick>> profiles_;
  std::vector<Placed> running_;  // at most two, in arrival order
  std::vector<KernelId> waiting_;
};

std::vector<ParamSpec> kernel_smc_params();

}  // namespace aqlsim
