#pragma once
// Checks, during and after every test simulation, the invariants the model must never break:
// no CU over any limit, every work-group of every kernel runs exactly once, every kernel
// finishes, and every completion signal ends at 0.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <utility>

#include "hsa_model/gpu.hpp"

namespace aqlsim::testing {

class InvariantChecker final : public ModelObserver {
 public:
  void on_workgroup_started(const KernelState& kernel, const WorkgroupRecord& wg,
                            const ComputeUnit& cu) override {
    EXPECT_TRUE(cu.within_limits()) << "CU " << wg.cu << " over a limit";
    EXPECT_LT(wg.index, kernel.total_workgroups);
    EXPECT_TRUE(started_.emplace(kernel.id, wg.index).second)
        << "work-group " << wg.index << " of kernel " << kernel.id << " started twice";
  }
  void on_workgroup_finished(const KernelState& kernel, const WorkgroupRecord& wg) override {
    EXPECT_TRUE(finished_.emplace(kernel.id, wg.index).second);
    EXPECT_LT(wg.start, wg.end);
  }

  // After a completed run: every kernel ran all of its work-groups once and every signal that
  // started at 1 (a packet's own completion signal) is now 0.
  void expect_clean_finish(const Gpu& gpu, SignalTable& signals) const {
    std::map<KernelId, std::uint64_t> per_kernel;
    for (const auto& [kernel, index] : finished_)
      ++per_kernel[kernel];
    for (const KernelState& k : gpu.kernels()) {
      EXPECT_TRUE(k.finished()) << "kernel " << k.id << " did not finish";
      EXPECT_EQ(per_kernel[k.id], k.total_workgroups) << "kernel " << k.id;
      if (k.completion_signal.handle != 0) {
        EXPECT_EQ(signals.load(k.completion_signal), 0) << signals.name(k.completion_signal);
      }
    }
    EXPECT_EQ(started_.size(), finished_.size());
    for (const ComputeUnit& cu : gpu.compute_units())
      EXPECT_EQ(cu.resident_workgroups(), 0u);
  }

 private:
  std::set<std::pair<KernelId, std::uint64_t>> started_;
  std::set<std::pair<KernelId, std::uint64_t>> finished_;
};

}  // namespace aqlsim::testing
