// The `graph:` section of a workload file.
#include "taskgraph/graph_section.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/taskgraph/test_support.hpp"

namespace aqlsim::taskgraph {
namespace {

using testing::error_of;
using ::testing::HasSubstr;

const std::string kKernels = R"(
kernels:
  - {name: k, workgroup_size: 64, workgroups: 8, vgprs: 16, wg_time: 10us}
  - {name: big, workgroup_size: 64, workgroups: 32, vgprs: 16, wg_time: 10us}
)";

Scenario load_section(const std::string& graph) {
  return load_workload_text(kKernels + graph, "g.yaml");
}

TEST(GraphSection, InlineTasksBecomeQueuesOfTheWorkload) {
  const Scenario s =
      load_section("graph:\n  tasks: [{id: a, kernel: k}, {id: b, kernel: k, after: [a]}]\n");
  ASSERT_EQ(s.queues.size(), 2u);
  EXPECT_EQ(s.queues[1].packets.back().name, "b");
  EXPECT_EQ(s.queues[1].packets.front().depends_on, (std::vector<std::string>{"a"}));
}

TEST(GraphSection, GeneratedGraphsAndDefaultKernels) {
  const Scenario s =
      load_section("graph:\n  generate: {kind: chain, n: 3, kernel: k}\n  lowering: chains\n");
  ASSERT_EQ(s.queues.size(), 1u);
  EXPECT_EQ(s.queues[0].packets.size(), 3u);
  const std::string path = testing::data_path("puthoor_fig3.yaml");
  const Scenario fig3 = load_section("graph:\n  import: " + path + "\n  default_kernel: k\n");
  EXPECT_EQ(fig3.queues.size(), 7u);  // per-task by default
}

// A generator without `kernel` falls back to default_kernel, like tasks that name none; with
// neither, the error is at the `generate` map (6:13: after the three lines of kKernels).
TEST(GraphSection, GeneratedTasksTakeTheDefaultKernel) {
  const Scenario s =
      load_section("graph:\n  default_kernel: big\n  generate: {kind: chain, n: 3}\n");
  ASSERT_EQ(s.queues.size(), 3u);
  for (const QueueSpec& q : s.queues)
    EXPECT_EQ(q.packets.back().kernel, "big");
  const InputError none =
      error_of([] { load_section("graph:\n  generate: {kind: chain, n: 3}\n"); });
  EXPECT_THAT(none.detail(), HasSubstr("task 't0' names no kernel; give it `kernel:` or set "
                                       "graph.default_kernel"));
  EXPECT_EQ(none.where().line, 6);
  EXPECT_EQ(none.where().column, 13);
}

// Generators make no costs: `ranks: explicit` was refused at the first task, placed in a file
// named "generated graph" with no line. It is refused at `ranks` (line 7 after kKernels).
TEST(GraphSection, ExplicitRanksOfAGeneratedGraphAreAnErrorAtRanks) {
  const InputError e = error_of([] {
    load_section("graph:\n  generate: {kind: chain, n: 3, kernel: k}\n  ranks: explicit\n");
  });
  EXPECT_EQ(e.where().file.str(), "g.yaml");
  EXPECT_EQ(e.where().line, 7);
  EXPECT_EQ(e.where().column, 10);
  EXPECT_THAT(e.detail(), HasSubstr("a generated graph's tasks have no cost"));
}

TEST(GraphSection, QueuesAreCreatedInListedOrLevelOrder) {
  // b is listed first but depends on a: `listed` creates q_b first, `level` q_a.
  const std::string tasks =
      "graph:\n  tasks: [{id: b, kernel: k, after: [a]}, {id: a, kernel: k}]\n";
  const Scenario listed = load_section(tasks);
  ASSERT_EQ(listed.queues.size(), 2u);
  EXPECT_EQ(listed.queues[0].name, "q_b");
  EXPECT_EQ(load_section(tasks + "  queue_order: listed\n").queues[0].name, "q_b");
  const Scenario level = load_section(tasks + "  queue_order: level\n");
  EXPECT_EQ(level.queues[0].name, "q_a");
  EXPECT_EQ(level.queues[1].name, "q_b");
  const InputError bad = error_of([&] { load_section(tasks + "  queue_order: random\n"); });
  EXPECT_THAT(bad.what(), HasSubstr("expected listed or level"));
  EXPECT_EQ(bad.where().line, 7);
}

TEST(GraphSection, EstimatedRanksUseTheStaircaseRuntime) {
  // Default device: 4 CUs, and 16 one-wave groups of 16 VGPRs fit per CU (work-group slots).
  // k: 8 groups -> one step of 10 us; big: 32 groups -> one step. b after a: ranks 20 and 10.
  const Scenario s = load_section(
      "graph:\n  tasks: [{id: a, kernel: big}, {id: b, kernel: k, after: [a]}]\n  ranks: "
      "estimated\n");
  EXPECT_EQ(s.queues[0].priority, 2u);  // a, rank 20
  EXPECT_EQ(s.queues[1].priority, 1u);  // b, rank 10
}

// A persistent-thread kernel's workers (W per CU) run its work-groups as tasks, one after
// another, each `overhead` times as long: on one CU, 16 tasks of 10 us by one worker take 160
// us (x 1.5: 240), where the plain kernel's 16 fit at once and take 10.
TEST(GraphSection, EstimatedCostsOfPersistentKernelsCountTheirWorkers) {
  const Scenario s = load_workload_text(R"(device: {compute_units: 1}
kernels:
  - {name: plain, workgroup_size: 64, workgroups: 16, wg_time: 10us, contention: 0}
  - {name: one, workgroup_size: 64, workgroups: 16, wg_time: 10us, contention: 0,
     persistent: {workers_per_cu: 1}}
  - {name: slow, workgroup_size: 64, workgroups: 16, wg_time: 10us, contention: 0,
     persistent: {workers_per_cu: 4, overhead: 1.5}}
queues: [{name: q}]
)",
                                        "p.yaml");
  const TaskCostFn cost = task_cost(CostMode::estimated, s, "");
  EXPECT_DOUBLE_EQ(cost(TaskProps{.id = "a", .kernel = "plain"}), 10.0);
  EXPECT_DOUBLE_EQ(cost(TaskProps{.id = "b", .kernel = "one"}), 160.0);
  EXPECT_DOUBLE_EQ(cost(TaskProps{.id = "c", .kernel = "slow"}), 4 * 15.0);
}

