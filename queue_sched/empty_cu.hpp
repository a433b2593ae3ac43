#pragma once
// How many work-groups of a kernel fit on an empty CU beside work-groups of other kernels:
// MPMax's set-aside and SRTF/Adaptive's shared residency are both this count. All CUs of a
// device are alike, so the empty CU is built from the spec of any CU of the view.
#include <optional>
#include <span>

#include "hsa_model/thread_block_scheduler.hpp"

namespace aqlsim {

class EmptyCu {
 public:
  // Builds the empty CU from `view`'s CUs the first time; true once there is one.
  bool capture(const DispatchView& view);
  bool captured() const { return empty_.has_value(); }
  // Work-groups of `demand` that fit, at most `cap`, once `beside` has been placed in order
  // (a work-group of `beside` that does not fit is left out).
  std::uint32_t fit_count(const WorkgroupDemand& demand, std::span<const WorkgroupDemand> beside,
                          std::uint32_t cap) const;

 private:
  std::optional<ComputeUnit> empty_;
};

}  // namespace aqlsim
