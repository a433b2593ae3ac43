#include "hsa_model/compute_unit.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <limits>

namespace aqlsim {

ComputeUnit::ComputeUnit(const ComputeUnitSpec& spec) : spec_(&spec) {
  assert(spec.simds >= 1 && spec.simds <= kMaxSimdsPerCu);
  // (Not std::has_single_bit: without POPCNT in the baseline ISA it is a library call.)
  if ((simds() & (simds() - 1)) == 0) simd_shift_ = std::countr_zero(simds());
}

std::uint32_t ComputeUnit::room(std::uint32_t i, const WorkgroupDemand& demand) const {
  std::uint32_t n = spec_->waves_per_simd - simd_waves_[i];
  if (demand.vgprs_per_wave > 0) {
    n = std::min(n, (spec_->vgprs_per_simd - simd_vgprs_[i]) / demand.vgprs_per_wave);
  }
  if (demand.sgprs_per_wave > 0) {
    n = std::min(n, (spec_->sgprs_per_simd - simd_sgprs_[i]) / demand.sgprs_per_wave);
  }
  return n;
}

bool ComputeUnit::find_rooms(const WorkgroupDemand& demand, Rooms& rooms) const {
  std::uint32_t total = 0;
  for (std::uint32_t i = 0; i < simds(); ++i) {
    rooms[i] = room(i, demand);
    total += rooms[i];
  }
  return total >= demand.waves;
}

bool ComputeUnit::level_room_allows(const WorkgroupDemand& demand) const {
  const std::uint32_t share = per_simd(demand.waves + simds() - 1);
  return simd_waves_[0] + share <= spec_->waves_per_simd &&
         simd_vgprs_[0] + share * demand.vgprs_per_wave <= spec_->vgprs_per_simd &&
         (demand.sgprs_per_wave == 0 ||
          simd_sgprs_[0] + share * demand.sgprs_per_wave <= spec_->sgprs_per_simd);
}

bool ComputeUnit::fits(const WorkgroupDemand& demand) const {
  if (level_) return totals_allow(demand) && level_room_allows(demand);
  if (fitted_ && demand == fitted_demand_) return true;
  if (!totals_allow(demand)) return false;
  fitted_ = false;
  if (!find_rooms(demand, fitted_rooms_)) return false;
  fitted_ = true;
  fitted_demand_ = demand;
  return true;
}

void ComputeUnit::update_level() {
  level_ = true;
  for (std::uint32_t i = 1; i < simds(); ++i) {
    level_ = level_ && simd_waves_[i] == simd_waves_[0] && simd_vgprs_[i] == simd_vgprs_[0] &&
             simd_sgprs_[i] == simd_sgprs_[0];
  }
}

void ComputeUnit::spread_level() {
  for (std::uint32_t i = 1; i < simds(); ++i) {
    simd_waves_[i] = simd_waves_[0];
    simd_vgprs_[i] = simd_vgprs_[0];
    simd_sgprs_[i] = simd_sgprs_[0];
  }
}

// Adds (or gives back) a placement. `even`: it puts the same number of waves on every SIMD.
void ComputeUnit::add(const WorkgroupDemand& demand, const Placement& placement, bool even,
                      bool adding) {
  const auto change = [adding](std::uint32_t& value, std::uint32_t amount) {
    value = adding ? value + amount : value - amount;
  };
  if (level_ && even) {
    const std::uint32_t n = placement.waves_per_simd[0];
    change(simd_waves_[0], n);
    change(simd_vgprs_[0], n * demand.vgprs_per_wave);
    change(simd_sgprs_[0], n * demand.sgprs_per_wave);
  } else {
    if (level_) spread_level();
    for (std::uint32_t i = 0; i < simds(); ++i) {
      const std::uint32_t n = placement.waves_per_simd[i];
      change(simd_waves_[i], n);
      change(simd_vgprs_[i], n * demand.vgprs_per_wave);
      change(simd_sgprs_[i], n * demand.sgprs_per_wave);
    }
    update_level();
  }
  change(workgroups_, 1);
  change(waves_, demand.waves);
  change(vgprs_, demand.waves * demand.vgprs_per_wave);
  change(sgprs_, demand.waves * demand.sgprs_per_wave);
  change(lds_used_, demand.lds_bytes);
  fitted_ = false;
}

Placement ComputeUnit::place(const WorkgroupDemand& demand) {
  Placement placement;
  [[maybe_unused]] const bool placed = try_place(demand, placement);
  assert(placed && "placed a work-group that does not fit");
  return placement;
}

bool ComputeUnit::try_place(const WorkgroupDemand& demand, Placement& placement) {
  if (!fits(demand)) return false;
  const std::uint32_t simds = this->simds();
  placement = Placement{};
  // When every SIMD has the same room, the waves are dealt round from SIMD 0 (what the search
  // below gives then). SIMDs that hold the same have the same room.
  bool level = level_;
  if (!level) {
    level = true;
    for (std::uint32_t i = 1; i < simds; ++i)
      level = level && fitted_rooms_[i] == fitted_rooms_[0];
  }
  const std::uint32_t even_share = per_simd(demand.waves);
  const std::uint32_t left = left_over(demand.waves);
  if (level) {
    for (std::uint32_t i = 0; i < simds; ++i)
      placement.waves_per_simd[i] = static_cast<std::uint8_t>(even_share + (i < left ? 1 : 0));
  } else {
    // A SIMD's room falls by exactly one for each wave placed on it, so it is found once.
    Rooms rooms = fitted_rooms_;
    for (std::uint32_t wave = 0; wave < demand.waves; ++wave) {
      std::uint32_t best = 0;
      for (std::uint32_t i = 1; i < simds; ++i) {
        if (rooms[i] > rooms[best]) best = i;
      }
      --rooms[best];
      ++placement.waves_per_simd[best];
    }
  }
  add(demand, placement, level && left == 0, true);
  return true;
}

void ComputeUnit::release(const WorkgroupDemand& demand, const Placement& placement) {
  bool even = true;
  for (std::uint32_t i = 1; i < simds(); ++i)
    even = even && placement.waves_per_simd[i] == placement.waves_per_simd[0];
  add(demand, placement, even, false);
}

bool ComputeUnit::within_limits() const {
  bool simds_ok = true;
  for (std::uint32_t i = 0; i < spec_->simds; ++i) {
    const std::uint32_t s = level_ ? 0 : i;
    simds_ok = simds_ok && simd_waves_[s] <= spec_->waves_per_simd &&
               simd_vgprs_[s] <= spec_->vgprs_per_simd &&
               (spec_->sgprs_per_simd == 0 || simd_sgprs_[s] <= spec_->sgprs_per_simd);
  }
  return simds_ok && workgroups_ <= spec_->max_workgroups && lds_used_ <= spec_->lds_bytes;
}

}  // namespace aqlsim
