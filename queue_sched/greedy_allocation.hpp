#pragma once
// The resource allocation of Bashizade et al. 2018 (adaptive simultaneous multi-tenancy), §3.5
// and algorithm 1, as a pure function so it can be checked by hand.
//
// Each kernel has an offline profile: its isolated runtime T_i^c with c persistent workers
// (CTAs) per CU, pruned so that runtime falls strictly as c grows. Its remaining time when it
// shares the device is estimated by equation 1:
//   T_m^c = T_i^c * (TB_t - TB_e) / TB_t
// (TB_t its thread blocks, TB_e those executed). The greedy starts every kernel at its first
// configuration point, sorts the kernels by estimated remaining time, longest first, and
// advances the first unmarked one to its next point: kept if every kernel's workers still fit
// on a CU together, otherwise rolled back and the kernel marked; a kernel at its last point is
// marked too. It ends when every kernel is marked. So it minimises the longest remaining time.
//
// Configuration points here are workers per CU (c CTAs = c x CUs): the model controls how many
// of a kernel's work-groups each CU may hold, not a device-wide CTA count.
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "hsa_model/device_spec.hpp"
#include "hsa_model/occupancy.hpp"

namespace aqlsim {

struct ConfigPoint {
  std::uint32_t workers = 1;  // per CU
  Tick runtime = 0;           // isolated, with that many workers
};

struct AllocationCandidate {
  WorkgroupDemand demand;
  std::vector<ConfigPoint> configs;  // pruned, workers ascending, runtime falling
  double left = 1.0;                 // (TB_t - TB_e) / TB_t
};

// The profile with every point that is not faster than all points with fewer workers dropped.
std::vector<ConfigPoint> prune_profile(std::span<const Tick> runtime_by_workers);

// Workers per CU for each candidate. Candidates whose first point no longer fits beside the
// earlier ones get 0 (they wait).
std::vector<std::uint32_t> greedy_allocation(const ComputeUnitSpec& cu,
                                             std::span<const AllocationCandidate> candidates);

}  // namespace aqlsim
