#include "queue_sched/slicing_observer.hpp"

namespace aqlsim {

void SlicingObserver::on_kernel_launched(const KernelState& kernel, Tick) {
  predictor_.on_launch(kernel);
  if (histories_.size() <= kernel.id) histories_.resize(kernel.id + 1);
}

void SlicingObserver::on_workgroup_finished(const KernelState& kernel, const WorkgroupRecord& wg) {
  predictor_.on_block_end(wg);
  const auto runtime = predictor_.predicted_runtime(wg.kernel);
  if (!runtime) return;
  History& history = histories_[wg.kernel];
  const bool changed = history.empty() || history.back().second != *runtime;
  history.emplace_back(wg.end, *runtime);
  if (!changed) return;
  for (ModelObserver* sink : sinks_)
    sink->on_prediction(kernel, *runtime, wg.end);
}

}  // namespace aqlsim
