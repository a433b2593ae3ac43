#pragma once
// Sampling a work-group's duration at dispatch from the load of its CU (the default timing
// model; README: The model). See DurationParams for the formula.
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
  // One draw: the mean at `load` times a log-normal factor (mean 1, CV = rsd). With rsd 0 the
  // result is exactly the mean, so the staircase of an isolated kernel is exact.
  Tick sample(double load, RandomStream& stream) const;

  // For processor sharing: one draw of work, in ticks at the reference load (the same draw as
  // sample's), and the speed at `load` in those ticks per tick (1 at the reference load).
  // At a constant load, work / speed_at(load) is the duration sample() gives.
  double work(RandomStream& stream) const { return mean_ * spread(stream); }
  double speed_at(double load) const;

 private:
  double spread(RandomStream& stream) const;  // the log-normal factor

  double mean_ = 0;
  double contention_ = 0;
  double reference_growth_ = 1;
  double sigma_ = 0;  // of the underlying normal
  double mu_ = 0;     // -sigma^2/2, so the factor has mean 1
};

}  // namespace aqlsim
