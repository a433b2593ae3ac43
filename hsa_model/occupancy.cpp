#include "hsa_model/occupancy.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <utility>

namespace aqlsim {
namespace {

constexpr std::uint32_t kUnlimited = std::numeric_limits<std::uint32_t>::max();

std::uint32_t round_up(std::uint32_t value, std::uint32_t granule) {
  return granule <= 1 ? value : (value + granule - 1) / granule * granule;
}

// How many items of `per_item` fit in `capacity`; unlimited when an item needs nothing.
std::uint32_t fit_count(std::uint32_t capacity, std::uint32_t per_item) {
  return per_item == 0 ? kUnlimited : capacity / per_item;
}

}  // namespace

WorkgroupDemand workgroup_demand(const DeviceSpec& device, std::uint32_t workitems,
                                 std::uint32_t vgprs_per_workitem, std::uint32_t sgprs_per_wave,
                                 std::uint32_t lds_bytes) {
  const std::uint32_t sgprs = device.cu.sgprs_per_simd == 0 ? 0 : sgprs_per_wave;
  return WorkgroupDemand{
      .waves = (workitems + device.wave_size - 1) / device.wave_size,
      .vgprs_per_wave = round_up(vgprs_per_workitem, device.cu.vgpr_granule),
      .sgprs_per_wave = round_up(sgprs, device.cu.sgpr_granule),
      .lds_bytes = lds_bytes,
  };
}

Occupancy occupancy(const ComputeUnitSpec& cu, const WorkgroupDemand& demand) {
  Occupancy o;
  const auto per_cu = [&](std::uint32_t waves_per_simd) {
    return waves_per_simd == kUnlimited ? kUnlimited : cu.simds * waves_per_simd / demand.waves;
  };
  o.by_wave_slots = per_cu(cu.waves_per_simd);
  o.by_vgprs = per_cu(fit_count(cu.vgprs_per_simd, demand.vgprs_per_wave));
  o.by_sgprs = per_cu(fit_count(cu.sgprs_per_simd, demand.sgprs_per_wave));
  o.by_lds = fit_count(cu.lds_bytes, demand.lds_bytes);
  o.by_workgroup_slots = cu.max_workgroups;
  const std::array<std::pair<std::uint32_t, std::string_view>, 5> limits{{
      {o.by_wave_slots, "wave slots"},
      {o.by_vgprs, "registers"},
      {o.by_sgprs, "scalar registers"},
      {o.by_lds, "LDS"},
      {o.by_workgroup_slots, "work-group slots"},
  }};
  const auto smallest = std::min_element(
      limits.begin(), limits.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  o.max_residency = smallest->first;
  o.limiter = smallest->second;
  return o;
}

}  // namespace aqlsim
