#include "scenario/metrics.hpp"

#include <algorithm>
#include <cmath>

namespace aqlsim {

Metrics compute_metrics(std::span<const double> ntt) {
  Metrics m;
  if (ntt.empty()) return m;
  double sum = 0;
  for (const double x : ntt) {
    m.stp += 1.0 / x;
    sum += x;
  }
  const double n = static_cast<double>(ntt.size());
  m.antt = sum / n;
  const auto [lo, hi] = std::minmax_element(ntt.begin(), ntt.end());
  m.fairness = *lo / *hi;
  double squares = 0;
  for (const double x : ntt)
    squares += (x - m.antt) * (x - m.antt);
  m.dntt = std::sqrt(squares / n);
  return m;
}

}  // namespace aqlsim
