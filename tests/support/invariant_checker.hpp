#pragma once
// The model's invariants (model_invariants.hpp) checked during every test simulation, a broken
// one a GoogleTest failure; and, after a completed run, what only the test can see: every
// completion signal at 0 and every finished kernel's per-CU state freed.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/model_invariants.hpp"

namespace aqlsim::testing {

class InvariantChecker final : public ModelInvariants {
 public:
  InvariantChecker() : ModelInvariants([](const std::string& what) { ADD_FAILURE() << what; }) {}

  void on_workgroup_finished(const KernelState& kernel, const WorkgroupRecord& wg) override {
    ModelInvariants::on_workgroup_finished(kernel, wg);
    EXPECT_LT(wg.start, wg.end) << "a test's work-groups take time";
  }

  // After a completed run: the checks of check_completed, and every signal that started at 1
  // (a packet's own completion signal) is now 0.
  void expect_clean_finish(const Gpu& gpu, SignalTable& signals) const {
    check_completed();
    for (const KernelState& k : gpu.kernels()) {
      EXPECT_TRUE(k.finished()) << "kernel " << k.id << " did not finish";
      if (k.completion_signal.handle != 0) {
        EXPECT_EQ(signals.load(k.completion_signal), 0) << signals.name(k.completion_signal);
      }
      // A finished kernel is only reported: its per-CU counts and its draws are gone, storage
      // included (a million finished kernels kept 480 MB of counts).
      EXPECT_EQ(k.resident_per_cu.capacity(), 0u) << "kernel " << k.id;
      EXPECT_EQ(k.durations, nullptr) << "kernel " << k.id;
    }
    for (const ComputeUnit& cu : gpu.compute_units())
      EXPECT_EQ(cu.resident_workgroups(), 0u);
  }
};

}  // namespace aqlsim::testing
