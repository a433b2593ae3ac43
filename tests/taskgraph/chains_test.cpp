#include "taskgraph/chains.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "taskgraph/generators.hpp"
#include "taskgraph/load_yaml.hpp"
#include "taskgraph/lowering.hpp"
#include "taskgraph/ranks.hpp"
#include "test_support.hpp"

namespace aqlsim::taskgraph {
namespace {

using testing::data_path;
using ::testing::ElementsAre;
using testing::ids;

std::vector<Chain> unit_rank_chains(const TaskGraph& graph) {
  return chain_decomposition(graph, rank_priorities(upward_ranks(graph, unit_cost, false)));
}

// Every task in exactly one chain, and consecutive tasks of a chain joined by an edge.
void expect_partition_into_paths(const TaskGraph& graph, const std::vector<Chain>& chains) {
  std::vector<int> seen(graph.size(), 0);
  for (const Chain& chain : chains) {
    ASSERT_FALSE(chain.empty());
    for (std::size_t i = 0; i < chain.size(); ++i) {
      ++seen[chain[i]];
      if (i > 0) {
        EXPECT_TRUE(graph.has_edge(chain[i - 1], chain[i]))
            << graph.task(chain[i - 1]).id << " -> " << graph.task(chain[i]).id;
      }
    }
  }
  for (TaskId t = 0; t < graph.size(); ++t)
    EXPECT_EQ(seen[t], 1) << graph.task(t).id;
}

TEST(ChainDecomposition, PuthoorFigure3CriticalPathComesFirst) {
  const TaskGraph graph = load_graph_file(data_path("puthoor_fig3.yaml"));
  const std::vector<Chain> chains = unit_rank_chains(graph);
  ASSERT_EQ(chains.size(), 2u);
  EXPECT_THAT(ids(graph, chains[0]), ElementsAre("A", "B", "D", "F", "G"));
  EXPECT_THAT(ids(graph, chains[1]), ElementsAre("C", "E"));
}

TEST(ChainDecomposition, FollowsTheHighestRankedSuccessor) {
  // a -> b and a -> c -> d, b added first: ranks a3 b1 c2 d1, so the chain goes through c.
  TaskGraph graph;
  for (const char* id : {"a", "b", "c", "d"})
    graph.add_task(TaskProps{.id = id});
  for (const auto& [from, to] : {std::pair{"a", "b"}, {"a", "c"}, {"c", "d"}}) {
    graph.add_edge(from, to, {});
  }
  const std::vector<Chain> chains = unit_rank_chains(graph);
  ASSERT_EQ(chains.size(), 2u);
  EXPECT_THAT(ids(graph, chains[0]), ElementsAre("a", "c", "d"));
  EXPECT_THAT(ids(graph, chains[1]), ElementsAre("b"));
}

TEST(ChainDecomposition, EqualRanksGoToTheSmallerId) {
  // Ranks A3 B2 C2 D1, B and C on the same level.
  const TaskGraph graph = diamond("k");
  const std::vector<Chain> chains = unit_rank_chains(graph);
  ASSERT_EQ(chains.size(), 2u);
  EXPECT_THAT(ids(graph, chains[0]), ElementsAre("A", "B", "D"));
  EXPECT_THAT(ids(graph, chains[1]), ElementsAre("C"));
}

TEST(ChainDecomposition, EqualRanksGoToTheLowerLevelBeforeTheSmallerId) {
  // h -> a -> b, h -> m -> n, and apart z -> w. Ranks h3, a2 m2 z2, b1 n1 w1.
  // First chain: h, then a (ties with m on level 1, smaller id), then b.
  // Then m (level 1) and z (level 0) tie on rank 2: z's lower level wins over m's smaller id.
  TaskGraph graph;
  for (const char* id : {"h", "a", "b", "m", "n", "z", "w"})
    graph.add_task(TaskProps{.id = id});
  for (const auto& [from, to] :
       {std::pair{"h", "a"}, {"a", "b"}, {"h", "m"}, {"m", "n"}, {"z", "w"}}) {
    graph.add_edge(from, to, {});
  }
  const std::vector<Chain> chains = unit_rank_chains(graph);
  ASSERT_EQ(chains.size(), 3u);
  EXPECT_THAT(ids(graph, chains[0]), ElementsAre("h", "a", "b"));
  EXPECT_THAT(ids(graph, chains[1]), ElementsAre("z", "w"));
  EXPECT_THAT(ids(graph, chains[2]), ElementsAre("m", "n"));
}

TEST(ChainDecomposition, ChainsArePathsThatCoverEveryTaskOnce) {
  expect_partition_into_paths(diamond("k"), unit_rank_chains(diamond("k")));
  const TaskGraph factor = cholesky(5);
  expect_partition_into_paths(factor, unit_rank_chains(factor));
  const TaskGraph wave = needleman_wunsch(6, "k");
  expect_partition_into_paths(wave, unit_rank_chains(wave));
  const TaskGraph random = layered_random({.n = 200, .density = 0.8, .jump = 3, .seed = 7}, "k");
  expect_partition_into_paths(random, unit_rank_chains(random));
}

TEST(ChainDecomposition, AChainGraphIsOneChain) {
  const TaskGraph graph = chain(6, "k");
  const std::vector<Chain> chains = unit_rank_chains(graph);
  ASSERT_EQ(chains.size(), 1u);
  EXPECT_THAT(ids(graph, chains[0]), ElementsAre("t0", "t1", "t2", "t3", "t4", "t5"));
}

TEST(ChainDecomposition, WavefrontFollowsRowThenColumnByIdOnTies) {
  // In a 2 x 2 wavefront nw_0_1 and nw_1_0 tie (rank 2, level 1); the smaller id wins.
  const TaskGraph graph = needleman_wunsch(2, "k");
  const std::vector<Chain> chains = unit_rank_chains(graph);
  ASSERT_EQ(chains.size(), 2u);
  EXPECT_THAT(ids(graph, chains[0]), ElementsAre("nw_0_0", "nw_0_1", "nw_1_1"));
  EXPECT_THAT(ids(graph, chains[1]), ElementsAre("nw_1_0"));
}

}  // namespace
}  // namespace aqlsim::taskgraph
