#pragma once
// Multi-program metrics (README: The model), defined once. For kernel i, T_SP is its
// turnaround running alone, T_MP its turnaround in the shared run.
//   NTT_i = T_MP / T_SP            STP  = sum of T_SP / T_MP  (Eyerman & Eeckhout)
//   ANTT  = mean of NTT            StrictF fairness = min NTT / max NTT  (1 = fair)
//   DNTT  = standard deviation of NTT (population; Lopez-Albelda et al. eq. 6)
#include <span>

namespace aqlsim {

struct Metrics {
  double stp = 0;
  double antt = 0;
  double fairness = 0;
  double dntt = 0;

  // STP is positive over any kernel, so all zeros (no alone runs, or a run that did not finish)
  // is "not measured".
  bool measured() const { return stp > 0; }
};

// `ntt` holds NTT_i for every kernel; empty input gives all zeros.
Metrics compute_metrics(std::span<const double> ntt);

}  // namespace aqlsim
