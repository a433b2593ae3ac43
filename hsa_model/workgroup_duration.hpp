#pragma once
// Sampling a work-group's duration at dispatch from the load of its CU (the default timing
// model; README: The model). See DurationParams for the formula.
#include <algorithm>

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
  double spread(RandomStream& stream) const { return spread_at(stream.next_unit()); }
  // The factor a uniform draw in (0, 1) gives; it rises with the draw.
  double spread_at(double unit) const;
  // The duration of a work-group with factor `spread` where the mean is `mean` (mean_at its
  // load): their product, rounded. With rsd 0 it is exactly the mean, so the staircase of an
  // isolated kernel is exact.
  Tick duration(double mean, double spread) const {
    double duration = mean;
    if (sigma_ > 0.0) duration *= spread;
    // A draw far in the tail is clamped (converting a double beyond a Tick is undefined).
    if (!(duration < static_cast<double>(kMaxDuration))) return kMaxDuration;
    // Round half up; durations are positive and far below 2^52 ticks, where this is exact.
    return std::max<Tick>(1, static_cast<Tick>(duration + 0.5));
  }
  Tick sample(double load, RandomStream& stream) const {
    return duration(mean_at(load), spread(stream));
  }

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

}  // namespace aqlsim
