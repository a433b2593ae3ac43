// End-to-end tests of `aqlsim graph`: which options each tool takes, how it reads a workload or
// a graph file, and what `graph gen` writes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/support/cli_fixture.hpp"

namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;
using Json = nlohmann::json;
using namespace aqlsim::testing;  // the fixture and its helpers
using GraphCli = CliFixture;

// Each graph tool takes only the options it uses, so that CLI11 rejects one it would ignore;
// `lower` needs the kernels of a workload.
TEST_F(GraphCli, GraphToolsTakeOnlyTheOptionsTheyUse) {
  const std::string fig3 = AQLSIM_SOURCE_DIR "/workloads/experiments/fig3.yaml";
  const Result ranks = aqlsim("graph ranks " + quote(fig3) + " --json --cost unit");
  EXPECT_EQ(ranks.status, 0) << ranks.err;
  EXPECT_EQ(Json::parse(ranks.out).at("cost"), "unit");
  EXPECT_EQ(aqlsim("graph stats " + quote(fig3) + " --cost unit").status, 0);
  const std::pair<std::string, std::string> unused[] = {
      {"stats", "--json"}, {"lower", "--json"}, {"lower", "--cost estimated"}};
  for (const auto& [tool, option] : unused) {
    const Result r = aqlsim("graph " + tool + " " + quote(fig3) + " " + option);
    EXPECT_EQ(r.status, 2) << tool << " " << option;
    EXPECT_THAT(r.err, HasSubstr(option.substr(0, 6))) << tool << " " << option << r.err;
  }
  const std::string graph = AQLSIM_SOURCE_DIR "/workloads/graphs/puthoor_fig3.yaml";
  const Result lower = aqlsim("graph lower " + quote(graph));
  EXPECT_EQ(lower.status, 2);
  EXPECT_THAT(lower.err, HasSubstr("`graph lower` needs a workload file with a graph section"));
}

// An imported graph with no tasks is an error at the import, not the workload's "needs at least
// one queue (or a graph)".
TEST_F(GraphCli, AnImportedGraphWithNoTasksIsAnErrorAtTheImport) {
  write("empty.stg", "0\n0 0 0\n1 0 0\n");  // only the entry and exit dummies
  const std::string kernels = "kernels: [{name: k, workgroups: 1, wg_time: 1us}]\n";
  const Result empty =
      aqlsim("run " + quote(write("e.yaml", kernels + "graph: {import: empty.stg}\n")));
  EXPECT_EQ(empty.status, 2);
  EXPECT_EQ(empty.err, "aqlsim: error: " + path("e.yaml") +
                           ":2:17: the graph imported from 'empty.stg' has no tasks (at "
                           "'graph.import')\n");
}

// An error at a task of an imported graph, found after the file was read (its kernel, its
// explicit cost), says where the graph was imported from, as a syntax error in it does.
TEST_F(GraphCli, ATaskOfAnImportedGraphIsReportedWithTheImport) {
  write("d.dot", "digraph { a [kernel=\"kk\"]; b }\n");
  write("g.yaml", "tasks: [{id: a, cost: 1}, {id: b}]\n");
  const std::string kernels = "device: cdna\nkernels: [{name: k, workgroups: 1, wg_time: 1us}]\n";
  const std::string dot = write("d.yaml", kernels + "graph: {import: d.dot, default_kernel: k}\n");
  EXPECT_EQ(aqlsim("validate " + quote(dot)).err,
            "aqlsim: error: " + path("d.dot") +
                ":1:11: task 'a': dispatch of unknown kernel 'kk' (did you mean 'k'?) (in a graph "
                "imported from " +
                dot + ":3:17)\n");
  const std::string costs =
      write("c.yaml", kernels + "graph: {import: g.yaml, default_kernel: k, ranks: explicit}\n");
  EXPECT_EQ(aqlsim("validate " + quote(costs)).err,
            "aqlsim: error: " + path("g.yaml") +
                ":1:27: task 'b' has no cost (cost mode 'explicit' needs one on every task) (in a "
                "graph imported from " +
                costs + ":3:17)\n");
}

