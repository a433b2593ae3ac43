#include "taskgraph/generators.hpp"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <tuple>

#include "taskgraph/stats.hpp"
#include "test_support.hpp"

namespace aqlsim::taskgraph {
namespace {

using testing::edge_set;
using testing::EdgeSet;
using testing::ids;
using testing::task_named;
using ::testing::UnorderedElementsAre;

std::vector<std::string> predecessor_ids(const TaskGraph& graph, std::string_view id) {
  return ids(graph, graph.predecessors(task_named(graph, id)));
}

std::size_t count_kernel(const TaskGraph& graph, std::string_view kernel) {
  std::size_t n = 0;
  for (TaskId t = 0; t < graph.size(); ++t)
    n += graph.task(t).kernel == kernel ? 1 : 0;
  return n;
}

TEST(Chain, NTasksNMinusOneEdges) {
  const TaskGraph graph = chain(5, "k");
  EXPECT_EQ(graph.size(), 5u);
  EXPECT_EQ(edge_set(graph), (EdgeSet{{"t0", "t1"}, {"t1", "t2"}, {"t2", "t3"}, {"t3", "t4"}}));
  EXPECT_EQ(count_kernel(graph, "k"), 5u);
  EXPECT_EQ(chain(1, "k").edge_count(), 0u);
}

TEST(Diamond, FourTasksFourEdges) {
  const TaskGraph graph = diamond("k");
  EXPECT_EQ(edge_set(graph), (EdgeSet{{"A", "B"}, {"A", "C"}, {"B", "D"}, {"C", "D"}}));
  EXPECT_EQ(count_kernel(graph, "k"), 4u);
}

TEST(ForkJoin, JoinOfOneStageForksTheNext) {
  const TaskGraph graph = fork_join(3, 2, "k");
  EXPECT_EQ(graph.size(), 9u);  // (2 + 1) sync points + 2 * 3 workers
  EXPECT_EQ(graph.edge_count(), 12u);
  EXPECT_THAT(predecessor_ids(graph, "sync_1"),
              UnorderedElementsAre("work_0_0", "work_0_1", "work_0_2"));
  EXPECT_THAT(predecessor_ids(graph, "work_1_2"), UnorderedElementsAre("sync_1"));
  EXPECT_THAT(predecessor_ids(graph, "sync_2"),
              UnorderedElementsAre("work_1_0", "work_1_1", "work_1_2"));
  EXPECT_EQ(count_kernel(graph, "k"), 9u);
}

TEST(NeedlemanWunsch, BlockDependsOnTheBlockAboveAndToTheLeft) {
  for (std::size_t n : {1u, 2u, 3u, 8u}) {
    const TaskGraph graph = needleman_wunsch(n, "nw");
    EXPECT_EQ(graph.size(), n * n);
    EXPECT_EQ(graph.edge_count(), 2 * n * (n - 1));
  }
  const TaskGraph graph = needleman_wunsch(3, "nw");
  EXPECT_THAT(predecessor_ids(graph, "nw_1_2"), UnorderedElementsAre("nw_0_2", "nw_1_1"));
  EXPECT_THAT(predecessor_ids(graph, "nw_2_0"), UnorderedElementsAre("nw_1_0"));
  EXPECT_TRUE(predecessor_ids(graph, "nw_0_0").empty());
  EXPECT_EQ(graph.task(task_named(graph, "nw_2_2")).kernel, "nw");
}

TEST(Cholesky, TaskCountsPerType) {
  for (std::size_t t = 1; t <= 6; ++t) {
    const TaskGraph graph = cholesky(t);
    EXPECT_EQ(count_kernel(graph, "potrf"), t);
    EXPECT_EQ(count_kernel(graph, "trsm"), t * (t - 1) / 2);
    EXPECT_EQ(count_kernel(graph, "syrk"), t * (t - 1) / 2);
    EXPECT_EQ(count_kernel(graph, "gemm"), t * (t - 1) * (t - 2) / 6);
    EXPECT_EQ(graph.size(), t + t * (t - 1) + t * (t - 1) * (t - 2) / 6);
  }
}

TEST(Cholesky, ThreeTilesExactly) {
  const TaskGraph graph = cholesky(3);
  EXPECT_EQ(edge_set(graph), (EdgeSet{{"potrf_0", "trsm_1_0"},
                                      {"potrf_0", "trsm_2_0"},
                                      {"trsm_1_0", "syrk_1_0"},
                                      {"trsm_2_0", "syrk_2_0"},
                                      {"trsm_1_0", "gemm_2_1_0"},
                                      {"trsm_2_0", "gemm_2_1_0"},
                                      {"syrk_1_0", "potrf_1"},
                                      {"potrf_1", "trsm_2_1"},
                                      {"gemm_2_1_0", "trsm_2_1"},
                                      {"trsm_2_1", "syrk_2_1"},
                                      {"syrk_2_0", "syrk_2_1"},
                                      {"syrk_2_1", "potrf_2"}}));
}

TEST(Cholesky, FourTilesDependencies) {
  const TaskGraph graph = cholesky(4);
  // potrf 3 + trsm (6 + 3) + syrk (6 + 3) + gemm (2 * 4 + 1)
  EXPECT_EQ(graph.edge_count(), 30u);
  EXPECT_THAT(predecessor_ids(graph, "potrf_2"), UnorderedElementsAre("syrk_2_1"));
  EXPECT_THAT(predecessor_ids(graph, "trsm_3_1"), UnorderedElementsAre("potrf_1", "gemm_3_1_0"));
  EXPECT_THAT(predecessor_ids(graph, "syrk_3_2"), UnorderedElementsAre("trsm_3_2", "syrk_3_1"));
  EXPECT_THAT(predecessor_ids(graph, "gemm_3_2_1"),
              UnorderedElementsAre("trsm_3_1", "trsm_2_1", "gemm_3_2_0"));
  EXPECT_THAT(predecessor_ids(graph, "gemm_3_2_0"), UnorderedElementsAre("trsm_3_0", "trsm_2_0"));
  EXPECT_TRUE(predecessor_ids(graph, "potrf_0").empty());
}

// The layer of a task named "r_<layer>_<index>".
std::size_t layer_of(const std::string& id) {
  std::size_t layer = 0;
  const auto first = id.data() + 2;
  const auto [end, ec] = std::from_chars(first, id.data() + id.size(), layer);
  EXPECT_EQ(ec, std::errc{}) << id;
  EXPECT_EQ(*end, '_') << id;
  return layer;
}

TEST(LayeredRandom, ThinDagIsAChain) {
  // fat 0: the perfect width n^0 is 1, so every layer holds one task, and with jump 1 its one
  // parent is the task just above.
  const TaskGraph graph = layered_random({.n = 12, .fat = 0, .jump = 1, .seed = 3}, "k");
  EXPECT_EQ(graph.size(), 12u);
  EXPECT_EQ(graph.edge_count(), 11u);
  for (std::size_t l = 1; l < 12; ++l) {
    EXPECT_TRUE(graph.has_edge(task_named(graph, fmt::format("r_{}_0", l - 1)),
                               task_named(graph, fmt::format("r_{}_0", l))));
  }
}

TEST(LayeredRandom, FullyFatDagIsOneLayer) {
  const TaskGraph graph = layered_random({.n = 20, .fat = 1, .regularity = 1, .seed = 3}, "k");
  EXPECT_EQ(graph.size(), 20u);
  EXPECT_EQ(graph.edge_count(), 0u);
}

TEST(LayeredRandom, RegularLayersAroundSqrtN) {
  // fat 0.5: perfect width floor(50^0.5) = 7; regularity 1: every layer exactly 7 wide except
  // the last, which takes the remaining 1. Density 0 gives each task one parent, jump 1 puts it
  // in the layer just above, so the layers are the levels.
  const TaskGraph graph = layered_random(
      {.n = 50, .fat = 0.5, .density = 0, .regularity = 1, .jump = 1, .seed = 9}, "k");
  const GraphStats stats = graph_stats(graph);
  EXPECT_EQ(stats.tasks, 50u);
  EXPECT_EQ(stats.edges, 43u);  // one per task outside layer 0
  EXPECT_EQ(stats.depth, 8u);
  EXPECT_EQ(stats.width, 7u);
  EXPECT_EQ(stats.sources, 7u);
  EXPECT_TRUE(graph.find("r_7_0").has_value());
  EXPECT_FALSE(graph.find("r_7_1").has_value());
}

// DAGGEN gives a task 1 + floor(U[0, density * w)) distinct parents, w = 7 being the width of
// the layer above (700^0.3 = 7.1; regularity 1 makes every layer 7 wide). Over the 693 tasks
// below layer 0 the mean must be close to its expectation:
//   density 1:   1 + (0 + 1 + ... + 6) / 7 = 4, at most 7 parents;
//   density 0.5: 1 + (0 + 1 + 2) / 3.5 + 3 * 0.5 / 3.5 = 16 / 7, at most 4 parents.
// A drawn parent that is already one is replaced by the next task of its layer, so the
// duplicates do not lower the count.
TEST(LayeredRandom, ParentCountFollowsDensity) {
  for (const auto& [density, mean, most] : {std::tuple{1.0, 4.0, 7u}, {0.5, 16.0 / 7, 4u}}) {
    const TaskGraph graph = layered_random(
        {.n = 700, .fat = 0.3, .density = density, .regularity = 1, .jump = 1, .seed = 5}, "k");
    double total = 0;
    std::size_t largest = 0;
    for (TaskId t = 7; t < graph.size(); ++t) {
      total += static_cast<double>(graph.predecessors(t).size());
      largest = std::max(largest, graph.predecessors(t).size());
    }
    EXPECT_NEAR(total / 693, mean, 0.15) << "density " << density;
    EXPECT_EQ(largest, most) << "density " << density;
  }
}

// Tasks per layer, read from the "r_<layer>_<index>" ids.
std::vector<std::size_t> layer_widths(const TaskGraph& graph) {
  std::vector<std::size_t> widths;
  for (TaskId t = 0; t < graph.size(); ++t) {
    const std::size_t layer = layer_of(graph.task(t).id);
    if (layer >= widths.size()) widths.resize(layer + 1);
    ++widths[layer];
  }
  return widths;
}

TEST(LayeredRandom, RegularityBoundsLayerWidths) {
  // 500^0.5 = 22.4: the perfect width is 22. Regularity 0.5 scales it by a factor drawn in
  // [0.5, 1.5), so a layer holds 11 to 32 tasks; regularity 1 makes every layer 22 wide. The
  // last layer takes whatever is left.
  DaggenParams params{.n = 500, .fat = 0.5, .regularity = 0.5, .seed = 11};
  std::vector<std::size_t> widths = layer_widths(layered_random(params, "k"));
  widths.pop_back();
  EXPECT_GE(*std::min_element(widths.begin(), widths.end()), 11u);
  EXPECT_LE(*std::max_element(widths.begin(), widths.end()), 32u);
  EXPECT_GT(std::set<std::size_t>(widths.begin(), widths.end()).size(), 3u);

  params.regularity = 1;
  widths = layer_widths(layered_random(params, "k"));
  EXPECT_EQ(widths.size(), 23u);  // 22 layers of 22 and one of 16
  EXPECT_EQ(widths.back(), 16u);
  widths.pop_back();
  EXPECT_EQ(std::set<std::size_t>(widths.begin(), widths.end()), std::set<std::size_t>{22});
}

TEST(LayeredRandom, EdgesGoDownAtMostJumpLayersAndEveryLaterTaskHasAParent) {
  const DaggenParams params{
      .n = 300, .fat = 0.4, .density = 0.7, .regularity = 0.3, .jump = 3, .seed = 42};
  const TaskGraph graph = layered_random(params, "k");
  ASSERT_EQ(graph.size(), 300u);
  EXPECT_NO_THROW(graph.check_acyclic());
  std::map<std::size_t, int> spans;
  for (const auto& [from, to] : edge_set(graph)) {
    const std::size_t span = layer_of(to) - layer_of(from);
    EXPECT_GE(layer_of(to), layer_of(from) + 1) << from << " -> " << to;
    EXPECT_LE(span, params.jump) << from << " -> " << to;
    ++spans[span];
  }
  EXPECT_GT(spans[1], 0);
  EXPECT_GT(spans[3], 0);  // the jump is used, not only allowed
  for (TaskId t = 0; t < graph.size(); ++t) {
    if (layer_of(graph.task(t).id) > 0) {
      EXPECT_FALSE(graph.predecessors(t).empty()) << graph.task(t).id;
    }
    EXPECT_EQ(graph.task(t).kernel, "k");
  }
}

TEST(LayeredRandom, SameSeedSameGraphOtherSeedOtherGraph) {
  DaggenParams params{
      .n = 100, .fat = 0.5, .density = 0.5, .regularity = 0.5, .jump = 2, .seed = 1};
  const EdgeSet first = edge_set(layered_random(params, "k"));
  EXPECT_EQ(edge_set(layered_random(params, "k")), first);
  params.seed = 2;
  EXPECT_NE(edge_set(layered_random(params, "k")), first);
}

TEST(LayeredRandom, RejectsParametersOutOfRange) {
  EXPECT_THROW(layered_random({.n = 10, .fat = 1.5}, "k"), std::invalid_argument);
  EXPECT_THROW(layered_random({.n = 10, .jump = 0}, "k"), std::invalid_argument);
}

}  // namespace
}  // namespace aqlsim::taskgraph
