// Output files are all-or-nothing: a bad path fails before any simulation, a write error is
// exit status 5 naming the file, and a run that is interrupted or fails leaves neither a cut
// file nor a temporary one behind (an earlier file of that name is kept).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tests/support/cli_fixture.hpp"

namespace {

using namespace aqlsim::testing;  // the fixture and its helpers
using ::testing::HasSubstr;
using Outputs = CliFixture;

// A queue that waits on a signal nobody sets: the run ends in a deadlock (status 3).
constexpr const char* kDeadlock = R"(device: cdna
kernels: [{name: k, workgroups: 1, wg_time: 1us}]
signals: [{name: never, initial: 1}]
queues: [{packets: [{name: w, barrier_and: [never]}, {name: p, dispatch: k}]}]
)";

// Several seconds of simulation in any build: long enough to be interrupted.
constexpr const char* kLongRun = R"(device: cdna
kernels: [{name: k, workgroups: 4000000, workgroup_size: 1, wg_time: 1us}]
queues: [{packets: [{name: p, dispatch: k}]}]
)";

std::set<std::string> names_in(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir))
    names.insert(entry.path().filename().string());
  return names;
}

TEST_F(Outputs, AWriteErrorIsStatus5NamingTheFile) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full on this system";
  for (const std::string& args : {"run -q " + quote(kQuickstart) + " --json /dev/full",
                                  "run -q " + quote(kQuickstart) + " --trace /dev/full",
                                  "compare " + quote(kQuickstart) + " --no-alone --csv /dev/full",
                                  std::string("graph gen chain n=4 kernel=k -o /dev/full")}) {
    const Result r = aqlsim(args);
    EXPECT_EQ(r.status, kExitOutput) << args << '\n' << r.err;
    EXPECT_THAT(r.err, HasSubstr("/dev/full: writing the")) << args;
  }
}

TEST_F(Outputs, AFailedWriteToStandardOutputIsStatus5) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full on this system";
  for (const std::string& args : {"run " + quote(kQuickstart), std::string("policies"),
                                  std::string("graph gen chain n=4 kernel=k")}) {
    const Result r = aqlsim(args, "/dev/full");
    EXPECT_EQ(r.status, kExitOutput) << args << '\n' << r.err;
    EXPECT_THAT(r.err, HasSubstr("writing to standard output failed")) << args;
  }
}

TEST_F(Outputs, AnUnusablePathFailsBeforeTheSimulation) {
  // The workload deadlocks (status 3) if it is simulated: status 2 shows the path was checked
  // first.
  const std::string workload = write("deadlock.yaml", kDeadlock);
  ASSERT_EQ(aqlsim("run -q " + quote(workload)).status, kExitDeadlock);
  const std::string missing = path("no/such/dir/out.json");
  for (const char* option : {"--json", "--trace"}) {
    const Result r =
        aqlsim("run -q " + quote(workload) + " " + std::string(option) + " " + quote(missing));
    EXPECT_EQ(r.status, kExitBadInput) << option << '\n' << r.err;
    EXPECT_THAT(r.err, HasSubstr(missing + ": cannot write the")) << option;
  }
  const Result directory = aqlsim("run -q " + quote(workload) + " --json " + quote(path("")));
  EXPECT_EQ(directory.status, kExitBadInput) << directory.err;
  EXPECT_THAT(directory.err, HasSubstr("Is a directory"));
  const Result csv = aqlsim("compare " + quote(workload) + " --csv " + quote(missing));
  EXPECT_EQ(csv.status, kExitBadInput) << csv.err;
  EXPECT_THAT(csv.err, HasSubstr(missing));
}

TEST_F(Outputs, ASuccessfulRunLeavesExactlyItsFiles) {
  const Result r = aqlsim("run -q " + quote(kQuickstart) + " --json " + quote(path("r.json")) +
                          " --trace " + quote(path("t.json")));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(names_in(path("")),
            (std::set<std::string>{"r.json", "t.json", "stdout.txt", "stderr.txt"}));
  EXPECT_NO_THROW((void)read_json("r.json"));
  EXPECT_NO_THROW((void)read_json("t.json"));
}

// Renaming onto a link would replace the link: the file it leads to is replaced instead.
TEST_F(Outputs, ALinkIsWrittenThroughAndKept) {
  write("target.json", "earlier");
  fs::create_symlink("target.json", path("link.json"));
  const Result r = aqlsim("run -q " + quote(kQuickstart) + " --json " + quote(path("link.json")));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(path("link.json")));
  EXPECT_EQ(read_json("target.json")["makespan_us"], read_json("link.json")["makespan_us"]);
  EXPECT_NE(read_file(path("target.json")), "earlier");
  EXPECT_EQ(names_in(path("")),
            (std::set<std::string>{"target.json", "link.json", "stdout.txt", "stderr.txt"}));
}

// /dev/stdout, with standard output redirected to a file (as the fixture captures it), leads
// through /proc/self/fd/1 to a regular file: it is standard output that is written, after what
// the program printed there, and /dev/stdout stays a link.
TEST_F(Outputs, StandardOutputRedirectedToAFileIsWrittenAsStandardOutput) {
  if (!fs::is_symlink("/dev/stdout")) GTEST_SKIP() << "/dev/stdout is not a link here";
  const Result run = aqlsim("run -q " + quote(kQuickstart) + " --json /dev/stdout");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(Json::parse(run.out).contains("makespan_us")) << run.out.substr(0, 200);
  EXPECT_TRUE(fs::is_symlink("/dev/stdout"));
  // The comparison's table and its CSV both reach the file, neither over the other.
  const Result compare = aqlsim("compare " + quote(kQuickstart) + " --no-alone --csv /dev/stdout");
  ASSERT_EQ(compare.status, 0) << compare.err;
  EXPECT_TRUE(has_line_starting_with(compare.out, "policy ")) << compare.out;
  EXPECT_TRUE(has_line_starting_with(compare.out, "workload,policy,status,")) << compare.out;
  EXPECT_TRUE(has_line_starting_with(compare.out, kQuickstart + ",")) << compare.out;
}

TEST_F(Outputs, AnInterruptedRunKeepsTheEarlierFileAndLeavesNoTemporary) {
  const std::string workload = write("long.yaml", kLongRun);
  write("r.json", "earlier");
  // SIGTERM half a second in: the shell reports 128 + 15 for a process the signal ended.
  const std::string command = quote(AQLSIM_BINARY) + " run -q " + quote(workload) + " --json " +
                              quote(path("r.json")) + " --trace " + quote(path("t.json")) +
                              " & pid=$!; sleep 0.5; kill -TERM $pid; wait $pid; exit $?";
  const int raw = std::system(("bash -c " + quote(command)).c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 128 + 15) << "the run finished before it was interrupted";
  EXPECT_EQ(read_file(path("r.json")), "earlier");
  EXPECT_EQ(names_in(path("")), (std::set<std::string>{"long.yaml", "r.json"}));
}

}  // namespace
