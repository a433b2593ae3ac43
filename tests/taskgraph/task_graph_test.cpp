#include "taskgraph/task_graph.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "test_support.hpp"

namespace aqlsim::taskgraph {
namespace {

using ::testing::AnyOf;
using ::testing::ElementsAre;
using testing::error_of;
using ::testing::HasSubstr;
using testing::ids;
using ::testing::Not;

TaskProps task_at(std::string id, int line) {
  return TaskProps{.id = std::move(id), .where = {"g.yaml", line, 3}};
}

// a -> b, a -> c, b -> d, c -> d
TaskGraph small_diamond() {
  TaskGraph graph;
  for (const char* id : {"a", "b", "c", "d"})
    graph.add_task(task_at(id, 1));
  graph.add_edge("a", "b", {});
  graph.add_edge("a", "c", {});
  graph.add_edge("b", "d", {});
  graph.add_edge("c", "d", {});
  return graph;
}

TEST(TaskGraph, TasksAreFoundByIdAndNumberedInOrder) {
  const TaskGraph graph = small_diamond();
  EXPECT_EQ(graph.size(), 4u);
  EXPECT_EQ(graph.edge_count(), 4u);
  EXPECT_EQ(graph.find("a"), TaskId{0});
  EXPECT_EQ(graph.find("d"), TaskId{3});
  EXPECT_EQ(graph.find("x"), std::nullopt);
  EXPECT_EQ(graph.task(2).id, "c");
}

TEST(TaskGraph, SuccessorsAndPredecessors) {
  const TaskGraph graph = small_diamond();
  EXPECT_THAT(ids(graph, graph.successors(0)), ElementsAre("b", "c"));
  EXPECT_THAT(ids(graph, graph.predecessors(3)), ElementsAre("b", "c"));
  EXPECT_TRUE(graph.predecessors(0).empty());
  EXPECT_TRUE(graph.has_edge(0, 1));
  EXPECT_FALSE(graph.has_edge(1, 0));
}

// has_edge looks through the shorter list, the source's successors or the target's
// predecessors: each way must give the same answers. Hub h has three successors and one
// predecessor; sink z has three predecessors.
TEST(TaskGraph, HasEdgeAgreesWhicheverListItSearches) {
  TaskGraph graph;
  for (const char* id : {"p", "h", "a", "b", "c", "z"})
    graph.add_task(task_at(id, 1));
  graph.add_edge("p", "h", {});
  for (const char* child : {"a", "b", "c"}) {
    graph.add_edge("h", child, {});
    graph.add_edge(child, "z", {});
  }
  const auto edge = [&](const char* from, const char* to) {
    return graph.has_edge(*graph.find(from), *graph.find(to));
  };
  EXPECT_TRUE(edge("h", "b"));   // 3 successors against 1 predecessor: the predecessors
  EXPECT_FALSE(edge("h", "z"));  // 3 against 3
  EXPECT_TRUE(edge("p", "h"));   // 1 against 1
  EXPECT_TRUE(edge("c", "z"));   // 1 against 3: the successors
  EXPECT_FALSE(edge("a", "b"));
  EXPECT_FALSE(edge("b", "h"));
  EXPECT_FALSE(edge("z", "c"));
  EXPECT_THROW(graph.add_edge("h", "c", {}), InputError);  // listed twice
}

TEST(TaskGraph, TopologicalOrderPutsEveryTaskAfterItsPredecessors) {
  TaskGraph graph;
  // Added in an order that is not topological: e -> d -> c -> b -> a.
  for (const char* id : {"a", "b", "c", "d", "e"})
    graph.add_task(task_at(id, 1));
  graph.add_edge("e", "d", {});
  graph.add_edge("d", "c", {});
  graph.add_edge("c", "b", {});
  graph.add_edge("b", "a", {});
  EXPECT_THAT(ids(graph, graph.topological_order()), ElementsAre("e", "d", "c", "b", "a"));
}

TEST(TaskGraph, DuplicateIdNamesBothDefinitions) {
  TaskGraph graph;
  graph.add_task(task_at("a", 2));
  const InputError e = error_of([&] { graph.add_task(task_at("a", 7)); });
  EXPECT_EQ(e.where().line, 7);
  EXPECT_THAT(e.what(), HasSubstr("duplicate task id 'a' (first defined at g.yaml:2:3)"));
}

TEST(TaskGraph, BadEdgesAreReportedWhereTheyWereWritten) {
  TaskGraph graph = small_diamond();
  const SourceLocation here{"g.yaml", 9, 5};
  const InputError unknown = error_of([&] { graph.add_edge("a", "zz", here); });
  EXPECT_EQ(unknown.where().line, 9);
  EXPECT_THAT(unknown.what(), HasSubstr("edge 'a' -> 'zz' names unknown task 'zz'"));
  EXPECT_THAT(error_of([&] { graph.add_edge("b", "b", here); }).what(),
              HasSubstr("task 'b' depends on itself"));
  EXPECT_THAT(error_of([&] { graph.add_edge("a", "b", here); }).what(),
              HasSubstr("edge 'a' -> 'b' is given twice"));
  EXPECT_EQ(graph.edge_count(), 4u);
}

// Two costs of 1e308 add up to infinity, which made HEFT ranks infinite and tied. A cost is at
// most 1e300, whichever loader read it.
TEST(TaskGraph, CostsOverTheLimitAreReportedWhereTheyWereWritten) {
  TaskGraph graph;
  graph.add_task(TaskProps{.id = "a", .cost = 1e300, .where = {"g.yaml", 2, 3}});
  const InputError task = error_of([&] {
    graph.add_task(TaskProps{.id = "b", .cost = 1e308, .where = {"g.yaml", 3, 3}});
  });
  EXPECT_STREQ(task.what(),
               "g.yaml:3:3: task 'b': expected a cost from 0 to 1e+300 (the limit), found 1e+308");
  graph.add_task(task_at("c", 4));
  EXPECT_THAT(error_of([&] {
                graph.add_edge("a", "c", {"g.yaml", 9, 5}, 2e300);
              }).what(),
              HasSubstr("g.yaml:9:5: edge 'a' -> 'c': expected a cost from 0 to 1e+300 (the "
                        "limit), found 2e+300"));
  EXPECT_EQ(graph.size(), 2u);
  EXPECT_EQ(graph.edge_count(), 0u);
}

TEST(TaskGraph, CycleIsReportedWithItsTasksOnly) {
  TaskGraph graph;
  // x -> a -> b -> c -> a: x leads into the cycle but is not on it.
  graph.add_task(task_at("x", 1));
  graph.add_task(task_at("a", 2));
  graph.add_task(task_at("b", 3));
  graph.add_task(task_at("c", 4));
  graph.add_edge("x", "a", {});
  graph.add_edge("a", "b", {});
  graph.add_edge("b", "c", {});
  graph.add_edge("c", "a", {});
  const InputError e = error_of([&] { graph.check_acyclic(); });
  EXPECT_THAT(e.what(), AnyOf(HasSubstr("tasks form a cycle: a -> b -> c -> a"),
                              HasSubstr("tasks form a cycle: b -> c -> a -> b"),
                              HasSubstr("tasks form a cycle: c -> a -> b -> c")));
  EXPECT_THAT(e.what(), Not(HasSubstr("x")));
  EXPECT_GE(e.where().line, 2);  // the definition of a task on the cycle
}

// A cycle through a million tasks made a message of 11 MB: ten tasks are named, then the way
// back to the first.
TEST(TaskGraph, ALongCycleIsNamedByItsFirstTasksAndItsWayBack) {
  TaskGraph graph;
  constexpr int kTasks = 30;
  for (int i = 0; i < kTasks; ++i)
    graph.add_task(task_at("t" + std::to_string(i), i + 1));
  for (int i = 0; i < kTasks; ++i)
    graph.add_edge("t" + std::to_string(i), "t" + std::to_string((i + 1) % kTasks), {});
  const std::string message = error_of([&] { graph.check_acyclic(); }).detail();
  // The cycle may start at any of its tasks: read which from the message.
  const int first = std::stoi(message.substr(message.find(": t") + 3));
  std::string expected = "tasks form a cycle: ";
  for (int i = 0; i < 10; ++i)
    expected += "t" + std::to_string((first + i) % kTasks) + " -> ";
  expected += "... (19 tasks more) -> t" + std::to_string((first + kTasks - 1) % kTasks) + " -> t" +
              std::to_string(first);
  EXPECT_EQ(message, expected);
}

}  // namespace
}  // namespace aqlsim::taskgraph
