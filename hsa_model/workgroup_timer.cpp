#include "hsa_model/workgroup_timer.hpp"

#include <algorithm>
#include <cmath>

#include "hsa_model/processor_sharing.hpp"

namespace aqlsim {

Tick AtDispatchTimer::fraction_of(Tick duration, double fraction) {
  return std::max<Tick>(1, std::llround(static_cast<double>(duration) * fraction));
}

double AtDispatchTimer::withdraw(std::uint32_t slot, const WorkgroupRecord& wg) {
  engine_->cancel_in_lane(wg.cu, *workgroup_event_, slot);
  const double left = static_cast<double>(wg.end - engine_->now()) / wg.work;
  return wg.fraction * std::clamp(left, 0.0, 1.0);
}

std::unique_ptr<WorkgroupTimer> make_workgroup_timer(Engine& engine, EventHandler& workgroup_event,
                                                     const std::vector<ComputeUnit>& cus,
                                                     const std::vector<KernelState>& kernels) {
  if (!cus.empty() && cus.front().spec().timing == WorkgroupTiming::processor_sharing)
    return std::make_unique<ProcessorSharingTimer>(engine, workgroup_event, cus, kernels);
  return std::make_unique<AtDispatchTimer>(engine, workgroup_event);
}

}  // namespace aqlsim
