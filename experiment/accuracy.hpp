#pragma once
// Predictor accuracy in the style of Pai et al. figure 11: the Simple Slicing predictor runs
// beside the thread-block policy, and each kernel's predicted runtime is divided by its actual
// runtime (first work-group start to last end), for kernels run alone and run together. Three
// predictions of each kernel: after its first block; slice-unaware (made once per CU, "at the
// beginning of the kernel"); and slice-aware at the start of its last slice (§4.2: "for mpmax,
// we measure accuracy only for the last slice"). Alone, a kernel has one slice, so the last
// two agree. Kernel-level figures are the largest over the CUs, as everywhere in aqlsim.
#include <string>
#include <vector>

#include "experiment/experiment.hpp"

namespace aqlsim {

// min, quartiles and max of one set of prediction / actual ratios.
struct RatioSummary {
  std::string group;  // "isolated" or "shared"
  std::string when;   // "first block", "slice-unaware" or "last slice, slice-aware"
  std::size_t count = 0;
  double min = 0, q1 = 0, median = 0, q3 = 0, max = 0;
  double within_half_to_double = 0;  // share of ratios in [0.5, 2] (the paper's "within 2x")
};

// A run that did not complete: its kernels are left out of the ratios.
struct UnfinishedRun {
  std::string workload;
  std::string run;  // "shared run", or "alone run of PACKET"
  RunStatus status = RunStatus::completed;
};

struct AccuracyResult {
  std::vector<RatioSummary> ratios;
  std::vector<UnfinishedRun> unfinished;  // in the order run
};

// Runs every workload of `spec` (with its overrides, seed and the first policy it names, if
// any) and every dispatch of those workloads alone. A dispatch whose alone run is identical to
// one already measured (the same packet name and the same figures: a kernel in many pairs) is
// counted once. Throws InputError for an experiment with a sweep: it measures one point.
AccuracyResult predictor_accuracy(const ExperimentSpec& spec);

// Linear-interpolation quantile (q in [0, 1]) of sorted values.
double quantile(const std::vector<double>& sorted, double q);

}  // namespace aqlsim
