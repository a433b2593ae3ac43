#pragma once
// The model's invariants (tests/support/model_invariants.hpp) checked during every fuzzed run:
// a broken one aborts, which libFuzzer reports as a crash with this message. After a completed
// run, also every kernel finished and every CU empty by the model's own counts.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "tests/support/model_invariants.hpp"

namespace aqlsim::fuzz {

[[noreturn]] inline void invariant_broken(const std::string& what) {
  std::fprintf(stderr, "aqlsim fuzz: invariant broken: %s\n", what.c_str());
  std::abort();
}

class InvariantChecker final : public testing::ModelInvariants {
 public:
  InvariantChecker() : ModelInvariants(&invariant_broken) {}

  // After a run that reported `completed`.
  void check_completed(const Gpu& gpu) const {
    ModelInvariants::check_completed();
    for (const KernelState& k : gpu.kernels()) {
      if (!k.finished()) invariant_broken("a completed run left a kernel unfinished");
    }
    for (const ComputeUnit& cu : gpu.compute_units()) {
      if (cu.resident_workgroups() != 0) invariant_broken("a completed run left a CU occupied");
    }
  }
};

}  // namespace aqlsim::fuzz
