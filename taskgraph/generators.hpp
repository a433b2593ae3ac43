#pragma once
// Synthetic task graphs. Every task gets the caller's kernel name (Cholesky names each task's
// kernel after its type instead) and no cost; the tasks' `where` reads "generated graph".
#include <cstddef>
#include <cstdint>
#include <string>

#include "taskgraph/task_graph.hpp"

namespace aqlsim::taskgraph {

// t0 -> t1 -> ... -> t(n-1).
TaskGraph chain(std::size_t n, const std::string& kernel);

// `stages` fork-join blocks in sequence: sync_s -> work_s_0 .. work_s_(width-1) -> sync_(s+1),
// the join of one stage being the fork of the next. (stages + 1) + stages * width tasks and
// 2 * width * stages edges.
TaskGraph fork_join(std::size_t width, std::size_t stages, const std::string& kernel);

// A -> B, A -> C, B -> D, C -> D.
TaskGraph diamond(const std::string& kernel);

// The Needleman-Wunsch wavefront on an n x n grid of blocks: nw_i_j depends on nw_(i-1)_j and
// nw_i_(j-1). n^2 tasks, 2n(n-1) edges.
TaskGraph needleman_wunsch(std::size_t n, const std::string& kernel);

// Right-looking tiled Cholesky factorisation of a tiles x tiles lower-triangular matrix; each
// task depends on the last writer of every tile it reads or updates:
//   potrf_k      factor tile (k,k)                      after syrk_k_(k-1)
//   trsm_i_k     solve tile (i,k), i > k                after potrf_k, gemm_i_k_(k-1)
//   syrk_i_k     update tile (i,i) with tile (i,k)      after trsm_i_k, syrk_i_(k-1)
//   gemm_i_j_k   update tile (i,j), i > j > k           after trsm_i_k, trsm_j_k, gemm_i_j_(k-1)
// (dependencies on tasks with k-1 < 0 are absent). Kernels: "potrf", "trsm", "syrk", "gemm".
TaskGraph cholesky(std::size_t tiles);

// DAGGEN's parameters (Suter and Hunold), with DAGGEN's defaults.
struct DaggenParams {
  std::size_t n = 100;      // number of tasks
  double fat = 0.5;         // 0..1: perfect level width is n^fat (0: a chain, 0.5: sqrt(n))
  double density = 0.5;     // 0..1: a task has 1 + U[0, density * previous level's width) parents
  double regularity = 0.9;  // 0..1: level widths vary by up to (1 - regularity) of the perfect one
  std::size_t jump = 1;     // >= 1: an edge spans at most this many levels
  std::uint64_t seed = 0;
};

// A random layered DAG built as DAGGEN builds it. Task "r_l_i" is the i-th task of layer l;
// every task outside layer 0 has at least one parent, in one of the `jump` layers above it.
// The same parameters give the same graph on every platform.
TaskGraph layered_random(const DaggenParams& params, const std::string& kernel);

}  // namespace aqlsim::taskgraph
