#include "hsa_model/workgroup_timer.hpp"

#include <algorithm>
#include <cmath>

#include "hsa_model/processor_sharing.hpp"

namespace aqlsim {

void AtDispatchTimer::start(std::uint32_t slot, WorkgroupRecord& wg, const KernelState& kernel,
                            double load, RandomStream& stream) {
  Tick duration = kernel.sampler.sample(load, stream);
  if (wg.fraction < 1.0) {
    duration = std::max<Tick>(1, std::llround(static_cast<double>(duration) * wg.fraction));
  }
  wg.work = static_cast<double>(duration);
  wg.end = engine_->now() + duration;
  engine_->schedule_at(wg.end, *workgroup_end_, workgroup_payload(slot, wg.generation));
}

double AtDispatchTimer::withdraw(std::uint32_t, const WorkgroupRecord& wg) {
  const double left = static_cast<double>(wg.end - engine_->now()) / wg.work;
  return wg.fraction * std::clamp(left, 0.0, 1.0);
}

std::unique_ptr<WorkgroupTimer> make_workgroup_timer(Engine& engine, EventHandler& workgroup_end,
                                                     const std::vector<ComputeUnit>& cus,
                                                     const std::vector<KernelState>& kernels) {
  if (!cus.empty() && cus.front().spec().timing == WorkgroupTiming::processor_sharing)
    return std::make_unique<ProcessorSharingTimer>(engine, workgroup_end, cus, kernels);
  return std::make_unique<AtDispatchTimer>(engine, workgroup_end);
}

}  // namespace aqlsim
