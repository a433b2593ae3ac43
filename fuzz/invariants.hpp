#pragma once
// The model's invariants, checked during every fuzzed run (tests/support/invariant_checker.hpp
// without GoogleTest): a broken one aborts, which libFuzzer reports as a crash with this
// message. No CU over a limit, no work-group outside its kernel's CU mask or worker limit or
// grid, none on the device twice or started after finishing, each finished once; after a
// completed run every kernel has finished and the device is empty.
#include <cstdio>
#include <cstdlib>
#include <set>
#include <utility>

#include "hsa_model/gpu.hpp"

namespace aqlsim::fuzz {

[[noreturn]] inline void invariant_broken(const char* what) {
  std::fprintf(stderr, "aqlsim fuzz: invariant broken: %s\n", what);
  std::abort();
}

inline void require(bool holds, const char* what) {
  if (!holds) invariant_broken(what);
}

class InvariantChecker final : public ModelObserver {
 public:
  void on_workgroup_started(const KernelState& kernel, const WorkgroupRecord& wg,
                            const ComputeUnit& cu) override {
    require(cu.within_limits(), "a CU is over a limit");
    require(wg.index < kernel.total_workgroups, "a work-group index is outside its grid");
    require(kernel.cu_mask.empty() || kernel.cu_mask.at(wg.cu) != 0,
            "a work-group was placed outside its kernel's CU mask");
    require(kernel.resident_per_cu.at(wg.cu) <= kernel.max_per_cu,
            "a kernel has more work-groups on a CU than its workers per CU");
    require(!finished_.contains({kernel.id, wg.index}), "a work-group started after finishing");
    require(on_device_.emplace(kernel.id, wg.index).second, "a work-group started twice at once");
  }
  void on_workgroup_evicted(const KernelState& kernel, const WorkgroupRecord& wg,
                            double left) override {
    require(on_device_.erase({kernel.id, wg.index}) == 1, "evicted a work-group not running");
    require(left >= 0.0 && left <= 1.0, "an evicted work-group has a share left outside [0, 1]");
  }
  void on_workgroup_finished(const KernelState& kernel, const WorkgroupRecord& wg) override {
    require(on_device_.erase({kernel.id, wg.index}) == 1, "finished a work-group not running");
    require(finished_.emplace(kernel.id, wg.index).second, "a work-group finished twice");
    require(wg.start <= wg.end, "a work-group ended before it started");
  }

  // After a run that reported `completed`.
  void check_completed(const Gpu& gpu) const {
    for (const KernelState& k : gpu.kernels())
      require(k.finished(), "a completed run left a kernel unfinished");
    require(on_device_.empty(), "a completed run left work-groups on the device");
    for (const ComputeUnit& cu : gpu.compute_units())
      require(cu.resident_workgroups() == 0, "a completed run left a CU occupied");
  }

 private:
  std::set<std::pair<KernelId, std::uint64_t>> on_device_;
  std::set<std::pair<KernelId, std::uint64_t>> finished_;
};

}  // namespace aqlsim::fuzz
