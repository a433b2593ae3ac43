#pragma once
// A generated graph described in YAML, one map per graph:
//
//   {kind: chain, n: 5, kernel: k}
//   {kind: fork-join, width: 4, stages: 2, kernel: k}
//   {kind: diamond, kernel: k}
//   {kind: nw, n: 8, kernel: k}                          # Needleman-Wunsch wavefront
//   {kind: cholesky, tiles: 4}                           # kernels potrf, trsm, syrk, gemm
//   {kind: layered, n: 50, fat: 0.5, density: 0.5, regularity: 0.9, jump: 1, seed: 1,
//    kernel: k}                                          # DAGGEN; all but n and kernel optional
//
// See generators.hpp for the shapes. Without `kernel` the tasks name no kernel, so a workload's
// graph.default_kernel applies. Keys are checked strictly; sizes are bounded so that a typo
// cannot ask for billions of tasks.
#include "config/yaml_node.hpp"
#include "taskgraph/task_graph.hpp"

namespace aqlsim::taskgraph {

TaskGraph generate_graph(const YamlNode& spec);

}  // namespace aqlsim::taskgraph
