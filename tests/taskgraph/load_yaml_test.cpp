#include "taskgraph/load_yaml.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_support.hpp"

namespace aqlsim::taskgraph {
namespace {

using ::testing::AnyOf;
using testing::data_path;
using testing::edge_set;
using testing::EdgeSet;
using testing::error_of;
using ::testing::HasSubstr;
using testing::task_named;

TaskGraph load_text(const std::string& text) {
  return load_graph_yaml(load_yaml_text(text, "g.yaml"));
}

TEST(LoadGraphYaml, ReadsTasksAndAfterEdges) {
  const TaskGraph graph = load_graph_file(data_path("puthoor_fig3.yaml"));
  EXPECT_EQ(graph.size(), 7u);
  EXPECT_EQ(
      edge_set(graph),
      (EdgeSet{
          {"A", "B"}, {"A", "C"}, {"B", "D"}, {"C", "E"}, {"D", "F"}, {"E", "G"}, {"F", "G"}}));
  const TaskProps& a = graph.task(task_named(graph, "A"));
  EXPECT_EQ(a.kernel, "k");
  EXPECT_EQ(a.cost, std::nullopt);
  EXPECT_EQ(a.where.file, data_path("puthoor_fig3.yaml"));
  EXPECT_EQ(a.where.line, 6);
}

TEST(LoadGraphYaml, ReadsCostsWorkgroupsAndEdgeCosts) {
  const TaskGraph graph = load_graph_file(data_path("weighted.yaml"));
  const TaskProps& b = graph.task(task_named(graph, "b"));
  EXPECT_EQ(b.cost, 3.0);
  EXPECT_EQ(b.workgroups, 64);
  EXPECT_EQ(graph.task(task_named(graph, "e")).kernel, "k2");
  EXPECT_EQ(graph.task(task_named(graph, "a")).workgroups, std::nullopt);
  const Graph& g = graph.graph();
  const auto [edge, found] = boost::edge(task_named(graph, "d"), task_named(graph, "e"), g);
  ASSERT_TRUE(found);
  EXPECT_EQ(g[edge].comm_cost, 0.5);
  EXPECT_EQ(graph.edge_count(), 6u);
}

TEST(LoadGraphYaml, CostsOverTheLimitAreErrors) {
  EXPECT_THAT(error_of([] { load_text("tasks:\n  - {id: a, cost: 1e308}\n"); }).what(),
              HasSubstr("g.yaml:2:19: expected a number from 0 to 1e+300, found '1e308'"));
  // Beyond a double's range it is still a number, out of range (it was "not a number").
  EXPECT_THAT(error_of([] { load_text("tasks:\n  - {id: a, cost: 1e400}\n"); }).what(),
              HasSubstr("g.yaml:2:19: expected a number from 0 to 1e+300, found '1e400'"));
}

TEST(LoadGraphYaml, EdgesMayNameTasksDefinedLater) {
  const TaskGraph graph = load_text("tasks:\n  - {id: b, after: [a]}\n  - {id: a}\n");
  EXPECT_EQ(edge_set(graph), (EdgeSet{{"a", "b"}}));
  EXPECT_EQ(graph.task(0).kernel, "");
}

TEST(LoadGraphYaml, DuplicateIdPointsAtTheSecondDefinition) {
  const InputError e =
      error_of([] { load_text("tasks:\n  - {id: a}\n  - {id: b}\n  - {id: a}\n"); });
  EXPECT_EQ(e.where().file, "g.yaml");
  EXPECT_EQ(e.where().line, 4);
  EXPECT_THAT(e.what(), HasSubstr("duplicate task id 'a' (first defined at g.yaml:2:"));
}

TEST(LoadGraphYaml, DanglingAfterNamesBothTasksAndTheLine) {
  const InputError e = error_of(
      [] { load_text("tasks:\n  - id: a\n  - id: b\n    after:\n      - a\n      - nope\n"); });
  EXPECT_EQ(e.where().line, 6);
  EXPECT_EQ(e.where().column, 9);
  EXPECT_THAT(e.what(), HasSubstr("edge 'nope' -> 'b' names unknown task 'nope'"));
}

TEST(LoadGraphYaml, DanglingEdgeEndpoint) {
  const InputError e = error_of(
      [] { load_text("tasks:\n  - {id: a}\nedges:\n  - {from: a, to: ghost, cost: 1}\n"); });
  EXPECT_EQ(e.where().line, 4);
  EXPECT_THAT(e.what(), HasSubstr("edge 'a' -> 'ghost' names unknown task 'ghost'"));
}

TEST(LoadGraphYaml, CycleNamesItsTasks) {
  const InputError e = error_of([] {
    load_text(
        "tasks:\n  - {id: a, after: [c]}\n  - {id: b, after: [a]}\n  - {id: c, after: [b]}\n"
        "  - {id: d, after: [c]}\n");
  });
  EXPECT_THAT(e.what(), AnyOf(HasSubstr("tasks form a cycle: a -> b -> c -> a"),
                              HasSubstr("tasks form a cycle: b -> c -> a -> b"),
                              HasSubstr("tasks form a cycle: c -> a -> b -> c")));
  EXPECT_EQ(e.where().file, "g.yaml");
  EXPECT_GE(e.where().line, 2);
  EXPECT_LE(e.where().line, 4);
}

TEST(LoadGraphYaml, SelfLoopAndRepeatedEdge) {
  EXPECT_THAT(error_of([] { load_text("tasks:\n  - {id: a, after: [a]}\n"); }).what(),
              HasSubstr("g.yaml:2:21: task 'a' depends on itself"));
  const InputError twice = error_of([] {
    load_text("tasks:\n  - {id: a}\n  - {id: b, after: [a]}\nedges:\n  - {from: a, to: b}\n");
  });
  EXPECT_EQ(twice.where().line, 5);
  EXPECT_THAT(twice.what(), HasSubstr("edge 'a' -> 'b' is given twice"));
}

TEST(LoadGraphYaml, UnknownKeysAreRejectedWithTheirLine) {
  const InputError task_key = error_of([] { load_text("tasks:\n  - id: a\n    kernal: k\n"); });
  EXPECT_EQ(task_key.where().line, 3);
  EXPECT_EQ(task_key.where().column, 5);
  EXPECT_THAT(task_key.what(), HasSubstr("unknown key 'kernal' (did you mean 'kernel'?)"));

  const InputError top_key = error_of([] { load_text("tasks: []\nedge: []\n"); });
  EXPECT_EQ(top_key.where().line, 2);
  EXPECT_THAT(top_key.what(), HasSubstr("unknown key 'edge'"));

  const InputError edge_key =
      error_of([] { load_text("tasks: [{id: a}, {id: b}]\nedges:\n  - {from: a, too: b}\n"); });
  EXPECT_EQ(edge_key.where().line, 3);
  EXPECT_THAT(edge_key.what(), HasSubstr("unknown key 'too'"));
}

TEST(LoadGraphYaml, BadValues) {
  EXPECT_THAT(error_of([] { load_text("tasks:\n  - {id: a, cost: -1}\n"); }).what(),
              HasSubstr("g.yaml:2:19: expected a number from 0"));
  EXPECT_THAT(error_of([] { load_text("tasks:\n  - {id: a, workgroups: 0}\n"); }).what(),
              HasSubstr("expected an integer from 1"));
  EXPECT_THAT(error_of([] { load_text("tasks:\n  - {id: a.b}\n"); }).what(),
              HasSubstr("expected a name without spaces, dots or control characters"));
  EXPECT_THAT(error_of([] { load_text("tasks:\n  - {kernel: k}\n"); }).what(),
              HasSubstr("missing required key 'id'"));
  EXPECT_THAT(error_of([] { load_text("edges: []\n"); }).what(),
              HasSubstr("missing required key 'tasks'"));
}

}  // namespace
}  // namespace aqlsim::taskgraph
