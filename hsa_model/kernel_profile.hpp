#pragma once
// A kernel's code object as the model sees it: the resources one work-group needs and how long
// its work-groups run.
#include <cmath>
#include <cstdint>
#include <string>

#include "hsa_model/time.hpp"

namespace aqlsim {

// How long work-groups take (README: The model, Pai et al. §3.4). The mean duration is given at a
// reference residency; at load L (resident waves on the CU, in units of this kernel's
// work-group) the mean becomes  mean * (1 + contention*(L-1)) / (1 + contention*(ref-1)).
// So per-block time grows with residency while throughput L/t(L) still rises and saturates
// towards 1/(contention * t(1)): the shape of Pai et al. figures 7 and 8. Each work-group's
// duration is that mean times a log-normal factor of mean 1 and coefficient of variation rsd,
// at the load when it starts or, with processor sharing, as the load changes while it runs
// (ComputeUnitSpec::timing).
struct DurationParams {
  Tick mean = kMicrosecond;
  std::uint32_t reference_residency = 0;  // 0: the kernel's maximum residency
  double rsd = 0.0;                       // relative standard deviation (Pai et al. table 3)
  double contention = 0.25;               // slowdown per extra co-resident work-group
};

struct KernelProfile {
  std::string name;
  std::uint32_t workgroup_size = 256;  // work-items, default for dispatches
  std::uint64_t workgroups = 1;        // default grid, in work-groups
  std::uint32_t vgprs = 32;            // registers per work-item
  std::uint32_t sgprs = 0;             // scalar registers per wave
  std::uint32_t lds_bytes = 0;         // LDS per work-group, default for dispatches
  DurationParams duration;
  // A persistent-thread kernel (Lopez-Albelda et al. listing 1): its work-groups are tasks taken
  // from a counter by this many resident workers per CU; 0: an ordinary kernel. Only
  // persistent kernels can be evicted by `drain`.
  std::uint32_t persistent_workers_per_cu = 0;
  double persistent_overhead = 1.0;  // the transformation's factor on task time (table II)

  // Its work-groups' durations as launched: a persistent kernel's tasks take
  // `persistent_overhead` times as long.
  DurationParams launched_duration() const {
    DurationParams launched = duration;
    if (persistent_overhead != 1.0)
      launched.mean = duration_ticks(static_cast<double>(launched.mean) * persistent_overhead);
    return launched;
  }
};

}  // namespace aqlsim
