// JSON Lines graphs: the same tasks and edges as the YAML format, one object per line.
#include "taskgraph/load_jsonl.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <numeric>

#include "taskgraph/generators.hpp"
#include "test_support.hpp"

namespace aqlsim::taskgraph {
namespace {

using testing::edge_set;
using testing::EdgeSet;
using testing::error_of;
using ::testing::HasSubstr;
using testing::ids;
using testing::task_named;

TaskGraph load_jsonl_text(const std::string& text) {
  return load_graph_jsonl_text(text, "g.jsonl");
}

TEST(LoadGraphJsonl, ReadsTasksAfterListsAndEdgeLinesWithForwardReferences) {
  const TaskGraph graph = load_jsonl_text(
      "{\"id\": \"b\", \"kernel\": \"k\", \"after\": [\"a\"], \"cost\": 2.5}\n"
      "\n"
      "{\"id\": \"a\", \"workgroups\": 64}\n"
      "{\"from\": \"a\", \"to\": \"c\", \"cost\": 4}\n"
      "{\"id\": \"c\"}\n");
  ASSERT_EQ(graph.size(), 3u);
  EXPECT_EQ(ids(graph, {0, 1, 2}), (std::vector<std::string>{"b", "a", "c"}));
  EXPECT_EQ(edge_set(graph), (EdgeSet{{"a", "b"}, {"a", "c"}}));
  const TaskProps& b = graph.task(task_named(graph, "b"));
  EXPECT_EQ(b.kernel, "k");
  EXPECT_EQ(b.cost, 2.5);
  EXPECT_EQ(b.where.line, 1);
  const TaskProps& a = graph.task(task_named(graph, "a"));
  EXPECT_EQ(a.workgroups, 64);
  EXPECT_EQ(a.where.line, 3);
  EXPECT_EQ(a.kernel, "");
  const auto edge = boost::edge(task_named(graph, "a"), task_named(graph, "c"), graph.graph());
  EXPECT_EQ(graph.graph()[edge.first].comm_cost, 4.0);
}

TEST(LoadGraphJsonl, WhatIsWrittenReadsBackAsTheSameGraph) {
  const TaskGraph cholesky_graph = cholesky(4);
  const std::string text = graph_to_jsonl(cholesky_graph);
  const TaskGraph back = load_jsonl_text(text);
  EXPECT_EQ(edge_set(back), edge_set(cholesky_graph));
  // Tasks are written in the graph's order, and read back in the order written.
  std::vector<TaskId> listed(back.size());
  std::iota(listed.begin(), listed.end(), TaskId{0});
  EXPECT_EQ(ids(back, listed), ids(cholesky_graph, listed));
  // Costs survive: a task's own and an edge's (written as an edge line).
  const TaskGraph costed = load_jsonl_text(
      "{\"id\":\"x\",\"cost\":3}\n{\"id\":\"y\"}\n"
      "{\"from\":\"x\",\"to\":\"y\",\"cost\":1.5}\n");
  EXPECT_EQ(
      graph_to_jsonl(costed),
      "{\"id\":\"x\",\"cost\":3.0}\n{\"id\":\"y\"}\n{\"from\":\"x\",\"to\":\"y\",\"cost\":1.5}\n");
}

TEST(LoadGraphJsonl, BadJsonIsReportedAtItsLineAndColumn) {
  const InputError e = error_of([] { load_jsonl_text("{\"id\": \"a\"}\n{\"id\": \"b\",, }\n"); });
  EXPECT_EQ(e.where().file, "g.jsonl");
  EXPECT_EQ(e.where().line, 2);
  EXPECT_EQ(e.where().column, 12);  // the second comma
  EXPECT_THAT(e.detail(), HasSubstr("not a JSON object"));
  EXPECT_THAT(e.detail(), ::testing::Not(HasSubstr("json.exception")));
}

TEST(LoadGraphJsonl, EveryMistakeNamesItsLine) {
  struct Case {
    const char* text;
    int line;
    const char* message;
  };
  const Case cases[] = {
      {"{\"id\":\"a\"}\n[1, 2]\n", 2, "expected a JSON object"},
      {"{\"id\":\"a\",\"id\":\"b\"}\n", 1, "the key 'id' is given twice"},
      {"{\"id\":\"a\",\"kernal\":\"k\"}\n", 1, "unknown key 'kernal'"},
      {"{\"id\":\"a.b\"}\n", 1, "expected a name without spaces, dots or control characters"},
      {"{\"id\":7}\n", 1, "'id' must be a string"},
      {"{\"id\":\"a\",\"workgroups\":0}\n", 1, "'workgroups' must be an integer from 1"},
      {"{\"id\":\"a\",\"workgroups\":1.5}\n", 1, "'workgroups' must be an integer from 1"},
      {"{\"id\":\"a\",\"cost\":-1}\n", 1, "'cost' must be a number >= 0"},
      {"{\"id\":\"a\"}\n{\"id\":\"b\",\"cost\":1e999}\n", 2, "number overflow"},
      {"{\"id\":\"a\"}\n{\"id\":\"b\",\"cost\":1e308}\n", 2,
       "task 'b': expected a cost from 0 to 1e+300 (the limit), found 1e+308"},
      // Every digit that tells the cost from the limit ({:g} printed "found 1e+300").
      {"{\"id\":\"a\",\"cost\":1.0000001e300}\n", 1,
       "task 'a': expected a cost from 0 to 1e+300 (the limit), found 1.0000001e+300"},
      {"{\"id\":\"a\"}\n{\"id\":\"b\"}\n{\"from\":\"a\",\"to\":\"b\",\"cost\":1e301}\n", 3,
       "edge 'a' -> 'b': expected a cost from 0 to 1e+300"},
      {"{\"id\":\"a\",\"after\":\"b\"}\n{\"id\":\"b\"}\n", 1, "'after' must be a list"},
      {"{\"id\":\"a\"}\n{\"to\":\"a\"}\n", 2, "missing 'from'"},
      {"{\"id\":\"a\"}\n{\"id\":\"b\",\"after\":[\"z\"]}\n", 2, "z"},
      {"{\"id\":\"a\"}\n{\"id\":\"a\"}\n", 2, "a"},
  };
  for (const Case& c : cases) {
    const InputError e = error_of([&] { load_jsonl_text(c.text); });
    EXPECT_EQ(e.where().line, c.line) << c.text;
    EXPECT_THAT(e.detail(), HasSubstr(c.message)) << c.text;
  }
}

// A refused value is quoted briefly: printing a list nested 100,000 deep overflowed the stack,
// and a long string was echoed whole.
TEST(LoadGraphJsonl, RefusedValuesAreQuotedBriefly) {
  const std::size_t depth = 100000;
  const std::string nested = std::string(depth, '[') + std::string(depth, ']');
  const InputError deep =
      error_of([&] { load_jsonl_text("{\"id\": \"a\", \"cost\": " + nested + "}\n"); });
  EXPECT_EQ(deep.detail(), "'cost' must be a number >= 0, found a list");
  const InputError object =
      error_of([] { load_jsonl_text("{\"id\": \"a\", \"workgroups\": {\"x\": 1}}\n"); });
  EXPECT_THAT(object.detail(), ::testing::EndsWith("found an object"));
  const InputError text = error_of(
      [] { load_jsonl_text("{\"id\": \"a\", \"cost\": \"" + std::string(1000, 'x') + "\"}\n"); });
  EXPECT_EQ(text.detail(), "'cost' must be a number >= 0, found \"" + std::string(36, 'x') + "...");
}

TEST(LoadGraphJsonl, ACycleAndInvalidUtf8AreErrors) {
  EXPECT_THAT(
      error_of([] {
        load_jsonl_text("{\"id\":\"a\",\"after\":[\"b\"]}\n{\"id\":\"b\",\"after\":[\"a\"]}\n");
      }).detail(),
      HasSubstr("cycle"));
  const InputError bad =
      error_of([] { load_jsonl_text("{\"id\":\"a\"}\n{\"id\":\"\xC3\x28\"}\n"); });
  EXPECT_EQ(bad.where().line, 2);
}

}  // namespace
}  // namespace aqlsim::taskgraph
