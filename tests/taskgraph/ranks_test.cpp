#include "taskgraph/ranks.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>

#include "taskgraph/load_yaml.hpp"
#include "test_support.hpp"

namespace aqlsim::taskgraph {
namespace {

using testing::by_id;
using testing::data_path;
using ::testing::DoubleNear;
using testing::error_of;
using ::testing::HasSubstr;
using ::testing::Pair;
using ::testing::UnorderedElementsAre;

constexpr double kTolerance = 1e-9;

TEST(UpwardRanks, PuthoorFigure3WithUnitCost) {
  const TaskGraph graph = load_graph_file(data_path("puthoor_fig3.yaml"));
  const auto ranks = by_id(graph, upward_ranks(graph, unit_cost, false));
  EXPECT_THAT(ranks,
              UnorderedElementsAre(Pair("A", 5.0), Pair("B", 4.0), Pair("C", 3.0), Pair("D", 3.0),
                                   Pair("E", 2.0), Pair("F", 2.0), Pair("G", 1.0)));
}

// weighted.yaml, task costs a2 b3 c4 d1 e2, edge costs a>b 1, a>c 2, b>d 3, c>d 1, c>e 4,
// d>e 0.5. With edge costs:
//   e = 2;  d = 1 + (0.5 + 2) = 3.5;  c = 4 + max(1 + 3.5, 4 + 2) = 10;
//   b = 3 + (3 + 3.5) = 9.5;  a = 2 + max(1 + 9.5, 2 + 10) = 14.
// Without: e = 2, d = 3, c = 4 + 3 = 7, b = 3 + 3 = 6, a = 2 + 7 = 9.
TEST(UpwardRanks, ExplicitTaskAndEdgeCosts) {
  const TaskGraph graph = load_graph_file(data_path("weighted.yaml"));
  EXPECT_THAT(by_id(graph, upward_ranks(graph, explicit_cost, true)),
              UnorderedElementsAre(
                  Pair("a", DoubleNear(14, kTolerance)), Pair("b", DoubleNear(9.5, kTolerance)),
                  Pair("c", DoubleNear(10, kTolerance)), Pair("d", DoubleNear(3.5, kTolerance)),
                  Pair("e", DoubleNear(2, kTolerance))));
  EXPECT_THAT(by_id(graph, upward_ranks(graph, explicit_cost, false)),
              UnorderedElementsAre(
                  Pair("a", DoubleNear(9, kTolerance)), Pair("b", DoubleNear(6, kTolerance)),
                  Pair("c", DoubleNear(7, kTolerance)), Pair("d", DoubleNear(3, kTolerance)),
                  Pair("e", DoubleNear(2, kTolerance))));
}

TEST(UpwardRanks, UnitCostIgnoresTaskAndEdgeCosts) {
  const TaskGraph graph = load_graph_file(data_path("weighted.yaml"));
  // Longest path counted in tasks: a -> c -> d -> e (or via b).
  EXPECT_THAT(by_id(graph, upward_ranks(graph, unit_cost, false)),
              UnorderedElementsAre(Pair("a", 4.0), Pair("b", 3.0), Pair("c", 3.0), Pair("d", 2.0),
                                   Pair("e", 1.0)));
}

// The example of Topcuoglu, Hariri and Wu (2002), figure 2: ten tasks on three processors.
// w̄ is the mean of each task's three computation costs; the paper's table 1 lists the ranks
// 108, 77, 80, 80, 69, 63.3, 42.7, 35.7, 44.3, 14.7. Worked in thirds:
//   n10 = 44/3; n9 = 50/3 + 13 + 44/3 = 133/3; n8 = 10 + 11 + 44/3 = 107/3;
//   n7 = 11 + 17 + 44/3 = 128/3; n6 = 38/3 + 15 + 107/3 = 190/3; n5 = 35/3 + 13 + 133/3 = 69;
//   n4 = 38/3 + max(27 + 107/3, 23 + 133/3) = 80; n3 = 43/3 + 23 + 128/3 = 80;
//   n2 = 50/3 + max(19 + 107/3, 16 + 133/3) = 77; n1 = 13 + max(18 + 77, 12 + 80, ...) = 108.
TEST(UpwardRanks, TopcuogluHeftExample) {
  constexpr std::array<std::array<double, 3>, 10> kCosts{{{14, 16, 9},
                                                          {13, 19, 18},
                                                          {11, 13, 19},
                                                          {13, 8, 17},
                                                          {12, 13, 10},
                                                          {13, 16, 9},
                                                          {7, 15, 11},
                                                          {5, 11, 14},
                                                          {18, 12, 20},
                                                          {21, 7, 16}}};
  TaskGraph graph;
  for (std::size_t i = 0; i < kCosts.size(); ++i) {
    const auto& c = kCosts[i];
    graph.add_task(TaskProps{.id = "n" + std::to_string(i + 1), .cost = (c[0] + c[1] + c[2]) / 3});
  }
  const SourceLocation here{"heft", 0, 0};
  const std::array<std::tuple<const char*, const char*, double>, 15> kEdges{{
      {"n1", "n2", 18},
      {"n1", "n3", 12},
      {"n1", "n4", 9},
      {"n1", "n5", 11},
      {"n1", "n6", 14},
      {"n2", "n8", 19},
      {"n2", "n9", 16},
      {"n3", "n7", 23},
      {"n4", "n8", 27},
      {"n4", "n9", 23},
      {"n5", "n9", 13},
      {"n6", "n8", 15},
      {"n7", "n10", 17},
      {"n8", "n10", 11},
      {"n9", "n10", 13},
  }};
  for (const auto& [from, to, cost] : kEdges)
    graph.add_edge(from, to, here, cost);

  const std::vector<double> ranks = upward_ranks(graph, explicit_cost, true);
  const std::array<double, 10> expected{108,       77,        80,        80,        69,
                                        190.0 / 3, 128.0 / 3, 107.0 / 3, 133.0 / 3, 44.0 / 3};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_NEAR(ranks[i], expected[i], kTolerance) << "task n" << i + 1;
  }
}

TEST(UpwardRanks, CallerSuppliedEstimate) {
  const TaskGraph graph = load_graph_file(data_path("puthoor_fig3.yaml"));
  // Only task E is slow: C -> E -> G becomes the critical path.
  const auto estimate = [](const TaskProps& task) { return task.id == "E" ? 10.0 : 1.0; };
  const auto ranks = by_id(graph, upward_ranks(graph, estimate, false));
  EXPECT_EQ(ranks.at("E"), 11.0);
  EXPECT_EQ(ranks.at("C"), 12.0);
  EXPECT_EQ(ranks.at("B"), 4.0);
  EXPECT_EQ(ranks.at("A"), 13.0);
}

TEST(UpwardRanks, ExplicitModeNeedsEveryCost) {
  const TaskGraph graph = load_graph_file(data_path("puthoor_fig3.yaml"));
  const InputError e = error_of([&] { upward_ranks(graph, explicit_cost, false); });
  EXPECT_THAT(e.what(), HasSubstr("has no cost (cost mode 'explicit' needs one on every task)"));
  EXPECT_EQ(e.where().file, data_path("puthoor_fig3.yaml"));
  EXPECT_GE(e.where().line, 6);
}

// Loaded costs are at most 1e300; a cost function of the caller is not limited, and a rank
// that overflows is an error, not an infinite rank tied with the others.
TEST(UpwardRanks, ARankThatIsNotFiniteIsAnError) {
  TaskGraph graph;
  graph.add_task(TaskProps{.id = "a", .where = {"g.yaml", 2, 5}});
  graph.add_task(TaskProps{.id = "b", .where = {"g.yaml", 3, 5}});
  graph.add_edge("a", "b", {});
  const auto huge = [](const TaskProps&) { return 1e308; };
  EXPECT_STREQ(error_of([&] { upward_ranks(graph, huge, false); }).what(),
               "g.yaml:2:5: the upward rank of task 'a' is not finite (a sum of costs overflows)");
}

TEST(CostMode, ParsesItsThreeNames) {
  EXPECT_EQ(parse_cost_mode("unit"), CostMode::unit);
  EXPECT_EQ(parse_cost_mode("estimated"), CostMode::estimated);
  EXPECT_EQ(parse_cost_mode("explicit"), CostMode::explicit_);
  EXPECT_EQ(parse_cost_mode("explicit_"), std::nullopt);
  EXPECT_EQ(parse_cost_mode("Unit"), std::nullopt);
  EXPECT_EQ(to_string(CostMode::explicit_), "explicit");
  EXPECT_EQ(to_string(CostMode::unit), "unit");
}

}  // namespace
}  // namespace aqlsim::taskgraph
