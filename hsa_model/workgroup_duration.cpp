#include "hsa_model/workgroup_duration.hpp"

#include <algorithm>
#include <cmath>

namespace aqlsim {

double mean_duration_at(const DurationParams& params, double reference_load, double load) {
  const double growth = 1.0 + params.contention * (load - 1.0);
  const double reference_growth = 1.0 + params.contention * (reference_load - 1.0);
  // When load == reference_load the ratio is exactly 1.0 in IEEE arithmetic.
  return static_cast<double>(params.mean) * (growth / reference_growth);
}

Tick sample_duration(const DurationParams& params, double reference_load, double load,
                     RandomStream& stream) {
  double duration = mean_duration_at(params, reference_load, load);
  if (params.rsd > 0.0) {
    const double sigma2 = std::log1p(params.rsd * params.rsd);
    duration *= std::exp(-0.5 * sigma2 + std::sqrt(sigma2) * stream.next_normal());
  }
  return std::max<Tick>(1, static_cast<Tick>(std::llround(duration)));
}

}  // namespace aqlsim
