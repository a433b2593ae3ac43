#include "hsa_model/workgroup_duration.hpp"

#include <algorithm>
#include <cmath>

namespace aqlsim {

DurationSampler::DurationSampler(const DurationParams& params, double reference_load)
    : mean_(static_cast<double>(params.mean)),
      contention_(params.contention),
      reference_growth_(1.0 + params.contention * (reference_load - 1.0)) {
  if (params.rsd > 0.0) {
    const double sigma2 = std::log1p(params.rsd * params.rsd);
    sigma_ = std::sqrt(sigma2);
    mu_ = -0.5 * sigma2;
  }
}

double DurationSampler::mean_at(double load) const {
  // Computed as the reference growth was, so at the reference load the ratio is exactly 1.0.
  const double growth = 1.0 + contention_ * (load - 1.0);
  return mean_ * (growth / reference_growth_);
}

double DurationSampler::speed_at(double load) const {
  return reference_growth_ / (1.0 + contention_ * (load - 1.0));
}

double DurationSampler::spread_at(double unit) const {
  return sigma_ > 0.0 ? std::exp(mu_ + sigma_ * RandomStream::inverse_normal_cdf(unit)) : 1.0;
}

}  // namespace aqlsim
