#include "taskgraph/generate_spec.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "taskgraph/stats.hpp"
#include "test_support.hpp"

namespace aqlsim::taskgraph {
namespace {

using testing::error_of;
using ::testing::HasSubstr;

TaskGraph generate_text(const std::string& text) {
  return generate_graph(load_yaml_text(text, "spec.yaml"));
}

TEST(GenerateGraph, EveryKind) {
  EXPECT_EQ(generate_text("{kind: chain, n: 5, kernel: k}").edge_count(), 4u);
  EXPECT_EQ(generate_text("{kind: fork-join, width: 4, stages: 2, kernel: k}").size(), 11u);
  EXPECT_EQ(generate_text("{kind: diamond, kernel: k}").edge_count(), 4u);
  EXPECT_EQ(generate_text("{kind: nw, n: 8, kernel: k}").edge_count(), 2u * 8 * 7);
  EXPECT_EQ(generate_text("{kind: cholesky, tiles: 4}").size(), 20u);
  const TaskGraph nw = generate_text("{kind: nw, n: 2, kernel: wave}");
  EXPECT_EQ(nw.task(0).kernel, "wave");
}

// Sizes are checked before anything is generated, against limits::kMaxGraphTasks and
// kMaxGraphEdges: a layered graph by its expected edge count n * min(P, 1 + density P / 2),
// P = n^fat.
TEST(GenerateGraph, RefusesGraphsOverTheLimitsBeforeGeneratingThem) {
  EXPECT_THAT(error_of([] {
                generate_text(
                    "{kind: layered, n: 100000, fat: 0.5, density: 1, "
                    "kernel: k}");
              }).what(),
              HasSubstr("has about 1.59e+07 edges, more than the limit of 10000000"));
  EXPECT_THAT(error_of([] {
                generate_text("{kind: fork-join, width: 1000, stages: 1000, kernel: k}");
              }).what(),
              HasSubstr("more than 1000000 tasks (the limit)"));
  // One layer (regularity 1: exactly n^fat wide) has no edges, however dense; with irregular
  // layers the first may hold only 18000 tasks, and the other 2000 have 9000 parents each.
  EXPECT_EQ(generate_text("{kind: layered, n: 20000, fat: 1, density: 1, regularity: 1, "
                          "kernel: k}")
                .edge_count(),
            0u);
  EXPECT_THAT(error_of([] {
                generate_text("{kind: layered, n: 20000, fat: 1, density: 1, kernel: k}");
              }).what(),
              HasSubstr("has about 2e+07 edges"));
}

TEST(GenerateGraph, LayeredTakesDaggenParameters) {
  const TaskGraph graph = generate_text(
      "{kind: layered, n: 50, fat: 0.5, density: 0, regularity: 1, jump: 1, seed: 1, "
      "kernel: k}");
  const GraphStats stats = graph_stats(graph);
  EXPECT_EQ(stats.tasks, 50u);
  EXPECT_EQ(stats.edges, 43u);  // see generators_test: 7 layers of 7, then 1
  EXPECT_EQ(stats.width, 7u);
}

TEST(GenerateGraph, LayeredDefaultsAreDaggens) {
  const TaskGraph with_defaults = generate_text("{kind: layered, n: 60, kernel: k}");
  const TaskGraph spelled_out = generate_text(
      "{kind: layered, n: 60, fat: 0.5, density: 0.5, regularity: 0.9, jump: 1, seed: 0, "
      "kernel: k}");
  EXPECT_EQ(testing::edge_set(with_defaults), testing::edge_set(spelled_out));
}

TEST(GenerateGraph, UnknownKindSuggestsTheNearest) {
  const InputError e = error_of([] { generate_text("kind: choleski\ntiles: 3\n"); });
  EXPECT_EQ(e.where().line, 1);
  EXPECT_EQ(e.where().column, 7);
  EXPECT_THAT(e.what(), HasSubstr("unknown graph kind 'choleski' (did you mean 'cholesky'?)"));
  EXPECT_THAT(e.what(), HasSubstr("chain, fork-join, diamond, nw, cholesky, layered"));
}

// Without `kernel` the tasks name none (the workload's graph.default_kernel gives it).
TEST(GenerateGraph, KernelMayBeLeftOut) {
  const TaskGraph chain = generate_text("{kind: chain, n: 3}");
  ASSERT_EQ(chain.size(), 3u);
  for (TaskId t = 0; t < chain.size(); ++t)
    EXPECT_EQ(chain.task(t).kernel, "");
}

TEST(GenerateGraph, KeysAreCheckedPerKind) {
  const InputError e = error_of([] { generate_text("kind: chain\nn: 3\nkernel: k\nwidth: 2\n"); });
  EXPECT_EQ(e.where().line, 4);
  EXPECT_THAT(e.what(), HasSubstr("unknown key 'width'"));
  // Cholesky names its kernels after the task types, so it takes no kernel.
  EXPECT_THAT(error_of([] { generate_text("{kind: cholesky, tiles: 3, kernel: k}"); }).what(),
              HasSubstr("unknown key 'kernel'"));
  EXPECT_THAT(error_of([] { generate_text("{n: 3, kernel: k}"); }).what(),
              HasSubstr("missing required key 'kind'"));
}

TEST(GenerateGraph, ValuesAreBounded) {
  EXPECT_THAT(error_of([] { generate_text("{kind: chain, n: 0, kernel: k}"); }).what(),
              HasSubstr("expected an integer from 1 to 1000000, found 0"));
  EXPECT_THAT(error_of([] { generate_text("{kind: layered, n: 10, fat: 1.5, kernel: k}"); }).what(),
              HasSubstr("expected a number from 0 to 1, found '1.5'"));
  EXPECT_THAT(error_of([] { generate_text("{kind: layered, n: 10, jump: 0, kernel: k}"); }).what(),
              HasSubstr("expected an integer from 1"));
  EXPECT_THAT(error_of([] {
                generate_text("{kind: fork-join, width: 2000, stages: 2000, kernel: k}");
              }).what(),
              HasSubstr("a fork-join of width 2000 and 2000 stages has more than 1000000 tasks"));
}

}  // namespace
}  // namespace aqlsim::taskgraph
