#include "taskgraph/load_dot.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "test_support.hpp"

namespace aqlsim::taskgraph {
namespace {

using testing::data_path;
using testing::edge_set;
using testing::EdgeSet;
using testing::error_of;
using ::testing::HasSubstr;
using testing::task_named;

double comm_cost(const TaskGraph& graph, std::string_view from, std::string_view to) {
  const auto [e, found] =
      boost::edge(task_named(graph, from), task_named(graph, to), graph.graph());
  EXPECT_TRUE(found);
  return graph.graph()[e].comm_cost;
}

TEST(LoadGraphDot, ReadsDaggenOutput) {
  const TaskGraph graph = load_graph_dot(data_path("daggen.dot"));
  EXPECT_EQ(edge_set(graph), (EdgeSet{{"1", "2"}, {"1", "3"}, {"2", "3"}}));
  EXPECT_EQ(graph.task(task_named(graph, "1")).cost, 20.0);
  EXPECT_EQ(graph.task(task_named(graph, "2")).cost, 30.0);
  EXPECT_EQ(comm_cost(graph, "1", "3"), 7.0);
  EXPECT_EQ(graph.task(0).where.file, data_path("daggen.dot"));
}

TEST(LoadGraphDot, KernelAndCostAttributes) {
  const TaskGraph graph = load_graph_dot_text(
      "digraph g {\n  a [kernel=gemm, cost=2.5, label=\"A\"];\n  b;\n"
      "  a -> b [cost=4, size=9, color=red];\n  b -> c;\n}\n",
      "g.dot");
  const TaskProps& a = graph.task(task_named(graph, "a"));
  EXPECT_EQ(a.kernel, "gemm");
  EXPECT_EQ(a.cost, 2.5);
  EXPECT_EQ(graph.task(task_named(graph, "b")).cost, std::nullopt);
  EXPECT_EQ(graph.task(task_named(graph, "c")).kernel, "");
  EXPECT_EQ(comm_cost(graph, "a", "b"), 4.0);  // cost wins over size
  EXPECT_EQ(comm_cost(graph, "b", "c"), 0.0);
}

TEST(LoadGraphDot, MalformedInputNamesTheFile) {
  const InputError e = error_of([] { load_graph_dot_text("digraph g { a -> ; }", "bad.dot"); });
  EXPECT_EQ(e.where().file, "bad.dot");
  EXPECT_THAT(e.what(), HasSubstr("bad.dot: malformed DOT graph"));
  EXPECT_THAT(error_of([] { load_graph_dot_text("graph g { a -- b }", "u.dot"); }).what(),
              HasSubstr("u.dot: malformed DOT graph"));
  EXPECT_THAT(error_of([] { load_graph_dot(data_path("missing.dot")); }).what(),
              HasSubstr("cannot open file"));
}

TEST(LoadGraphDot, BadCostsAndCycles) {
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph { a [cost=fast] }", "c.dot"); }).what(),
              HasSubstr("c.dot: node 'a': expected a cost >= 0, found 'fast'"));
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph { a -> b [size=-1] }", "c.dot"); }).what(),
              HasSubstr("edge 'a' -> 'b': expected a cost >= 0, found '-1'"));
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph { a -> b -> a }", "c.dot"); }).what(),
              HasSubstr("tasks form a cycle"));
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph { a -> b; a -> b }", "c.dot"); }).what(),
              HasSubstr("edge 'a' -> 'b' is given twice"));
}

}  // namespace
}  // namespace aqlsim::taskgraph
