#pragma once
// SRTF/Adaptive's forecast of each running kernel's slowdown (Pai et al. §5.1.2, figure 13)
// under two plans, from predicted times. A kernel's slowdown is its forecast turnaround over
// its predicted runtime alone: (elapsed + F) / alone, F being when it finishes from now.
#include <span>
#include <vector>

namespace aqlsim {

struct PlannedKernel {
  double remaining = 0;  // T: predicted time left with the GPU to itself
  double elapsed = 0;    // since it arrived
  double alone = 1;      // predicted runtime alone (from the exclusive part of the run)
};

// Exclusive (plain SRTF): kernels given shortest `remaining` first run one after another,
// so kernel i finishes at F_i = T_1 + ... + T_i (figure 13's T1 and T1 + T2).
std::vector<double> exclusive_slowdowns(std::span<const PlannedKernel> kernels);

// Sharing: the first (fastest) kernel keeps `fast_share` of its exclusive throughput
// (residency_limit / R), the second runs beside it at `co_share` (its shared residency / R),
// and the rest wait. This is §5.1.2's TS1/TS2 computation in time units: TS1 = T_1 /
// fast_share; the second kernel completes NB1 = TS1 * S / t blocks per CU meanwhile, i.e.
// TS1 * co_share of its remaining time, and runs NB2 = N - NB1 blocks alone after:
// TS2 = T_2 - TS1 * co_share. When the second would finish first the roles swap.
std::vector<double> sharing_slowdowns(std::span<const PlannedKernel> kernels, double fast_share,
                                      double co_share);

// Largest minus smallest slowdown: SRTF/Adaptive's measure of unfairness.
double slowdown_gap(std::span<const double> slowdowns);

// slowdown_gap of each plan's slowdowns, allocating nothing.
double exclusive_gap(std::span<const PlannedKernel> kernels);
double sharing_gap(std::span<const PlannedKernel> kernels, double fast_share, double co_share);

}  // namespace aqlsim
