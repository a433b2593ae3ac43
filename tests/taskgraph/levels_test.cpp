#include "taskgraph/levels.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "taskgraph/generators.hpp"
#include "taskgraph/load_yaml.hpp"
#include "test_support.hpp"

namespace aqlsim::taskgraph {
namespace {

using testing::by_id;
using testing::data_path;
using ::testing::ElementsAre;
using testing::ids;
using ::testing::Pair;
using ::testing::UnorderedElementsAre;

TEST(Levels, LevelIsTheLongestPathFromASource) {
  const TaskGraph graph = load_graph_file(data_path("puthoor_fig3.yaml"));
  // G is one edge after E (level 2) but four after A along A-B-D-F-G.
  EXPECT_THAT(by_id(graph, levels(graph)),
              UnorderedElementsAre(Pair("A", 0u), Pair("B", 1u), Pair("C", 1u), Pair("D", 2u),
                                   Pair("E", 2u), Pair("F", 3u), Pair("G", 4u)));
}

TEST(Levels, TheLongestPathWinsWhateverOrderPredecessorsComeIn) {
  // p -> z and a -> b -> q -> z, p added first so that it may be visited after q.
  TaskGraph graph;
  for (const char* id : {"p", "a", "b", "q", "z"})
    graph.add_task(TaskProps{.id = id});
  for (const auto& [from, to] : {std::pair{"p", "z"}, {"a", "b"}, {"b", "q"}, {"q", "z"}}) {
    graph.add_edge(from, to, {});
  }
  EXPECT_THAT(by_id(graph, levels(graph)),
              UnorderedElementsAre(Pair("p", 0u), Pair("a", 0u), Pair("b", 1u), Pair("q", 2u),
                                   Pair("z", 3u)));
}

TEST(Levels, TasksByLevelGroupsIndependentTasks) {
  const TaskGraph graph = diamond("k");
  const auto groups = tasks_by_level(graph);
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_THAT(ids(graph, groups[0]), ElementsAre("A"));
  EXPECT_THAT(ids(graph, groups[1]), ElementsAre("B", "C"));
  EXPECT_THAT(ids(graph, groups[2]), ElementsAre("D"));
}

TEST(Levels, EmptyGraphHasNoLevels) {
  EXPECT_TRUE(tasks_by_level(TaskGraph{}).empty());
}

}  // namespace
}  // namespace aqlsim::taskgraph
