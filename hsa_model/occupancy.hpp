#pragma once
// The occupancy calculation: how many work-groups of a kernel fit on one empty CU, and which
// resource limits it (as GPGPU-Sim and AMD's occupancy calculator compute it).
#include <cstdint>
#include <string_view>

#include "hsa_model/device_spec.hpp"

namespace aqlsim {

// What one work-group occupies, with register counts already rounded to the granules.
struct WorkgroupDemand {
  std::uint32_t waves = 1;
  std::uint32_t vgprs_per_wave = 0;  // per lane
  std::uint32_t sgprs_per_wave = 0;
  std::uint32_t lds_bytes = 0;

  friend bool operator==(const WorkgroupDemand&, const WorkgroupDemand&) = default;
};

WorkgroupDemand workgroup_demand(const DeviceSpec& device, std::uint32_t workitems,
                                 std::uint32_t vgprs_per_workitem, std::uint32_t sgprs_per_wave,
                                 std::uint32_t lds_bytes);

struct Occupancy {
  std::uint32_t by_wave_slots = 0;
  std::uint32_t by_vgprs = 0;
  std::uint32_t by_sgprs = 0;
  std::uint32_t by_lds = 0;
  std::uint32_t by_workgroup_slots = 0;
  std::uint32_t max_residency = 0;  // the minimum of the above; 0 = does not fit on a CU
  std::string_view limiter;         // which resource sets max_residency
};

// Waves of one SIMD that `demand` can hold: min(wave slots, VGPR file / VGPRs per wave,
// SGPR file / SGPRs per wave). Waves of a work-group spread over the SIMDs, so a CU holds
// floor(simds * that / waves per work-group) work-groups as far as the SIMDs are concerned.
Occupancy occupancy(const ComputeUnitSpec& cu, const WorkgroupDemand& demand);

}  // namespace aqlsim
