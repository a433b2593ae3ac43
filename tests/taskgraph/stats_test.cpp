#include "taskgraph/stats.hpp"

#include <gtest/gtest.h>

#include "taskgraph/generators.hpp"
#include "taskgraph/load_stg.hpp"
#include "taskgraph/load_yaml.hpp"
#include "taskgraph/ranks.hpp"
#include "test_support.hpp"

namespace aqlsim::taskgraph {
namespace {

using testing::data_path;

void expect_stats(const GraphStats& s, std::size_t tasks, std::size_t edges, std::size_t depth,
                  std::size_t width, std::size_t sources, std::size_t sinks) {
  EXPECT_EQ(s.tasks, tasks);
  EXPECT_EQ(s.edges, edges);
  EXPECT_EQ(s.depth, depth);
  EXPECT_EQ(s.width, width);
  EXPECT_EQ(s.sources, sources);
  EXPECT_EQ(s.sinks, sinks);
}

TEST(GraphStats, Diamond) {
  const TaskGraph graph = diamond("k");
  expect_stats(graph_stats(graph), 4, 4, 3, 2, 1, 1);
  EXPECT_EQ(critical_path_length(graph, unit_cost, false), 3.0);
}

TEST(GraphStats, PuthoorFigure3) {
  const TaskGraph graph = load_graph_file(data_path("puthoor_fig3.yaml"));
  // Levels: {A} {B,C} {D,E} {F} {G}.
  expect_stats(graph_stats(graph), 7, 7, 5, 2, 1, 1);
  EXPECT_EQ(critical_path_length(graph, unit_cost, false), 5.0);
}

TEST(GraphStats, ForkJoinAndWavefront) {
  // sync_0 -> 3 workers -> sync_1 -> 3 workers -> sync_2: 9 tasks, 12 edges, 5 levels.
  expect_stats(graph_stats(fork_join(3, 2, "k")), 9, 12, 5, 3, 1, 1);
  // An n x n wavefront has 2n - 1 anti-diagonals, the longest holding n blocks.
  expect_stats(graph_stats(needleman_wunsch(4, "k")), 16, 24, 7, 4, 1, 1);
}

TEST(GraphStats, IndependentTasksAreAllSourcesAndSinks) {
  TaskGraph graph;
  for (const char* id : {"a", "b", "c"})
    graph.add_task(TaskProps{.id = id});
  expect_stats(graph_stats(graph), 3, 0, 1, 3, 3, 3);
  expect_stats(graph_stats(TaskGraph{}), 0, 0, 0, 0, 0, 0);
  EXPECT_EQ(critical_path_length(TaskGraph{}, unit_cost, false), 0.0);
}

TEST(CriticalPath, IncludesEdgeCostsOnlyWhenAsked) {
  const TaskGraph graph = load_graph_file(data_path("weighted.yaml"));
  // a -c2-> c -c4-> e: 2 + 2 + 4 + 4 + 2 = 14; without edges a-c-d-e: 2 + 4 + 1 + 2 = 9.
  EXPECT_DOUBLE_EQ(critical_path_length(graph, explicit_cost, true), 14.0);
  EXPECT_DOUBLE_EQ(critical_path_length(graph, explicit_cost, false), 9.0);
}

TEST(CriticalPath, StgCosts) {
  // sample.stg: 1 -> 3 -> 5 -> 6 costs 2 + 4 + 5 + 2.
  const TaskGraph graph = load_graph_stg(data_path("sample.stg"));
  EXPECT_DOUBLE_EQ(critical_path_length(graph, explicit_cost, false), 13.0);
}

TEST(CriticalPath, TiledCholeskyIsThreeTilesMinusTwo) {
  // potrf_0 trsm_1_0 syrk_1_0 potrf_1 ... : each step but the last adds potrf, trsm and syrk.
  EXPECT_EQ(critical_path_length(cholesky(1), unit_cost, false), 1.0);
  EXPECT_EQ(critical_path_length(cholesky(3), unit_cost, false), 7.0);
  EXPECT_EQ(critical_path_length(cholesky(5), unit_cost, false), 13.0);
}

}  // namespace
}  // namespace aqlsim::taskgraph
