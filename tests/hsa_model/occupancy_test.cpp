// The occupancy calculation against values worked out by hand for the three presets' CUs.
#include "hsa_model/occupancy.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "hsa_model/compute_unit.hpp"

namespace aqlsim {
namespace {

// GTX 480 SM (Pai et al. table 4): 48 warps, 32768 registers = 1024 per lane, 48 KB, 8 blocks.
DeviceSpec gtx480() {
  DeviceSpec d;
  d.wave_size = 32;
  d.cu = {.simds = 1,
          .waves_per_simd = 48,
          .vgprs_per_simd = 1024,
          .vgpr_granule = 4,
          .sgprs_per_simd = 0,
          .sgpr_granule = 1,
          .lds_bytes = 49152,
          .max_workgroups = 8};
  return d;
}

// CDNA CU: 4 SIMDs x 10 waves, 256 VGPRs and 800 SGPRs per SIMD, 64 KiB LDS, 16 work-groups.
DeviceSpec cdna() {
  DeviceSpec d;
  d.wave_size = 64;
  d.cu = {.simds = 4,
          .waves_per_simd = 10,
          .vgprs_per_simd = 256,
          .vgpr_granule = 4,
          .sgprs_per_simd = 800,
          .sgpr_granule = 16,
          .lds_bytes = 65536,
          .max_workgroups = 16};
  return d;
}

Occupancy residency(const DeviceSpec& d, std::uint32_t threads, std::uint32_t vgprs,
                    std::uint32_t sgprs, std::uint32_t lds) {
  return occupancy(d.cu, workgroup_demand(d, threads, vgprs, sgprs, lds));
}

TEST(Occupancy, Gtx480LimitsMatchHandComputation) {
  // 256 threads = 8 warps: 48 / 8 = 6 by warp slots; 20 registers: 1024 / 20 = 51 warps = 6.
  Occupancy o = residency(gtx480(), 256, 20, 0, 0);
  EXPECT_EQ(o.max_residency, 6u);
  EXPECT_EQ(o.by_wave_slots, 6u);
  EXPECT_EQ(o.limiter, "wave slots");
  // 128 threads = 4 warps, 43 registers rounded to 44: 1024 / 44 = 23 warps -> 5 blocks.
  o = residency(gtx480(), 128, 43, 0, 0);
  EXPECT_EQ(o.by_vgprs, 5u);
  EXPECT_EQ(o.max_residency, 5u);
  EXPECT_EQ(o.limiter, "registers");
  // 64 threads, few registers: 24 by warps, but 8 blocks at most.
  o = residency(gtx480(), 64, 16, 0, 0);
  EXPECT_EQ(o.max_residency, 8u);
  EXPECT_EQ(o.limiter, "work-group slots");
  // 12 KB of shared memory: 48 KB / 12 KB = 4.
  o = residency(gtx480(), 64, 16, 0, 12288);
  EXPECT_EQ(o.max_residency, 4u);
  EXPECT_EQ(o.limiter, "LDS");
  // 61 threads still take 2 whole warps (SAD in Pai et al. table 2).
  EXPECT_EQ(workgroup_demand(gtx480(), 61, 16, 0, 0).waves, 2u);
}

TEST(Occupancy, CdnaLimitsMatchHandComputation) {
  // 256 threads = 4 waves of 64 VGPRs: 256 / 64 = 4 waves per SIMD, 16 per CU -> 4.
  Occupancy o = residency(cdna(), 256, 64, 0, 0);
  EXPECT_EQ(o.max_residency, 4u);
  EXPECT_EQ(o.limiter, "registers");
  // 200 SGPRs round to 208: 800 / 208 = 3 waves per SIMD, 12 per CU -> 3 of 4 waves each.
  o = residency(cdna(), 256, 8, 200, 0);
  EXPECT_EQ(o.by_sgprs, 3u);
  EXPECT_EQ(o.max_residency, 3u);
  EXPECT_EQ(o.limiter, "scalar registers");
  // One-wave groups: 40 wave slots per CU, capped at 16 work-groups.
  o = residency(cdna(), 64, 24, 16, 0);
  EXPECT_EQ(o.by_wave_slots, 40u);
  EXPECT_EQ(o.max_residency, 16u);
  // 1024 threads = 16 waves with 200 SGPRs: only 12 waves fit per CU -> fits nowhere.
  EXPECT_EQ(residency(cdna(), 1024, 8, 200, 0).max_residency, 0u);
  // VGPRs round up to the granule of 4: 65 -> 68, 256 / 68 = 3 waves per SIMD -> 12 waves -> 3.
  EXPECT_EQ(residency(cdna(), 256, 65, 0, 0).max_residency, 3u);
}

TEST(ComputeUnit, PlacesWavesOnTheEmptiestSimdAndReleasesExactly) {
  const DeviceSpec d = cdna();
  ComputeUnit cu(d.cu);
  const WorkgroupDemand big = workgroup_demand(d, 384, 64, 0, 1024);  // 6 waves
  ASSERT_TRUE(cu.fits(big));
  const Placement p = cu.place(big);
  // 6 waves over 4 SIMDs, most room first: 2, 2, 1, 1.
  EXPECT_EQ(p.waves_per_simd[0] + p.waves_per_simd[1] + p.waves_per_simd[2] + p.waves_per_simd[3],
            6);
  EXPECT_LE(std::max({p.waves_per_simd[0], p.waves_per_simd[1], p.waves_per_simd[2],
                      p.waves_per_simd[3]}),
            2);
  EXPECT_EQ(cu.resident_waves(), 6u);
  EXPECT_EQ(cu.lds_used(), 1024u);
  // Each SIMD has 256 VGPRs: at most 4 waves of 64; 16 waves per CU, 10 left.
  const WorkgroupDemand small = workgroup_demand(d, 64, 64, 0, 0);
  int placed = 0;
  while (cu.fits(small)) {
    cu.place(small);
    ++placed;
  }
  EXPECT_EQ(placed, 10);
  EXPECT_TRUE(cu.within_limits());
  cu.release(big, p);
  EXPECT_EQ(cu.resident_waves(), 10u);
  EXPECT_EQ(cu.lds_used(), 0u);
  EXPECT_TRUE(cu.fits(big));
}

TEST(ComputeUnit, GivesEachWaveToTheSimdWithMostRoomTheLowestOnTies) {
  using Waves = std::array<std::uint8_t, kMaxSimdsPerCu>;
  const DeviceSpec d = cdna();
  ComputeUnit cu(d.cu);
  const WorkgroupDemand six = workgroup_demand(d, 384, 64, 0, 0);
  const WorkgroupDemand one = workgroup_demand(d, 64, 64, 0, 0);
  // Level SIMDs (room 4 each): dealt round from SIMD 0.
  EXPECT_EQ(cu.place(six).waves_per_simd, (Waves{2, 2, 1, 1}));
  // Rooms 2, 2, 3, 3.
  EXPECT_EQ(cu.place(one).waves_per_simd, (Waves{0, 0, 1, 0}));
  // Rooms 2, 2, 2, 3: SIMD 3 down to 2, then round from SIMD 0 twice over.
  EXPECT_EQ(cu.place(six).waves_per_simd, (Waves{2, 1, 1, 2}));
  EXPECT_TRUE(cu.within_limits());
}

TEST(ComputeUnit, RespectsWorkGroupSlotsAndLds) {
  DeviceSpec d = gtx480();
  ComputeUnit cu(d.cu);
  const WorkgroupDemand lds_heavy = workgroup_demand(d, 32, 4, 0, 20000);
  EXPECT_TRUE(cu.fits(lds_heavy));
  cu.place(lds_heavy);
  cu.place(lds_heavy);
  EXPECT_FALSE(cu.fits(lds_heavy));  // 60000 > 49152
  const WorkgroupDemand tiny = workgroup_demand(d, 32, 4, 0, 0);
  for (int i = 0; i < 6; ++i)
    cu.place(tiny);
  EXPECT_EQ(cu.resident_workgroups(), 8u);
  EXPECT_FALSE(cu.fits(tiny));  // 8 blocks at most
}

// The placement rule written plainly: each SIMD's room by division, a work-group fits when the
// rooms hold its waves, and each wave goes to the SIMD with the most room, the lowest on ties.
class PlainComputeUnit {
 public:
  explicit PlainComputeUnit(const ComputeUnitSpec& spec) : spec_(spec) {}