// A workload without a graph section was read as a YAML graph file: "unknown key 'device';
// expected one of: tasks, edges".
TEST_F(GraphCli, GraphToolsOnAWorkloadWithoutAGraphSectionSaySo) {
  const std::string workload = write("w.yaml", R"(device: cdna
kernels: [{name: k, workgroups: 1, wg_time: 1us}]
queues: [{packets: [{dispatch: k}]}]
)");
  const Result lower = aqlsim("graph lower " + quote(workload));
  EXPECT_EQ(lower.status, 2);
  EXPECT_EQ(lower.err, "aqlsim: error: " + workload +
                           ": the workload has no `graph:` section; `graph lower` reads a "
                           "workload with a graph section\n");
  const Result stats = aqlsim("graph stats " + quote(workload));
  EXPECT_EQ(stats.status, 2);
  EXPECT_EQ(stats.err, "aqlsim: error: " + workload +
                           ": the workload has no `graph:` section; `graph stats` reads a "
                           "workload with a graph section, or a graph file (.yaml, .dot, .stg, "
                           ".jsonl)\n");
}

// The graph tools read a workload as run does: under any name, after --set (which may give the
// graph section), and with --cost replacing the section's `ranks` before it is read (an
// `explicit` section required every task's cost even under --cost unit).
TEST_F(GraphCli, GraphToolsReadAWorkloadAsRunDoes) {
  const std::string kernels = "device: cdna\nkernels: [{name: k, workgroups: 4, wg_time: 1us}]\n";
  const std::string explicit_costs =
      write("w.yaml", kernels +
                          "graph: {default_kernel: k, ranks: explicit, tasks: [{id: a, cost: 2}, "
                          "{id: b, after: [a]}]}\n");
  const Result unit = aqlsim("graph stats " + quote(explicit_costs) + " --cost unit");
  EXPECT_EQ(unit.status, 0) << unit.err;
  EXPECT_THAT(unit.out, HasSubstr("critical path 2 (unit costs)"));
  EXPECT_THAT(aqlsim("graph stats " + quote(explicit_costs)).err,
              HasSubstr("task 'b' has no cost"));
  const std::string text_name = write(
      "w.txt", kernels + "graph: {default_kernel: k, tasks: [{id: a}, {id: b, after: [a]}]}\n");
  const Result lower = aqlsim("graph lower " + quote(text_name));
  EXPECT_EQ(lower.status, 0) << lower.err;
  EXPECT_THAT(lower.out, HasSubstr("queue q_a"));
  const std::string queues =
      write("q.yaml", kernels + "queues: [{packets: [{name: p, dispatch: k}]}]\n");
  const Result set = aqlsim("graph stats " + quote(queues) +
                            " --set 'graph={default_kernel: k, tasks: [{id: a}, {id: b, after: "
                            "[a]}]}'");
  EXPECT_EQ(set.status, 0) << set.err;
  EXPECT_THAT(set.out, HasSubstr("tasks 2\nedges 1\n"));
  const Result bad = aqlsim("graph stats " + quote(explicit_costs) + " --cost bogus");
  EXPECT_EQ(bad.err, "aqlsim: error: --cost bogus: expected unit, estimated or explicit\n");
}

// An error about the costs --cost chose names that option, not the setting it stands for
// (`--set graph.ranks=explicit`, which the user never typed).
TEST_F(GraphCli, AnErrorFromCostNamesTheOption) {
  const std::string generated =
      write("g.yaml",
            "kernels: [{name: k, wg_time: 1us}]\ngraph: {generate: {kind: chain, n: 3, "
            "kernel: k}}\n");
  const Result r = aqlsim("graph ranks " + quote(generated) + " --cost explicit");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("aqlsim: error: --cost explicit: a generated graph's tasks have "
                               "no cost"));
}

