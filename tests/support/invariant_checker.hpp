#pragma once
// Checks, during and after every test simulation, the invariants the model must never break:
// no CU over any limit, no work-group outside its kernel's CU mask or over its workers per CU,
// none of a kernel a kernel scheduler holds,
// every work-group of every kernel finishes exactly once (an evicted one runs again, and is
// never on the device twice at a time), every kernel finishes, and every completion signal
// ends at 0.
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
    EXPECT_TRUE(kernel.cu_mask.empty() || kernel.cu_mask[wg.cu] != 0)
        << "kernel " << kernel.id << " placed on CU " << wg.cu << " outside its mask";
    EXPECT_TRUE(kernel.queue_mask.empty() || kernel.queue_mask[wg.cu] != 0)
        << "kernel " << kernel.id << " placed on CU " << wg.cu << " outside its queue's mask";
    EXPECT_LE(kernel.resident_per_cu[wg.cu], kernel.max_per_cu) << "CU " << wg.cu;
    EXPECT_FALSE(kernel.held) << "kernel " << kernel.id << ", held, started a work-group";
    EXPECT_FALSE(finished_.contains({kernel.id, wg.index}))
        << "work-group " << wg.index << " of kernel " << kernel.id << " started after finishing";
    EXPECT_TRUE(on_device_.emplace(kernel.id, wg.index).second)
        << "work-group " << wg.index << " of kernel " << kernel.id << " started twice at once";
    ++runs_;
  }
  void on_workgroup_evicted(const KernelState& kernel, const WorkgroupRecord& wg,
                            double left) override {
    EXPECT_EQ(on_device_.erase({kernel.id, wg.index}), 1u) << "evicted a work-group not running";
    EXPECT_GE(left, 0.0);
    EXPECT_LE(left, 1.0);
    ++evictions_;
  }
  void on_workgroup_finished(const KernelState& kernel, const WorkgroupRecord& wg) override {
    EXPECT_EQ(on_device_.erase({kernel.id, wg.index}), 1u) << "finished a work-group not running";
    EXPECT_TRUE(finished_.emplace(kernel.id, wg.index).second);
    EXPECT_LT(wg.start, wg.end);
  }

  // After a completed run: every kernel ran all of its work-groups to their end once and
  // every signal that started at 1 (a packet's own completion signal) is now 0.
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
      // A finished kernel is only reported: its per-CU counts and its draws are gone, storage
      // included (a million finished kernels kept 480 MB of counts).
      EXPECT_EQ(k.resident_per_cu.capacity(), 0u) << "kernel " << k.id;
      EXPECT_EQ(k.durations, nullptr) << "kernel " << k.id;
    }
    EXPECT_TRUE(on_device_.empty());
    EXPECT_EQ(runs_, finished_.size() + evictions_);
    for (const ComputeUnit& cu : gpu.compute_units())
      EXPECT_EQ(cu.resident_workgroups(), 0u);
  }

  std::uint64_t evictions() const { return evictions_; }
  std::uint64_t finished() const { return finished_.size(); }
  bool nothing_on_device() const { return on_device_.empty(); }

 private:
  std::set<std::pair<KernelId, std::uint64_t>> on_device_;
  std::set<std::pair<KernelId, std::uint64_t>> finished_;
  std::uint64_t runs_ = 0;
  std::uint64_t evictions_ = 0;
};

}  // namespace aqlsim::testing
