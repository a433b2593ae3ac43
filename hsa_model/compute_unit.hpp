#pragma once
// One compute unit's resources. A work-group is placed only if every resource it needs is
// free; its waves go one at a time to the SIMD with the most room, as hardware balances them.
#include <algorithm>
#include <array>
#include <cstdint>

#include "hsa_model/device_spec.hpp"
#include "hsa_model/occupancy.hpp"

namespace aqlsim {

// Where a placed work-group's waves went, needed to give the resources back.
struct Placement {
  std::array<std::uint8_t, kMaxSimdsPerCu> waves_per_simd{};
};

class ComputeUnit {
 public:
  explicit ComputeUnit(const ComputeUnitSpec& spec);

  bool fits(const WorkgroupDemand& demand) const;
  // Necessary conditions on the CU-wide totals: cheap, and exact when there is one SIMD.
  bool totals_allow(const WorkgroupDemand& demand) const {
    const std::uint32_t simds = spec_->simds;
    return workgroups_ < spec_->max_workgroups &&
           lds_used_ + demand.lds_bytes <= spec_->lds_bytes &&
           waves_ + demand.waves <= simds * spec_->waves_per_simd &&
           vgprs_ + demand.waves * demand.vgprs_per_wave <= simds * spec_->vgprs_per_simd &&
           (demand.sgprs_per_wave == 0 ||
            sgprs_ + demand.waves * demand.sgprs_per_wave <= simds * spec_->sgprs_per_simd);
  }
  Placement place(const WorkgroupDemand& demand);  // requires fits(demand)
  // Places the work-group into `placement` if it fits (right after fits(demand), the check is
  // free). Written in place: an optional returned by value stalled on store forwarding.
  bool try_place(const WorkgroupDemand& demand, Placement& placement);
  void release(const WorkgroupDemand& demand, const Placement& placement);

  const ComputeUnitSpec& spec() const { return *spec_; }
  std::uint32_t resident_workgroups() const { return workgroups_; }
  std::uint32_t resident_waves() const { return waves_; }
  std::uint32_t lds_used() const { return lds_used_; }
  // True when no SIMD and no CU-wide resource is over its limit (checked by tests).
  bool within_limits() const;

 private:
  using Rooms = std::array<std::uint32_t, kMaxSimdsPerCu>;
  std::uint32_t simds() const { return std::min(spec_->simds, kMaxSimdsPerCu); }
  // waves / simds() and waves % simds(), by shifting and masking when the SIMDs are a power of
  // two (every preset's): a division on every placement was a tenth of its cost.
  std::uint32_t per_simd(std::uint32_t waves) const {
    return simd_shift_ >= 0 ? waves >> simd_shift_ : waves / simds();
  }
  std::uint32_t left_over(std::uint32_t waves) const {
    return simd_shift_ >= 0 ? waves & (simds() - 1) : waves % simds();
  }
  // Waves of `demand` that SIMD `i` can still take.
  std::uint32_t room(std::uint32_t i, const WorkgroupDemand& demand) const;
  // Each SIMD's room for `demand`; true when together they hold all its waves.
  bool find_rooms(const WorkgroupDemand& demand, Rooms& rooms) const;
  // When every SIMD holds the same: whether each can take its share of `demand`'s waves,
  // ceil(waves / SIMDs) (what find_rooms answers then, without dividing by register counts).
  bool level_room_allows(const WorkgroupDemand& demand) const;
  // Whether every SIMD holds the same again, after a change that may have broken it.
  void update_level();
  // Writes the level SIMDs' common values into every SIMD's entry, before a change that may
  // break level.
  void spread_level();
  void add(const WorkgroupDemand& demand, const Placement& placement, bool even, bool adding);

  const ComputeUnitSpec* spec_;
  int simd_shift_ = -1;  // log2 of the SIMDs when they are a power of two
  // What each SIMD holds. While level_, only entry 0 is kept (every SIMD holds that), so a
  // work-group dealt evenly is placed or released in one step instead of one per SIMD.
  std::array<std::uint32_t, kMaxSimdsPerCu> simd_waves_{};
  std::array<std::uint32_t, kMaxSimdsPerCu> simd_vgprs_{};
  std::array<std::uint32_t, kMaxSimdsPerCu> simd_sgprs_{};
  std::uint32_t workgroups_ = 0;
  std::uint32_t waves_ = 0;
  std::uint32_t vgprs_ = 0;  // summed over SIMDs
  std::uint32_t sgprs_ = 0;
  std::uint32_t lds_used_ = 0;
  bool level_ = true;  // every SIMD holds the same (work-groups dealt evenly keep them so)
  // The last demand fits() accepted and its SIMDs' rooms, until the CU changes: a policy checks
  // a work-group just before the dispatcher places it, which then need not look again.
  mutable bool fitted_ = false;
  mutable WorkgroupDemand fitted_demand_;
  mutable Rooms fitted_rooms_{};
};

}  // namespace aqlsim
