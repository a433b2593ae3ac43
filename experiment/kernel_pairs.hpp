#pragma once
// The two-kernel workloads of Pai et al. §6: every ordered pair of distinct kernels from a
// kernel library, each kernel alone on its own queue, the second arriving a fixed time after
// the first or at a fraction of the first kernel's isolated runtime (table 6).
#include <vector>

#include "config/yaml_node.hpp"
#include "experiment/experiment.hpp"
#include "scenario/scenario.hpp"

namespace aqlsim {

// Reads a `pairs:` map: `device` (preset name or map), `kernels` (a kernel library file,
// relative to the experiment file), `names` (default: every kernel in the library) and
// `second_arrival` (a duration such as 100cy, or a percentage such as 25%) and `persistent`
// (true: the library's kernels as persistent-thread kernels, as `include` with `persistent`).
// `group: N` (N > 2) makes every combination of N distinct kernels instead, in the list's
// order, the i-th submitted i * second_arrival (a duration) after the first.
// A percentage `second_arrival` is left to resolve_second_arrival, per run.
std::vector<WorkloadSource> kernel_pairs(const YamlNode& node);

// Sets the second kernel's arrival of a pair loaded from `source`, when it is a fraction of the
// first kernel's runtime alone: that runtime on `scenario`'s device, with its settings, seed and
// limits. Call it once the run's overrides and seed are applied.
void resolve_second_arrival(const WorkloadSource& source, Scenario& scenario);

}  // namespace aqlsim
