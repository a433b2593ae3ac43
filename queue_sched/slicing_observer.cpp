#include "queue_sched/slicing_observer.hpp"

namespace aqlsim {

void SlicingObserver::on_kernel_launched(const KernelState& kernel, Tick) {
  predictor_.on_launch(kernel);
  if (histories_.size() <= kernel.id) {
    histories_.resize(kernel.id + 1);
    last_slice_.resize(kernel.id + 1);
  }
}

void SlicingObserver::record_change(const KernelState& kernel, const WorkgroupRecord& wg) {
  const Tick runtime = *predictor_.predicted_runtime(wg.kernel);
  histories_[wg.kernel].emplace_back(wg.end, runtime);
  for (ModelObserver* sink : sinks_)
    sink->on_prediction(kernel, runtime, wg.end);
}

void SlicingObserver::on_kernel_completed(const KernelState& kernel, Tick) {
  last_slice_[kernel.id] = predictor_.current_slice_prediction(kernel.id);
  predictor_.on_kernel_end(kernel.id);
}

}  // namespace aqlsim
