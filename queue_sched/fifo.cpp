#include "queue_sched/fifo.hpp"

namespace aqlsim {

KernelId Fifo::pick(const DispatchView& view, CuIndex cu) {
  // The oldest kernel with work left that may run on this CU decides alone.
  for (const KernelId k : issuing_.of(view)) {
    if (view.kernel(k).allowed_on(cu)) return view.fits(k, cu) ? k : kNoKernel;
  }
  return kNoKernel;
}

KernelId FifoBackfill::pick(const DispatchView& view, CuIndex cu) {
  // Kernels often share a work-group shape; once one shape fails, skip its twins.
  std::optional<WorkgroupDemand> rejected;
  for (const KernelId k : issuing_.of(view)) {
    const KernelState& kernel = view.kernel(k);
    if (!kernel.allowed_on(cu) || kernel.demand == rejected) continue;
    if (view.cu(cu).fits(kernel.demand)) return k;
    rejected = kernel.demand;
  }
  return kNoKernel;
}

}  // namespace aqlsim