  bool fits(const WorkgroupDemand& d) const {
    if (workgroups_ >= spec_.max_workgroups || lds_ + d.lds_bytes > spec_.lds_bytes) return false;
    std::uint32_t total = 0;
    for (std::uint32_t i = 0; i < spec_.simds; ++i)
      total += room(i, d);
    return total >= d.waves;
  }
  Placement place(const WorkgroupDemand& d) {
    Placement p;
    std::array<std::uint32_t, kMaxSimdsPerCu> rooms{};
    for (std::uint32_t i = 0; i < spec_.simds; ++i)
      rooms[i] = room(i, d);
    for (std::uint32_t wave = 0; wave < d.waves; ++wave) {
      std::uint32_t best = 0;
      for (std::uint32_t i = 1; i < spec_.simds; ++i)
        best = rooms[i] > rooms[best] ? i : best;
      --rooms[best];
      ++p.waves_per_simd[best];
    }
    apply(d, p, 1);
    return p;
  }
  void release(const WorkgroupDemand& d, const Placement& p) { apply(d, p, -1); }

 private:
  std::uint32_t room(std::uint32_t i, const WorkgroupDemand& d) const {
    std::uint32_t n = spec_.waves_per_simd - waves_[i];
    if (d.vgprs_per_wave > 0)
      n = std::min(n, (spec_.vgprs_per_simd - vgprs_[i]) / d.vgprs_per_wave);
    if (d.sgprs_per_wave > 0)
      n = std::min(n, (spec_.sgprs_per_simd - sgprs_[i]) / d.sgprs_per_wave);
    return n;
  }
  void apply(const WorkgroupDemand& d, const Placement& p, int sign) {
    for (std::uint32_t i = 0; i < spec_.simds; ++i) {
      waves_[i] += sign * p.waves_per_simd[i];
      vgprs_[i] += sign * p.waves_per_simd[i] * static_cast<int>(d.vgprs_per_wave);
      sgprs_[i] += sign * p.waves_per_simd[i] * static_cast<int>(d.sgprs_per_wave);
    }
    workgroups_ += sign;
    lds_ += sign * static_cast<int>(d.lds_bytes);
  }