// A graph file is read by its extension, so gen refuses to write one format under another's
// name (YAML in g.jsonl was written with exit 0); .jsonl alone means JSON Lines.
TEST_F(GraphCli, GraphGenRefusesAnOutputNamedForAnotherFormat) {
  const auto gen = [&](const std::string& name, const std::string& format) {
    return aqlsim("graph gen chain n=2 -o " + quote(path(name)) + format);
  };
  const Result yaml = gen("g.jsonl", " --format yaml");
  EXPECT_EQ(yaml.status, 2);
  EXPECT_EQ(yaml.err, "aqlsim: error: --format yaml: --output " + path("g.jsonl") +
                          " names a JSON Lines file, and files are read by their extension: "
                          "leave --format out, or name the output for YAML\n");
  EXPECT_EQ(gen("g.yml", " --format jsonl").status, 2);
  const Result dot = gen("g.gv", "");
  EXPECT_EQ(dot.status, 2);
  EXPECT_EQ(dot.err, "aqlsim: error: --output " + path("g.gv") +
                         ": graph gen writes YAML (.yaml, .yml) or JSON Lines (.jsonl), not DOT\n");
  EXPECT_EQ(gen("g.stg", " --format yaml").status, 2);
  EXPECT_FALSE(std::filesystem::exists(path("g.jsonl")));
  ASSERT_EQ(gen("g.jsonl", "").status, 0);
  EXPECT_EQ(read_file(path("g.jsonl")), "{\"id\":\"t0\"}\n{\"id\":\"t1\",\"after\":[\"t0\"]}\n");
  ASSERT_EQ(gen("g.out", " --format jsonl").status, 0);  // another extension: as --format says
  EXPECT_EQ(read_file(path("g.out")), read_file(path("g.jsonl")));
}

// A generated graph written as JSON Lines is the same graph as its YAML and as the workload's
// own `generate:` of the same parameters: a workload importing either file runs to the results of
// generating it inline (the JSON files differ only in the source they name). The files once
// listed the tasks in another topological order, which `chains` lowering follows (25.3 ms
// against 24.9 ms here).
TEST_F(GraphCli, GraphGenFilesRunExactlyAsTheInlineGenerator) {
  const std::string header =
      "device: {preset: cdna, compute_units: 4}\n"
      "kernels: [{name: k, workgroups: 6, wg_time: 5us, rsd: 0.2}]\n";
  for (const char* ext : {"yaml", "jsonl"}) {
    const std::string graph = path(std::string("g.") + ext);
    ASSERT_EQ(
        aqlsim("graph gen layered n=300 seed=5 density=0.2 kernel=k -o " + quote(graph)).status, 0);
    write(std::string("w_") + ext + ".yaml",
          header + "graph: {import: g." + ext + ", lowering: chains}\n");
  }
  write("w_inline.yaml", header +
                             "graph: {generate: {kind: layered, n: 300, seed: 5, density: 0.2, "
                             "kernel: k}, lowering: chains}\n");
  std::vector<Json> results;
  for (const char* name : {"yaml", "jsonl", "inline"}) {
    ASSERT_EQ(aqlsim("run " + quote(path(std::string("w_") + name + ".yaml")) + " --json " +
                     quote(path(std::string(name) + ".json")))
                  .status,
              0);
    results.push_back(read_json(std::string(name) + ".json"));
    results.back().erase("source");
  }
  EXPECT_THAT(read_file(path("g.jsonl")), StartsWith("{\"id\":\"r_0_0\",\"kernel\":\"k\"}\n"
                                                     "{\"id\":\"r_0_1\","));
  EXPECT_EQ(results[0]["kernels"].size(), 300u);
  EXPECT_EQ(results[0], results[1]);
  EXPECT_EQ(results[0], results[2]);
}

}  // namespace
