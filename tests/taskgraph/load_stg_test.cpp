#include "taskgraph/load_stg.hpp"

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

TEST(LoadGraphStg, ReadsTasksAndDropsTheZeroCostDummies) {
  const TaskGraph graph = load_graph_stg(data_path("sample.stg"));
  EXPECT_EQ(graph.size(), 6u);
  EXPECT_FALSE(graph.find("t0").has_value());
  EXPECT_FALSE(graph.find("t7").has_value());
  EXPECT_EQ(edge_set(graph), (EdgeSet{{"t1", "t2"},
                                      {"t1", "t3"},
                                      {"t2", "t4"},
                                      {"t3", "t4"},
                                      {"t3", "t5"},
                                      {"t4", "t6"},
                                      {"t5", "t6"}}));
  const TaskProps& t5 = graph.task(task_named(graph, "t5"));
  EXPECT_EQ(t5.cost, 5.0);
  EXPECT_EQ(t5.where.line, 7);
  EXPECT_EQ(t5.kernel, "");
}

TEST(LoadGraphStg, DummiesWithACostAreKept) {
  const TaskGraph graph = load_graph_stg_text("1\n0 3 0\n1 2 1 0\n2 0 1 1\n", "d.stg");
  EXPECT_EQ(edge_set(graph), (EdgeSet{{"t0", "t1"}}));
}

TEST(LoadGraphStg, PredecessorListsMayWrapAndCommentsMaySitAnywhere) {
  const TaskGraph graph = load_graph_stg_text(
      "# header comment\n2\n0 0 0\n1 1 1\n 0\n# between tasks\n2 1 1 1\n3 0 2 1\n 2\n", "w.stg");
  EXPECT_EQ(edge_set(graph), (EdgeSet{{"t1", "t2"}}));
}

TEST(LoadGraphStg, TruncatedFileSaysWhatIsMissingAndWhere) {
  const InputError e = error_of([] { load_graph_stg(data_path("truncated.stg")); });
  EXPECT_EQ(e.where().file, data_path("truncated.stg"));
  EXPECT_EQ(e.where().line, 6);
  EXPECT_EQ(e.where().column, 27);
  EXPECT_THAT(e.what(), HasSubstr("file ends where a predecessor of task 4 was expected"));
}

TEST(LoadGraphStg, BadNumbersAreReportedAtTheirPosition) {
  EXPECT_THAT(error_of([] { load_graph_stg_text("1\n0 0 0\n1 x 1 0\n2 0 1 1\n", "b.stg"); }).what(),
              HasSubstr("b.stg:3:3: expected the cost of task 1 (a number >= 0), found 'x'"));
  EXPECT_THAT(
      error_of([] { load_graph_stg_text("1\n0 0 0\n2 1 1 0\n", "b.stg"); }).what(),
      HasSubstr("b.stg:3:1: expected the id of task 1 (an integer from 1 to 1), found '2'"));
  EXPECT_THAT(error_of([] { load_graph_stg_text("1\n0 0 0\n1 1 1 5\n2 0 1 1\n", "b.stg"); }).what(),
              HasSubstr("b.stg:3:7: expected a predecessor of task 1 (an integer from 0 to 2)"));
  EXPECT_THAT(error_of([] { load_graph_stg_text("# nothing\n", "e.stg"); }).what(),
              HasSubstr("e.stg: file ends where the number of tasks was expected"));
}

TEST(LoadGraphStg, CostsOverTheLimitAreErrorsAtTheirTask) {
  EXPECT_THAT(error_of([] {
                load_graph_stg_text("2\n0 0 0\n1 1e308 1 0\n2 1e308 1 1\n3 0 1 2\n", "o.stg");
              }).what(),
              HasSubstr("o.stg:3:1: task 't1': expected a cost from 0 to 1e+300 (the limit), "
                        "found 1e+308"));
  EXPECT_THAT(
      error_of([] { load_graph_stg_text("1\n0 0 0\n1 1e400 1 0\n2 0 1 1\n", "o.stg"); }).what(),
      HasSubstr("o.stg:3:1: task 't1': expected a cost from 0 to 1e+300 (the limit), "
                "found a number beyond a double's range"));
}

// The task count said 1, so the graph ended at task 2 and the task 3 after it was dropped.
TEST(LoadGraphStg, OnlyCommentsMayFollowTheExitTask) {
  EXPECT_THAT(load_graph_stg_text("1\n0 0 0\n1 1 1 0\n2 0 1 1\n\n# end\n  \n", "c.stg").size(), 1u);
  EXPECT_STREQ(
      error_of([] {
        load_graph_stg_text("1\n0 0 0\n1 1 1 0\n2 0 1 1\n 3 0 1 2\n", "x.stg");
      }).what(),
      "x.stg:5:2: found '3' after the exit task 2 (only blank lines and # comments may follow it; "
      "is the task count too small?)");
}

TEST(LoadGraphStg, CyclesAndSelfLoopsAreErrors) {
  EXPECT_THAT(error_of([] {
                load_graph_stg_text("2\n0 0 0\n1 1 1 2\n2 1 1 1\n3 0 1 2\n", "c.stg");
              }).what(),
              HasSubstr("tasks form a cycle"));
  EXPECT_THAT(error_of([] { load_graph_stg_text("1\n0 0 0\n1 1 1 1\n2 0 1 1\n", "c.stg"); }).what(),
              HasSubstr("c.stg:3:1: task 't1' depends on itself"));
}

// The zero-cost entry and exit tasks are dropped with their edges: an entry with a predecessor
// or a task after the exit made a cycle or a dependency vanish (2 -> 3 -> 2 read as two lone
// tasks). A predecessor given twice is refused even when it is a dummy, whose edge is never made.
TEST(LoadGraphStg, DroppedDummiesMustStandFirstAndLast) {
  EXPECT_THAT(error_of([] {
                load_graph_stg_text("2\n0 0 1 1\n1 5 1 0\n2 3 1 1\n3 0 1 2\n", "e.stg");
              }).what(),
              HasSubstr("e.stg:2:7: the entry task 0 has a predecessor, but as a zero-cost "
                        "dummy it is dropped"));
  EXPECT_THAT(error_of([] {
                load_graph_stg_text("2\n0 0 0\n1 5 1 0\n2 3 1 3\n3 0 1 2\n", "x.stg");
              }).what(),
              HasSubstr("x.stg:4:7: task 2 follows the exit task 3, but as a zero-cost dummy it "
                        "is dropped"));
  EXPECT_THAT(error_of([] {
                load_graph_stg_text("2\n0 0 0\n1 5 2 0 0\n2 3 1 1\n3 0 1 2\n", "y.stg");
              }).what(),
              HasSubstr("y.stg:3:9: predecessor 0 of task 1 is given twice"));
  // With a cost the exit is a task, and the cycle through it is reported as a cycle.
  EXPECT_THAT(error_of([] {
                load_graph_stg_text("2\n0 0 0\n1 5 1 0\n2 3 1 3\n3 1 1 2\n", "k.stg");
              }).what(),
              HasSubstr("tasks form a cycle"));
}

}  // namespace
}  // namespace aqlsim::taskgraph
