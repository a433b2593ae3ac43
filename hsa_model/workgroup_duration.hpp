#pragma once
// Sampling a work-group's duration at dispatch from the load of its CU (the default model of
// DESIGN.md §3). See DurationParams for the formula.
#include "hsa_model/kernel_profile.hpp"
#include "hsa_model/random_stream.hpp"

namespace aqlsim {

// Mean duration at `load` work-group equivalents on the CU, given the mean at `reference_load`.
double mean_duration_at(const DurationParams& params, double reference_load, double load);

// One draw: the mean at `load` times a log-normal factor (mean 1, CV = rsd). With rsd 0 the
// result is exactly the mean, so the staircase of an isolated kernel is exact.
Tick sample_duration(const DurationParams& params, double reference_load, double load,
                     RandomStream& stream);

}  // namespace aqlsim