// An empty graph lowers to no queues; the error was the workload's "needs at least one queue
// (or a graph)", although it had a graph.
TEST(GraphSection, AGraphWithNoTasksIsAnErrorAtItsTasks) {
  EXPECT_STREQ(error_of([] { load_section("graph: {tasks: []}\n"); }).what(),
               "g.yaml:5:16: the graph has no tasks: a graph needs at least one (at "
               "'graph.tasks')");
}

TEST(GraphSection, ReportsBadSectionsWithTheirLocation) {
  EXPECT_THAT(error_of([] { load_section("graph:\n  lowering: chains\n"); }).what(),
              HasSubstr("a graph needs tasks, generate or import"));
  EXPECT_THAT(
      error_of([] {
        load_section("graph:\n  tasks: [{id: a}]\n  generate: {kind: diamond, kernel: k}\n");
      }).what(),
      HasSubstr("not both 'tasks' and 'generate'"));
  const InputError bad =
      error_of([] { load_section("graph:\n  tasks: [{id: a, kernel: k}]\n  lowering: zigzag\n"); });
  EXPECT_EQ(bad.where().line, 7);
  EXPECT_THAT(bad.what(), HasSubstr("expected per-task, chains, round-robin:K"));
  EXPECT_THAT(error_of([] {
                load_section("graph:\n  tasks: [{id: a, kernel: k}]\n  ranks: random\n");
              }).what(),
              HasSubstr("expected unit, estimated or explicit"));
  const InputError no_kernel = error_of([] { load_section("graph:\n  tasks: [{id: a}]\n"); });
  EXPECT_THAT(no_kernel.what(), HasSubstr("task 'a' names no kernel"));
  EXPECT_EQ(no_kernel.where().line, 6);
  EXPECT_THAT(error_of([] { load_section("graph:\n  tasks: [{id: a, kernel: nope}]\n"); }).what(),
              HasSubstr("dispatch of unknown kernel 'nope'"));
  EXPECT_THAT(
      error_of([] { load_section("graph:\n  import: x.json\n  default_kernel: k\n"); }).what(),
      HasSubstr("use .yaml, .dot/.gv, .stg or .jsonl"));
}

}  // namespace
}  // namespace aqlsim::taskgraph
