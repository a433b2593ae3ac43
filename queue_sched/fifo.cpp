#include "queue_sched/fifo.hpp"

namespace aqlsim {

KernelId Fifo::pick(const DispatchView& view, CuIndex cu) {
  for (const KernelId k : view.active()) {
    if (view.kernel(k).unissued() == 0) continue;
    // The oldest kernel with work left decides alone.
    return view.fits(k, cu) ? k : kNoKernel;
  }
  return kNoKernel;
}

KernelId FifoBackfill::pick(const DispatchView& view, CuIndex cu) {
  // Kernels often share a work-group shape; once one shape fails, skip its twins.
  std::optional<WorkgroupDemand> rejected;
  for (const KernelId k : view.active()) {
    const KernelState& kernel = view.kernel(k);
    if (kernel.unissued() == 0 || !kernel.allowed_on(cu) || kernel.demand == rejected) continue;
    if (view.cu(cu).fits(kernel.demand)) return k;
    rejected = kernel.demand;
  }
  return kNoKernel;
}

}  // namespace aqlsim
