#include "queue_sched/slicing_observer.hpp"

#include <algorithm>

namespace aqlsim {

void SlicingObserver::on_kernel_launched(const KernelState& kernel, Tick) {
  predictor_.on_launch(kernel);
  if (histories_.size() <= kernel.id) {
    histories_.resize(kernel.id + 1);
    slice_starts_.resize(kernel.id + 1);
    last_slice_.resize(kernel.id + 1);
  }
  slice_starts_[kernel.id].assign(cu_count_, {});
}

void SlicingObserver::on_workgroup_finished(const KernelState& kernel, const WorkgroupRecord& wg) {
  // A block that ends while Reslice is set samples t: its prediction opens the CU's slice.
  const bool opens_slice = predictor_.reslice(wg.kernel, wg.cu);
  predictor_.on_block_end(wg);
  if (opens_slice) {
    slice_starts_[wg.kernel][wg.cu] = {.made = true,
                                       .slice = predictor_.current_slice(wg.kernel),
                                       .pred = predictor_.slice(wg.kernel, wg.cu).pred};
  }
  const auto runtime = predictor_.predicted_runtime(wg.kernel);
  if (!runtime) return;
  History& history = histories_[wg.kernel];
  if (!history.empty() && history.back().second == *runtime) return;
  history.emplace_back(wg.end, *runtime);
  for (ModelObserver* sink : sinks_)
    sink->on_prediction(kernel, *runtime, wg.end);
}

void SlicingObserver::on_kernel_completed(const KernelState& kernel, Tick) {
  const std::uint32_t last = predictor_.current_slice(kernel.id);
  std::optional<Tick> largest;
  for (const SliceStart& start : slice_starts_[kernel.id]) {
    if (start.made && start.slice == last) largest = std::max(largest.value_or(0), start.pred);
  }
  last_slice_[kernel.id] = largest;
  std::vector<SliceStart>().swap(slice_starts_[kernel.id]);
  predictor_.on_kernel_end(kernel.id);
}

}  // namespace aqlsim
