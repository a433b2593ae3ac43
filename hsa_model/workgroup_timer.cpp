#include "hsa_model/workgroup_timer.hpp"

#include "hsa_model/processor_sharing.hpp"

namespace aqlsim {

std::unique_ptr<WorkgroupTimer> make_workgroup_timer(Engine& engine, EventHandler& workgroup_end,
                                                     const std::vector<ComputeUnit>& cus,
                                                     const std::vector<KernelState>& kernels) {
  if (!cus.empty() && cus.front().spec().timing == WorkgroupTiming::processor_sharing)
    return std::make_unique<ProcessorSharingTimer>(engine, workgroup_end, cus, kernels);
  return std::make_unique<AtDispatchTimer>(engine, workgroup_end);
}

}  // namespace aqlsim
