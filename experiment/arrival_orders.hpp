#pragma once
// The multi-application workloads of Lopez-Albelda et al. §VI-C: a set of applications (each a
// pipeline of kernels on its own queue, submitted together with barrier bits between them)
// arriving one after another a fixed time apart, in many seeded arrival orders. Every workload
// measures each queue as one application (metrics_per: queue).
#include <vector>

#include "config/yaml_node.hpp"
#include "experiment/experiment.hpp"

namespace aqlsim {

// Reads an `arrival_orders:` map: `device` (preset name or map), `kernels` (a kernel library
// file, relative to the experiment file), `applications` (a list of {name, kernels: [...]}),
// `spacing` (a duration, default 1ms), `orders` (how many, default 1), `seed` (of the
// permutations, default 1). Order 1 is the order of the list; the others are permutations.
std::vector<WorkloadSource> arrival_orders(const YamlNode& node);

}  // namespace aqlsim
