#pragma once
// The pick rule shared by the ordering policies (sjf, mpmax, srtf, srtf-adaptive), strict as
// `fifo` is: walk the kernels in the policy's order, skipping those with nothing left to issue,
// those a kernel scheduler holds (a policy's order may keep them: sjf's keeps every launched
// kernel) and those already at their residency cap on this CU; the first other kernel decides
// alone.
// If its next work-group does not fit, the CU waits for resources to free (no kernel further
// down the order may take them), which is what makes hand-offs take until blocks finish.
#include <cstdint>
#include <limits>
#include <span>

#include "hsa_model/thread_block_scheduler.hpp"

namespace aqlsim {

inline constexpr std::uint32_t kNoResidencyCap = std::numeric_limits<std::uint32_t>::max();

// `cap(kernel)` is the most work-groups of `kernel` the policy allows on one CU.
template <class Cap>
KernelId pick_first_in_order(const DispatchView& view, CuIndex cu, std::span<const KernelId> order,
                             Cap&& cap) {
  for (const KernelId k : order) {
    const KernelState& kernel = view.kernel(k);
    if (kernel.unissued() == 0 || kernel.held || kernel.resident_per_cu[cu] >= cap(k) ||
        !kernel.allowed_on(cu))
      continue;
    return view.fits(k, cu) ? k : kNoKernel;
  }
  return kNoKernel;
}

inline KernelId pick_first_in_order(const DispatchView& view, CuIndex cu,
                                    std::span<const KernelId> order) {
  return pick_first_in_order(view, cu, order, [](KernelId) { return kNoResidencyCap; });
}

}  // namespace aqlsim
