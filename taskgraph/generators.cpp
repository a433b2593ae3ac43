#include "taskgraph/generators.hpp"

#include <fmt/format.h>

#include <vector>

#include "taskgraph/generated_task.hpp"

namespace aqlsim::taskgraph {
namespace {

// Adds `id` as a predecessor of the task `t` (by id: a generator bug then fails loudly).
void after(TaskGraph& graph, const std::string& id, TaskId t) {
  graph.add_edge(id, t, generated_location());
}

void add_cholesky_step(TaskGraph& graph, std::size_t tiles, std::size_t k) {
  const TaskId potrf = add_generated_task(graph, fmt::format("potrf_{}", k), "potrf");
  if (k > 0) after(graph, fmt::format("syrk_{}_{}", k, k - 1), potrf);
  for (std::size_t i = k + 1; i < tiles; ++i) {
    const TaskId trsm = add_generated_task(graph, fmt::format("trsm_{}_{}", i, k), "trsm");
    after(graph, fmt::format("potrf_{}", k), trsm);
    if (k > 0) after(graph, fmt::format("gemm_{}_{}_{}", i, k, k - 1), trsm);
  }
  for (std::size_t i = k + 1; i < tiles; ++i) {
    const TaskId syrk = add_generated_task(graph, fmt::format("syrk_{}_{}", i, k), "syrk");
    after(graph, fmt::format("trsm_{}_{}", i, k), syrk);
    if (k > 0) after(graph, fmt::format("syrk_{}_{}", i, k - 1), syrk);
    for (std::size_t j = k + 1; j < i; ++j) {
      const TaskId gemm = add_generated_task(graph, fmt::format("gemm_{}_{}_{}", i, j, k), "gemm");
      after(graph, fmt::format("trsm_{}_{}", i, k), gemm);
      after(graph, fmt::format("trsm_{}_{}", j, k), gemm);
      if (k > 0) after(graph, fmt::format("gemm_{}_{}_{}", i, j, k - 1), gemm);
    }
  }
}

}  // namespace

TaskGraph chain(std::size_t n, const std::string& kernel) {
  TaskGraph graph;
  for (std::size_t i = 0; i < n; ++i) {
    const TaskId t = add_generated_task(graph, fmt::format("t{}", i), kernel);
    if (i > 0) graph.add_edge(t - 1, t);
  }
  return graph;
}

TaskGraph fork_join(std::size_t width, std::size_t stages, const std::string& kernel) {
  TaskGraph graph;
  TaskId fork = add_generated_task(graph, "sync_0", kernel);
  for (std::size_t s = 0; s < stages; ++s) {
    std::vector<TaskId> work;
    for (std::size_t i = 0; i < width; ++i) {
      work.push_back(add_generated_task(graph, fmt::format("work_{}_{}", s, i), kernel));
      graph.add_edge(fork, work.back());
    }
    const TaskId join = add_generated_task(graph, fmt::format("sync_{}", s + 1), kernel);
    for (const TaskId w : work)
      graph.add_edge(w, join);
    fork = join;
  }
  return graph;
}

TaskGraph diamond(const std::string& kernel) {
  TaskGraph graph;
  const TaskId a = add_generated_task(graph, "A", kernel);
  const TaskId b = add_generated_task(graph, "B", kernel);
  const TaskId c = add_generated_task(graph, "C", kernel);
  const TaskId d = add_generated_task(graph, "D", kernel);
  graph.add_edge(a, b);
  graph.add_edge(a, c);
  graph.add_edge(b, d);
  graph.add_edge(c, d);
  return graph;
}

TaskGraph needleman_wunsch(std::size_t n, const std::string& kernel) {
  TaskGraph graph;
  // Row-major insertion: the block above is n ids back, the block to the left one id back.
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      const TaskId t = add_generated_task(graph, fmt::format("nw_{}_{}", i, j), kernel);
      if (i > 0) graph.add_edge(t - n, t);
      if (j > 0) graph.add_edge(t - 1, t);
    }
  }
  return graph;
}

TaskGraph cholesky(std::size_t tiles) {
  TaskGraph graph;
  for (std::size_t k = 0; k < tiles; ++k)
    add_cholesky_step(graph, tiles, k);
  return graph;
}

}  // namespace aqlsim::taskgraph
