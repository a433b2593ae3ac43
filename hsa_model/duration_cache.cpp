#include "hsa_model/duration_cache.hpp"

#include <algorithm>

namespace aqlsim {

DurationCache::DurationCache(std::uint32_t waves_per_workgroup, std::uint32_t max_waves)
    : waves_per_workgroup_(waves_per_workgroup), means_(max_waves + 1, -1.0) {}

double DurationCache::spread(const DurationSampler& sampler, RandomStream::KernelSeed seed,
                             std::uint64_t index, std::uint64_t total) {
  if (index - first_ < count_) return spreads_[index - first_];
  if (index < first_) {  // returned work (an evicted work-group's index): drawn on its own
    RandomStream stream(seed, index);
    return sampler.spread(stream);
  }
  first_ = index;
  count_ = static_cast<std::uint32_t>(std::min<std::uint64_t>(kBatch, total - index));
  for (std::uint32_t i = 0; i < count_; ++i) {
    RandomStream stream(seed, index + i);
    spreads_[i] = sampler.spread(stream);
  }
  return spreads_[0];
}

}  // namespace aqlsim
