#include "queue_sched/slicing_observer.hpp"

namespace aqlsim {

void SlicingObserver::on_kernel_launched(const KernelState& kernel, Tick) {
  predictor_.on_launch(kernel);
  if (histories_.size() <= kernel.id) histories_.resize(kernel.id + 1);
}

void SlicingObserver::on_workgroup_finished(const KernelState&, const WorkgroupRecord& wg) {
  predictor_.on_block_end(wg);
  if (const auto runtime = predictor_.predicted_runtime(wg.kernel)) {
    histories_[wg.kernel].emplace_back(wg.end, *runtime);
  }
}

}  // namespace aqlsim
