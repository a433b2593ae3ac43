#include "hsa_model/compute_unit.hpp"

#include <algorithm>
#include <cassert>
#include <limits>

namespace aqlsim {

ComputeUnit::ComputeUnit(const ComputeUnitSpec& spec) : spec_(&spec) {
  assert(spec.simds >= 1 && spec.simds <= kMaxSimdsPerCu);
}

std::uint32_t ComputeUnit::room(const Simd& s, const WorkgroupDemand& demand) const {
  std::uint32_t n = spec_->waves_per_simd - s.waves;
  if (demand.vgprs_per_wave > 0) {
    n = std::min(n, (spec_->vgprs_per_simd - s.vgprs) / demand.vgprs_per_wave);
  }
  if (demand.sgprs_per_wave > 0) {
    n = std::min(n, (spec_->sgprs_per_simd - s.sgprs) / demand.sgprs_per_wave);
  }
  return n;
}

bool ComputeUnit::fits(const WorkgroupDemand& demand) const {
  if (workgroups_ >= spec_->max_workgroups) return false;
  if (lds_used_ + demand.lds_bytes > spec_->lds_bytes) return false;
  std::uint32_t waves = 0;
  for (std::uint32_t i = 0; i < spec_->simds && waves < demand.waves; ++i) {
    waves += room(simds_[i], demand);
  }
  return waves >= demand.waves;
}

Placement ComputeUnit::place(const WorkgroupDemand& demand) {
  assert(fits(demand));
  Placement placement;
  for (std::uint32_t wave = 0; wave < demand.waves; ++wave) {
    std::uint32_t best = 0;
    std::uint32_t best_room = 0;
    for (std::uint32_t i = 0; i < spec_->simds; ++i) {
      const std::uint32_t r = room(simds_[i], demand);
      if (r > best_room) {
        best = i;
        best_room = r;
      }
    }
    Simd& s = simds_[best];
    ++s.waves;
    s.vgprs += demand.vgprs_per_wave;
    s.sgprs += demand.sgprs_per_wave;
    ++placement.waves_per_simd[best];
  }
  ++workgroups_;
  waves_ += demand.waves;
  lds_used_ += demand.lds_bytes;
  return placement;
}

void ComputeUnit::release(const WorkgroupDemand& demand, const Placement& placement) {
  for (std::uint32_t i = 0; i < spec_->simds; ++i) {
    const std::uint32_t n = placement.waves_per_simd[i];
    Simd& s = simds_[i];
    s.waves -= n;
    s.vgprs -= n * demand.vgprs_per_wave;
    s.sgprs -= n * demand.sgprs_per_wave;
  }
  --workgroups_;
  waves_ -= demand.waves;
  lds_used_ -= demand.lds_bytes;
}

bool ComputeUnit::within_limits() const {
  const bool simds_ok =
      std::all_of(simds_.begin(), simds_.begin() + spec_->simds, [&](const Simd& s) {
        return s.waves <= spec_->waves_per_simd && s.vgprs <= spec_->vgprs_per_simd &&
               (spec_->sgprs_per_simd == 0 || s.sgprs <= spec_->sgprs_per_simd);
      });
  return simds_ok && workgroups_ <= spec_->max_workgroups && lds_used_ <= spec_->lds_bytes;
}

}  // namespace aqlsim
