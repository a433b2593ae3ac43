#pragma once
// The model's invariants, checked during every fuzzed run (tests/support/invariant_checker.hpp
// without GoogleTest): a broken one aborts, which libFuzzer reports as a crash with this
// message. No CU over a limit, no work-group outside its kernel's CU mask or worker limit or
// grid or of a held kernel, none on the device twice or started after finishing, each finished
// once; after a completed run every kernel has finished and the device is empty.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

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
    require(kernel.queue_mask.empty() || kernel.queue_mask.at(wg.cu) != 0,
            "a work-group was placed outside its queue's CU mask");
    require(kernel.resident_per_cu.at(wg.cu) <= kernel.max_per_cu,
            "a kernel has more work-groups on a CU than its workers per CU");
    require(!kernel.held, "a work-group of a held kernel started");
    if (std::uint8_t* state = state_of(kernel, wg.index)) {
      require(*state != kFinished, "a work-group started after finishing");
      require(*state != kOnDevice, "a work-group started twice at once");
      *state = kOnDevice;
    }
    ++on_device_;
  }
  void on_workgroup_evicted(const KernelState& kernel, const WorkgroupRecord& wg,
                            double left) override {
    if (std::uint8_t* state = state_of(kernel, wg.index)) {
      require(*state == kOnDevice, "evicted a work-group not running");
      *state = kIdle;
    }
    require(on_device_-- > 0, "evicted a work-group with none on the device");
    require(left >= 0.0 && left <= 1.0, "an evicted work-group has a share left outside [0, 1]");
  }
  void on_workgroup_finished(const KernelState& kernel, const WorkgroupRecord& wg) override {
    if (std::uint8_t* state = state_of(kernel, wg.index)) {
      require(*state == kOnDevice, "finished a work-group not running (or twice)");
      *state = kFinished;
    }
    require(on_device_-- > 0, "finished a work-group with none on the device");
    require(wg.start <= wg.end, "a work-group ended before it started");
  }

  // After a run that reported `completed`.
  void check_completed(const Gpu& gpu) const {
    for (const KernelState& k : gpu.kernels())
      require(k.finished(), "a completed run left a kernel unfinished");
    require(on_device_ == 0, "a completed run left work-groups on the device");
    for (const ComputeUnit& cu : gpu.compute_units())
      require(cu.resident_workgroups() == 0, "a completed run left a CU occupied");
  }

 private:
  static constexpr std::uint8_t kIdle = 0;
  static constexpr std::uint8_t kOnDevice = 1;
  static constexpr std::uint8_t kFinished = 2;
  // Grids up to this size are followed work-group by work-group (a hostile packet's grid can
  // hold 2^64 of them; the runs are capped long before that many could start).
  static constexpr std::uint64_t kFollowedGrid = 1 << 16;

  std::uint8_t* state_of(const KernelState& kernel, std::uint64_t index) {
    if (kernel.total_workgroups > kFollowedGrid) return nullptr;
    if (states_.size() <= kernel.id) states_.resize(kernel.id + 1);
    std::vector<std::uint8_t>& states = states_[kernel.id];
    if (states.empty()) states.assign(kernel.total_workgroups, kIdle);
    return &states.at(index);
  }

  std::vector<std::vector<std::uint8_t>> states_;  // by kernel id, then grid index
  std::uint64_t on_device_ = 0;
};

}  // namespace aqlsim::fuzz
