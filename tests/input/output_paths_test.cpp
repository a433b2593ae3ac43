// No output replaces an input or another output of the same command: each such command line is
// exit status 2 before any work, with a message naming the option and both files, and leaves
// every file as it was. Paths that are not regular files (/dev/null) are written in place and
// exempt.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/cli_fixture.hpp"

namespace {

using namespace aqlsim::testing;  // the fixture and its helpers
using ::testing::HasSubstr;

class OutputPaths : public CliFixture {
 protected:
  // A copy of the quickstart to be (not) overwritten.
  std::string workload() const { return write("qs.yaml", read_file(kQuickstart)); }

  // Runs `args`, which must fail with status 2 and `message` and leave the directory's files,
  // bytes included, as they were (no output, no temporary file).
  void expect_refused(const std::string& args, const std::string& message) {
    const std::map<std::string, std::string> before = files();
    const Result r = aqlsim(args);
    EXPECT_EQ(r.status, kExitBadInput) << args << '\n' << r.err;
    EXPECT_THAT(r.err, HasSubstr("aqlsim: error: " + message)) << args;
    EXPECT_EQ(files(), before) << args;
  }

 private:
  // Every file under the directory but the captured output, with its bytes.
  std::map<std::string, std::string> files() const {
    std::map<std::string, std::string> out;
    for (const auto& entry : fs::recursive_directory_iterator(dir_)) {
      const std::string name = fs::relative(entry.path(), dir_).string();
      if (!entry.is_directory() && name != "stdout.txt" && name != "stderr.txt")
        out[name] = read_file(entry.path());
    }
    return out;
  }
};

TEST_F(OutputPaths, RunRefusesToReplaceItsWorkload) {
  const std::string qs = workload();
  expect_refused("run " + quote(qs) + " --json " + quote(qs),
                 "--json " + qs + ": would replace the input workload " + qs);
  // Another spelling of the same path, and a link to the file, are the same file.
  const std::string dotted = path("./sub/../qs.yaml");
  fs::create_directories(path("sub"));
  expect_refused("run " + quote(qs) + " --trace " + quote(dotted),
                 "--trace " + dotted + ": would replace the input workload " + qs);
  fs::create_symlink(qs, path("link.yaml"));
  expect_refused("run " + quote(qs) + " --json " + quote(path("link.yaml")),
                 "--json " + path("link.yaml") + ": would replace the input workload " + qs);
}

// A workload's inputs are also the files it includes and imports (a library that includes
// another, a graph): an output over one would destroy it as surely as over the workload.
class IncludedFiles : public OutputPaths {
 protected:
  void SetUp() override {
    OutputPaths::SetUp();
    fs::create_directories(path("lib"));
    write("lib/inner.yaml", "kernels: [{name: b, wg_time: 1us}]\n");
    write("lib/k.yaml", "kernels: [{name: a, wg_time: 1us}, {include: inner.yaml}]\n");
    write("g.yaml", "tasks: [{id: t, kernel: b}]\n");
    write("w.yaml", "kernels: [{include: lib/k.yaml}]\ngraph: {import: g.yaml}\n");
  }
};

TEST_F(IncludedFiles, RunAndHipRefuseToReplaceAFileTheWorkloadIncludesOrImports) {
  const std::string w = quote(path("w.yaml"));
  const std::string inner = path("lib/inner.yaml");
  const std::string graph = path("g.yaml");
  expect_refused("run " + w + " --json " + quote(inner),
                 "--json " + inner + ": would replace the included or imported file " + inner);
  expect_refused("run " + w + " --trace " + quote(graph),
                 "--trace " + graph + ": would replace the included or imported file " + graph);
  // Another spelling of the same file.
  const std::string dotted = path("lib/../g.yaml");
  expect_refused("run " + w + " --json " + quote(dotted),
                 "--json " + dotted + ": would replace the included or imported file " + graph);
  expect_refused("hip run " + w + " --executor cpu --trace " + quote(inner),
                 "--trace " + inner + ": would replace the included or imported file " + inner);
  expect_refused("hip compare " + w + " --executor cpu --csv " + quote(graph),
                 "--csv " + graph + ": would replace the included or imported file " + graph);
}

// compare loads every workload at every sweep point before the runs: a swept key may name
// another file to include than the workload's own.
TEST_F(IncludedFiles, CompareRefusesToReplaceAFileAnySweepPointReads) {
  write("lib/other.yaml", "kernels: [{name: a, wg_time: 2us}, {include: inner.yaml}]\n");
  const std::string other = path("lib/other.yaml");
  expect_refused("compare " + quote(path("w.yaml")) +
                     " --no-alone --sweep kernels.0.include=lib/k.yaml,lib/other.yaml --csv " +
                     quote(other),
                 "--csv " + other + ": would replace the included or imported file " + other);
  const std::string experiment =
      write("e.yaml",
            "experiment: {workloads: [w.yaml], sweep: {kernels.0.include: [lib/other.yaml]}}\n");
  const std::string inner = path("lib/inner.yaml");
  expect_refused("compare " + quote(experiment) + " --no-alone --shard 0/2 --csv " + quote(inner),
                 "--csv " + inner + ": would replace the included or imported file " + inner);
}

TEST_F(OutputPaths, TwoOutputsOfOneRunMustDiffer) {
  const std::string qs = workload();
  write("same.json", "earlier");
  const std::string same = path("same.json");
  expect_refused("run " + quote(qs) + " --json " + quote(same) + " --trace " + quote(same),
                 "--trace " + same + ": would replace the --json output " + same);
  // Not there yet: compared by path.
  const std::string fresh = path("fresh.json");
  expect_refused("run " + quote(qs) + " --json " + quote(fresh) + " --trace " + quote(fresh),
                 "--trace " + fresh + ": would replace the --json output " + fresh);
  // Spelled otherwise, relative to the working directory or through a link to a file not yet
  // made: these ran, and the trace was renamed over by the JSON.
  const std::string relative = fs::relative(fresh).string();
  expect_refused(
      "run " + quote(qs) + " --json " + quote(relative) + " --trace " + quote("./" + relative),
      "--trace ./" + relative + ": would replace the --json output " + relative);
  expect_refused("run " + quote(qs) + " --json " + quote(fresh) + " --trace " + quote(relative),
                 "--trace " + relative + ": would replace the --json output " + fresh);
  fs::create_symlink("target.json", path("link.json"));
  expect_refused(
      "run " + quote(qs) + " --json " + quote(path("link.json")) + " --trace " +
          quote(path("target.json")),
      "--trace " + path("target.json") + ": would replace the --json output " + path("link.json"));
}

TEST_F(OutputPaths, CompareRefusesToReplaceItsWorkloadOrAnExperimentsWorkload) {
  const std::string qs = workload();
  expect_refused("compare " + quote(qs) + " --no-alone --csv " + quote(qs),
                 "--csv " + qs + ": would replace the input workload " + qs);
  const std::string experiment = write("e.yaml", "experiment: {workloads: [qs.yaml]}\n");
  expect_refused("compare " + quote(experiment) + " --no-alone --csv " + quote(qs),
                 "--csv " + qs + ": would replace the input workload " + qs);
  expect_refused(
      "compare " + quote(experiment) + " --no-alone --shard 0/2 --csv " + quote(experiment),
      "--csv " + experiment + ": would replace the experiment " + experiment);
}

TEST_F(OutputPaths, MergeRefusesToReplaceAShard) {
  const std::string qs = workload();
  std::vector<std::string> shards;
  for (int i = 0; i < 3; ++i) {
    shards.push_back(path("s" + std::to_string(i) + ".csv"));
    const Result r = aqlsim("compare " + quote(qs) + " --no-alone --shard " + std::to_string(i) +
                            "/3 --csv " + quote(shards.back()));
    ASSERT_EQ(r.status, 0) << r.err;
  }
  const std::string all = quote(shards[0]) + " " + quote(shards[1]) + " " + quote(shards[2]);
  expect_refused("merge " + all + " -o " + quote(shards[0]),
                 "-o " + shards[0] + ": would replace the input shard " + shards[0]);
  expect_refused("merge " + all + " --csv " + quote(shards[2]),
                 "-o " + shards[2] + ": would replace the input shard " + shards[2]);
}

TEST_F(OutputPaths, ReportRefusesToReplaceItsInputOrTheTrace) {
  const std::string json = path("q.json");
  const std::string trace = path("q.trace.json");
  const Result r = aqlsim("run -q " + quote(kQuickstart) + " --json " + quote(json) + " --trace " +
                          quote(trace));
  ASSERT_EQ(r.status, 0) << r.err;
  expect_refused("report " + quote(json) + " --trace " + quote(trace) + " -o " + quote(trace),
                 "-o " + trace + ": would replace the input trace " + trace);
  expect_refused("report " + quote(json) + " -o " + quote(json),
                 "-o " + json + ": would replace the report's input " + json);
  // The default output, the input's name with .html, is the input itself.
  const std::string html = write("q.html", read_file(json));
  expect_refused("report " + quote(html),
                 "the default output " + html + ": would replace the report's input " + html);
}

TEST_F(OutputPaths, HipRefusesBeforeLookingForADevice) {
  const std::string qs = workload();
  expect_refused("hip run " + quote(qs) + " --executor cpu --json " + quote(qs),
                 "--json " + qs + ": would replace the input workload " + qs);
  expect_refused("hip compare " + quote(qs) + " --executor cpu --csv " + quote(qs),
                 "--csv " + qs + ": would replace the input workload " + qs);
}

// An empty path meant "no output": `run W --json ''` wrote nothing and exited 0, and
// `graph gen chain n=3 -o ''` printed to standard output; `report R --trace ''` read no trace.
TEST_F(OutputPaths, AnEmptyOutputPathIsAnError) {
  const std::string qs = quote(workload());
  const std::pair<std::string, std::string> cases[] = {
      {"run " + qs + " --json ''", "--json"},
      {"run " + qs + " --trace ''", "--trace"},
      {"compare " + qs + " --csv ''", "--csv"},
      {"merge shard.csv -o ''", "--csv"},
      {"graph gen chain n=3 -o ''", "--output"},
      {"report r.json -o ''", "--output"},
      {"report r.json --trace ''", "--trace"},
      {"hip run " + qs + " --executor cpu --json ''", "--json"},
      {"hip run " + qs + " --executor cpu --trace ''", "--trace"},
      {"hip compare " + qs + " --executor cpu --csv ''", "--csv"},
      {"hip calibrate --executor cpu -o ''", "--output"},
  };
  for (const auto& [args, option] : cases) {
    const Result r = aqlsim(args);
    EXPECT_EQ(r.status, kExitBadInput) << args;
    EXPECT_THAT(r.err,
                HasSubstr(option + ": empty path: give a file name, or leave the option out"))
        << args;
    EXPECT_EQ(r.out, "") << args;
  }
}

// /dev/null is not a regular file: written in place, it replaces nothing, as often as given.
TEST_F(OutputPaths, DevNullIsAlwaysAnOutput) {
  if (!fs::exists("/dev/null")) GTEST_SKIP() << "no /dev/null on this system";
  const std::string qs = workload();
  const Result run = aqlsim("run -q " + quote(qs) + " --json /dev/null --trace /dev/null");
  EXPECT_EQ(run.status, 0) << run.err;
  const Result compare = aqlsim("compare " + quote(qs) + " --no-alone --csv /dev/null");
  EXPECT_EQ(compare.status, 0) << compare.err;
  EXPECT_EQ(read_file(qs), read_file(kQuickstart));
}

}  // namespace
