#pragma once
// Sampling a work-group's duration at dispatch from the load of its CU (the default timing
// model; README: The model). See DurationParams for the formula.
#include <array>
#include <cstdint>

#include "hsa_model/kernel_profile.hpp"
#include "hsa_model/random_stream.hpp"

namespace aqlsim {

// A kernel's duration model with everything that does not depend on the load computed once.
class DurationSampler {
 public:
  DurationSampler() = default;
  // `reference_load` is the residency at which params.mean was given.
  DurationSampler(const DurationParams& params, double reference_load);

  // Mean duration (in ticks) at `load` work-group equivalents of this kernel on the CU.
  double mean_at(double load) const;
  // Whether durations are drawn (rsd > 0); otherwise every factor is 1.
  bool random() const { return sigma_ > 0.0; }
  // A work-group's log-normal factor (mean 1, CV = rsd): one draw from its stream.
  double spread(RandomStream& stream) const;
  // The duration of a work-group with factor `spread`: the mean at `load` times the factor.
  // With rsd 0 the result is exactly the mean, so the staircase of an isolated kernel is exact.
  Tick duration(double load, double spread) const;
  Tick sample(double load, RandomStream& stream) const { return duration(load, spread(stream)); }

  // For processor sharing: a work-group's work, in ticks at the reference load (from the same
  // factor as its duration), and the speed at `load` in those ticks per tick (1 at the
  // reference load). At a constant load, work / speed_at(load) is the duration.
  double work(double spread) const { return mean_ * spread; }
  double speed_at(double load) const;

 private:
  double mean_ = 0;
  double contention_ = 0;
  double reference_growth_ = 1;
  double sigma_ = 0;  // of the underlying normal
  double mu_ = 0;     // -sigma^2/2, so the factor has mean 1
};

// A kernel's log-normal factors, drawn kBatch work-groups ahead: draws that do not wait for one
// another overlap in the processor, where a draw made as its work-group starts delays the start
// by its whole latency. The values are the same: each work-group's factor comes from its own
// stream whenever it is drawn.
class DrawsAhead {
 public:
  // The factor of work-group `index` of a grid of `total`.
  double spread(const DurationSampler& sampler, RandomStream::KernelSeed seed, std::uint64_t index,
                std::uint64_t total);

 private:
  static constexpr std::uint32_t kBatch = 32;
  std::uint64_t first_ = 0;  // the work-group of spreads_[0]
  std::uint32_t count_ = 0;
  std::array<double, kBatch> spreads_{};
};

}  // namespace aqlsim
