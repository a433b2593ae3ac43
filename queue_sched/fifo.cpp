#include "queue_sched/fifo.hpp"

namespace aqlsim {

std::optional<KernelId> Fifo::pick(const DispatchView& view, CuIndex cu) {
  for (const KernelId k : view.active()) {
    if (view.kernel(k).unissued() == 0) continue;
    // The oldest kernel with work left decides alone.
    return view.fits(k, cu) ? std::optional<KernelId>(k) : std::nullopt;
  }
  return std::nullopt;
}

std::optional<KernelId> FifoBackfill::pick(const DispatchView& view, CuIndex cu) {
  for (const KernelId k : view.active()) {
    if (view.fits(k, cu)) return k;
  }
  return std::nullopt;
}

}  // namespace aqlsim