  ComputeUnitSpec spec_;
  std::array<std::uint32_t, kMaxSimdsPerCu> waves_{}, vgprs_{}, sgprs_{};
  std::uint32_t workgroups_ = 0;
  std::uint32_t lds_ = 0;
};

// The compute unit's shortcuts (level SIMDs checked without division, an even deal that keeps
// them level, a cached room search) must answer and place exactly as the plain rule does, over
// random mixes of work-group shapes on CUs of 1, 3 and 4 SIMDs.
TEST(ComputeUnit, FitsAndPlacesAsThePlainRuleDoes) {
  std::mt19937_64 random(3);
  for (const std::uint32_t simds : {1u, 3u, 4u}) {
    DeviceSpec d = cdna();
    d.cu.simds = simds;
    const std::vector<WorkgroupDemand> shapes = {
        workgroup_demand(d, 256, 32, 0, 0),  workgroup_demand(d, 256, 64, 32, 4096),
        workgroup_demand(d, 128, 24, 16, 0), workgroup_demand(d, 64, 100, 0, 1024),
        workgroup_demand(d, 384, 16, 96, 0), workgroup_demand(d, 192, 40, 0, 16384),
        workgroup_demand(d, 512, 8, 200, 0)};
    ComputeUnit cu(d.cu);
    PlainComputeUnit plain(d.cu);
    std::vector<std::pair<std::size_t, Placement>> resident;
    for (int step = 0; step < 20000; ++step) {
      for (const WorkgroupDemand& shape : shapes)
        ASSERT_EQ(cu.fits(shape), plain.fits(shape)) << "step " << step << ", " << simds;
      const std::size_t s = random() % shapes.size();
      if (random() % 2 == 0 && cu.fits(shapes[s])) {
        const Placement p = cu.place(shapes[s]);
        ASSERT_EQ(p.waves_per_simd, plain.place(shapes[s]).waves_per_simd) << "step " << step;
        resident.emplace_back(s, p);
      } else if (!resident.empty()) {
        const std::size_t victim = random() % resident.size();
        cu.release(shapes[resident[victim].first], resident[victim].second);
        plain.release(shapes[resident[victim].first], resident[victim].second);
        resident.erase(resident.begin() + static_cast<std::ptrdiff_t>(victim));
      }
      ASSERT_TRUE(cu.within_limits());
    }
  }
}

}  // namespace
}  // namespace aqlsim
