// Lowering task graphs onto queues: the packets are checked against hand-worked lists.
#include "taskgraph/lowering.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "taskgraph/generators.hpp"
#include "taskgraph/ranks.hpp"
#include "tests/taskgraph/test_support.hpp"

namespace aqlsim::taskgraph {
namespace {

// "name:kind[deps] b" per packet (b = barrier bit), for compact comparisons.
std::vector<std::string> packets(const QueueSpec& q) {
  std::vector<std::string> out;
  for (const PacketSpec& p : q.packets) {
    std::string s = p.name;
    if (p.kind == PacketSpec::Kind::barrier_and) {
      s += ":and[";
      for (std::size_t i = 0; i < p.depends_on.size(); ++i)
        s += (i ? "," : "") + p.depends_on[i];
      s += "]";
    }
    if (p.barrier) s += " b";
    out.push_back(s);
  }
  return out;
}

std::vector<QueueSpec> lower(const TaskGraph& g, const std::string& strategy) {
  LoweringOptions o;
  o.lowering = *parse_lowering(strategy);
  o.ranks = upward_ranks(g, unit_cost, false);
  o.default_kernel = "k";
  return lower_graph(g, o);
}

using V = std::vector<std::string>;

// The diamond A -> B, A -> C, B -> D, C -> D has unit ranks A 3, B 2, C 2, D 1; the global
// order is A, B, C, D (by level, then rank, then id).
TEST(Lowering, PerTaskPutsEachTaskBehindBarriersOnItsPredecessors) {
  const auto queues = lower(diamond("k"), "per-task");
  ASSERT_EQ(queues.size(), 4u);
  EXPECT_EQ(queues[0].name, "q_A");
  EXPECT_EQ(packets(queues[0]), (V{"A"}));
  EXPECT_EQ(packets(queues[1]), (V{"B.wait0:and[A]", "B"}));
  EXPECT_EQ(packets(queues[2]), (V{"C.wait0:and[A]", "C"}));
  EXPECT_EQ(packets(queues[3]), (V{"D.wait0:and[B,C]", "D"}));
  // Dense priorities from the ranks: 3, 2, 2, 1; a queue takes its highest.
  EXPECT_EQ(queues[0].priority, 3u);
  EXPECT_EQ(queues[3].priority, 1u);
  EXPECT_EQ(queues[1].packets[0].priority, 2u);
  EXPECT_EQ(queues[1].packets[1].kernel, "k");
}

TEST(Lowering, ChainsUseTheBarrierBitWithinAQueue) {
  // Chains: A-B-D (B wins the tie with C by id), then C.
  const auto queues = lower(diamond("k"), "chains");
  ASSERT_EQ(queues.size(), 2u);
  EXPECT_EQ(packets(queues[0]), (V{"A", "B b", "D.wait0:and[C]", "D b"}));
  EXPECT_EQ(packets(queues[1]), (V{"C.wait0:and[A]", "C"}));
  EXPECT_EQ(queues[0].priority, 3u);
  EXPECT_EQ(queues[1].priority, 2u);
}

TEST(Lowering, RoundRobinDealsTasksOutInTheGlobalOrder) {
  // rr0 gets A and C, rr1 gets B and D.
  const auto queues = lower(diamond("k"), "round-robin:2");
  ASSERT_EQ(queues.size(), 2u);
  EXPECT_EQ(packets(queues[0]), (V{"A", "C b"}));
  EXPECT_EQ(packets(queues[1]), (V{"B.wait0:and[A]", "B", "D.wait0:and[C]", "D b"}));
  // More queues than tasks: only as many queues as tasks.
  EXPECT_EQ(lower(diamond("k"), "round-robin:9").size(), 4u);
}

TEST(Lowering, ByLevelMakesOneQueuePerLevel) {
  const auto queues = lower(diamond("k"), "by-level");
  ASSERT_EQ(queues.size(), 3u);
  EXPECT_EQ(packets(queues[0]), (V{"A"}));
  EXPECT_EQ(packets(queues[1]), (V{"B.wait0:and[A]", "B", "C.wait0:and[A]", "C"}));
  EXPECT_EQ(packets(queues[2]), (V{"D.wait0:and[B,C]", "D"}));
}

// Ranks that differ only by rounding are the same rank in every order, as in the priorities:
// b (cost 0.1) before c (cost 0.2) has the upward rank 0.1 + 0.2 = 0.30000000000000004 and a
// (cost 0.3) has 0.3. They tie, so the id decides: a before b, in the global order
// (round-robin deals a, b, c) and in the chains (a alone, then b-c), not b first.
TEST(Lowering, RanksTheSameUpToRoundingTieAndGoByTheId) {
  TaskGraph g;
  g.add_task({.id = "a"});
  const TaskId b = g.add_task({.id = "b"});
  const TaskId c = g.add_task({.id = "c"});
  g.add_edge(b, c);
  LoweringOptions o;
  o.ranks = {0.3, 0.1 + 0.2, 0.2};
  ASSERT_GT(o.ranks[1], o.ranks[0]);
  o.default_kernel = "k";
  o.lowering = *parse_lowering("round-robin:1");
  const auto one_queue = lower_graph(g, o);
  ASSERT_EQ(one_queue.size(), 1u);
  EXPECT_EQ(packets(one_queue[0]), (V{"a", "b", "c b"}));
  EXPECT_EQ(one_queue[0].packets[0].priority, one_queue[0].packets[1].priority);
  o.lowering = *parse_lowering("chains");
  const auto chains = lower_graph(g, o);
  ASSERT_EQ(chains.size(), 2u);
  EXPECT_EQ(packets(chains[0]), (V{"a"}));
  EXPECT_EQ(packets(chains[1]), (V{"b", "c b"}));
}

TEST(Lowering, MoreThanFiveDependenciesChainBarrierPackets) {
  TaskGraph g;
  for (int i = 0; i < 7; ++i)
    g.add_task({.id = "p" + std::to_string(i)});
  const TaskId join = g.add_task({.id = "join"});
  for (TaskId p = 0; p < 7; ++p)
    g.add_edge(p, join);
  const auto queues = lower(g, "per-task");
  const QueueSpec& last = queues.back();
  EXPECT_EQ(packets(last), (V{"join.wait0:and[p0,p1,p2,p3,p4]", "join.wait1:and[p5,p6]", "join"}));
}

TEST(Lowering, ParsesStrategiesAndRejectsNonsense) {
  EXPECT_EQ(parse_lowering("round-robin:4")->queues, 4u);
  EXPECT_EQ(to_string(*parse_lowering("round-robin:4")), "round-robin:4");
  EXPECT_EQ(parse_lowering("round-robin:0x10")->queues, 16u);  // as every integer aqlsim reads
  EXPECT_FALSE(parse_lowering("round-robin:0"));
  EXPECT_FALSE(parse_lowering("round-robin:x"));
  EXPECT_FALSE(parse_lowering("round-robin:+2"));
  EXPECT_FALSE(parse_lowering("round-robin:-2"));
  EXPECT_FALSE(parse_lowering("round-robin:99999999999999999999"));
  EXPECT_FALSE(parse_lowering("per_task"));
}

TEST(RankPriorities, KeepTheOrderOfRanksAsSmallIntegers) {
  EXPECT_EQ(rank_priorities({5, 4, 3, 3, 2, 2, 1}),
            (std::vector<std::uint32_t>{5, 4, 3, 3, 2, 2, 1}));
  EXPECT_EQ(rank_priorities({0.5, 120.25, 0.5, 7}), (std::vector<std::uint32_t>{1, 3, 1, 2}));
  EXPECT_EQ(rank_priorities({1.0, 1.0 + 1e-12}), (std::vector<std::uint32_t>{1, 1}));
  // Relative at every scale: costs in seconds make ranks far below 1, and they still differ.
  EXPECT_EQ(rank_priorities({9e-10, 1e-10, 5e-10, 5e-10 + 1e-20}),
            (std::vector<std::uint32_t>{3, 1, 2, 2}));
  EXPECT_EQ(rank_priorities({0.0, 1e-300, 0.0}), (std::vector<std::uint32_t>{1, 2, 1}));
  // A run is measured from its first value: 1 + 0.6e-9 is the same as 1, 1 + 1.2e-9 is not
  // (though it is the same as 1 + 0.6e-9).
  EXPECT_EQ(rank_priorities({1.0 + 1.2e-9, 1.0, 1.0 + 0.6e-9}),
            (std::vector<std::uint32_t>{2, 1, 1}));
}

// The definition, step by step: the distinct ranks in order (a value within the tolerance of
// the last one kept joins it), and each rank's priority is the position of the first distinct
// value within the tolerance of it.
std::vector<std::uint32_t> priorities_by_definition(const std::vector<double>& ranks) {
  const auto same = [](double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
  };
  std::vector<double> sorted = ranks;
  std::sort(sorted.begin(), sorted.end());
  std::vector<double> distinct;
  for (const double r : sorted)
    if (distinct.empty() || !same(distinct.back(), r)) distinct.push_back(r);
  std::vector<std::uint32_t> out;
  for (const double r : ranks) {
    std::uint32_t i = 0;
    while (!same(distinct[i], r))
      ++i;
    out.push_back(i + 1);
  }
  return out;
}

TEST(RankPriorities, MatchTheDefinitionOnCrowdedRanks) {
  // Ranks crowded within a few tolerances of each other, of both signs, around 0 and at every
  // scale, so that runs and their edges are everywhere.
  std::mt19937_64 random(7);
  for (const double base : {-3e3, -1.0, -0.5, 0.0, 1e-12, 0.5, 1.0, 2.0, 1e6}) {
    std::vector<double> ranks;
    for (int i = 0; i < 400; ++i) {
      const double step = std::uniform_real_distribution<double>(0, 6)(random);
      ranks.push_back(base + step * 1e-9 * (base == 0.0 ? 1e-12 : std::abs(base)));
    }
    EXPECT_EQ(rank_priorities(ranks), priorities_by_definition(ranks)) << "around " << base;
  }
}

}  // namespace
}  // namespace aqlsim::taskgraph
