#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "hsa_model/thread_block_scheduler.hpp"

namespace aqlsim {

// The active kernels that have work-groups left to issue, oldest launch first. Recomputed only
// when the dispatcher says they may have changed (DispatchView::issuing_changes), so a policy
// that looks at them on every pick does not walk the kernels that have issued everything (most
// of the active ones when many kernels run).
class IssuingKernels {
 public:
  std::span<const KernelId> of(const DispatchView& view) {
    if (view.issuing_changes() != seen_) {
      seen_ = view.issuing_changes();
      kernels_.clear();
      for (const KernelId k : view.active()) {
        if (view.kernel(k).unissued() > 0) kernels_.push_back(k);
      }
    }
    return kernels_;
  }

 private:
  std::vector<KernelId> kernels_;
  std::uint64_t seen_ = ~std::uint64_t{0};  // no count the dispatcher starts from
};

}  // namespace aqlsim
