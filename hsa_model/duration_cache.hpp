#pragma once
// What a running kernel's work-group durations are computed from, kept while it runs: its
// log-normal factors drawn ahead, and its mean duration at each load its CUs have had. Both give
// exactly the values computing them at each start gives; they only cost less.
#include <array>
#include <cstdint>
#include <vector>

#include "hsa_model/random_stream.hpp"
#include "hsa_model/workgroup_duration.hpp"

namespace aqlsim {

class DurationCache {
 public:
  // `waves_per_workgroup` is the kernel's; a CU holds at most `max_waves`.
  DurationCache(std::uint32_t waves_per_workgroup, std::uint32_t max_waves);

  // The mean duration on a CU holding `waves` resident waves: sampler.mean_at(the load in
  // work-groups of this kernel). A load is a count of waves, so there are few; each is computed
  // once (two divisions saved on every start).
  double mean_at_waves(const DurationSampler& sampler, std::uint32_t waves) {
    double& mean = means_[waves];
    if (mean < 0) mean = sampler.mean_at(static_cast<double>(waves) / waves_per_workgroup_);
    return mean;
  }

  // The factor of work-group `index` of a grid of `total`, drawn kBatch work-groups ahead: draws
  // that do not wait for one another overlap in the processor, where a draw made as its
  // work-group starts delays the start by its whole latency. Each work-group's factor still
  // comes from its own stream.
  double spread(const DurationSampler& sampler, RandomStream::KernelSeed seed, std::uint64_t index,
                std::uint64_t total);

 private:
  static constexpr std::uint32_t kBatch = 32;
  std::uint32_t waves_per_workgroup_;
  std::vector<double> means_;  // by resident waves; negative: not computed yet
  std::uint64_t first_ = 0;    // the work-group of spreads_[0]
  std::uint32_t count_ = 0;
  std::array<double, kBatch> spreads_{};
};

}  // namespace aqlsim
