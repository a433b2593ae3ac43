// `mpirun -n N aqlsim compare`: the ranks share the runs and rank 0 prints and writes the bytes
// that one process with --jobs 1 does; a failure on any rank ends every rank with one message
// and one exit status, never a hang. Built and registered only when CMake finds MPI.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "tests/input/sweep_fixture.hpp"
#include "tests/support/count_of.hpp"

namespace {

using namespace aqlsim::testing;  // the fixtures and their helpers
using ::testing::HasSubstr;
using Mpi = SweepFixture;

const std::string kMpirun = AQLSIM_MPIEXEC;

// Under AddressSanitizer (scripts/test.sh --sanitize) the ranks skip the leak check only: Open
// MPI's components are loaded with dlopen and unloaded by MPI_Finalize with allocations still
// held, which LeakSanitizer can neither attribute nor suppress (their stacks end in an unknown
// module). Every other sanitizer error still fails the ranks. The ranks inherit this variable.
const bool kRanksSkipLeakCheck = [] {
  const char* options = std::getenv("ASAN_OPTIONS");
  const std::string value = std::string(options ? options : "") + ":detect_leaks=0";
  return ::setenv("ASAN_OPTIONS", value.c_str(), 1) == 0;
}();

TEST_F(Mpi, RanksWriteTheBytesOfOneProcess) {
  const std::string compare = "compare " + quote(experiment()) + " --csv ";
  for (const std::string& launcher : {kMpirun + " -n 2", kMpirun + " -n 3 --oversubscribe"}) {
    SCOPED_TRACE(launcher);
    expect_serial_output(launched(launcher, compare + quote(path("ranks.csv"))), "ranks.csv");
    expect_serial_output(launched(launcher, compare + quote(path("jobs.csv")) + " --jobs 2"),
                         "jobs.csv");
  }
}

// --shard under mpirun: the ranks share the shard's runs; the shard merges with one made alone.
TEST_F(Mpi, RanksShareAShard) {
  const std::string compare = "compare " + quote(experiment()) + " --shard ";
  const Result ranks = launched(kMpirun + " -n 2", compare + "0/2 --csv " + quote(path("0.csv")));
  ASSERT_EQ(ranks.status, 0) << ranks.err;
  const Result alone = aqlsim(compare + "1/2 --csv " + quote(path("1.csv")));
  ASSERT_EQ(alone.status, 0) << alone.err;
  expect_serial_output(aqlsim("merge " + quote(path("1.csv")) + " " + quote(path("0.csv")) +
                              " -o " + quote(path("merged.csv"))),
                       "merged.csv");
}

// A sweep value that fails on one run: the one process's message and status, printed once,
// whichever rank made the run (run 1 falls to rank 1, run 0 to rank 0).
TEST_F(Mpi, AFailedRunOnAnyRankEndsEveryRank) {
  const std::string workload = AQLSIM_SOURCE_DIR "/workloads/examples/quickstart.yaml";
  for (const std::string sizes : {"64,1000", "1000,64"}) {
    const std::string args = "compare " + quote(workload) +
                             " --no-alone --sweep queues.0.size=" + sizes + " --csv " +
                             quote(path("out.csv"));
    const Result one = aqlsim(args);
    ASSERT_EQ(one.status, kExitBadInput) << one.err;
    ASSERT_THAT(one.err, HasSubstr("a queue size must be a power of two, found 1000"));
    const Result ranks = launched(kMpirun + " -n 2", args);
    EXPECT_EQ(ranks.status, kExitBadInput) << ranks.err;
    EXPECT_EQ(count_of(ranks.err, "aqlsim: error:"), 1u) << ranks.err;
    EXPECT_THAT(ranks.err, HasSubstr(one.err)) << sizes;
    EXPECT_EQ(ranks.out, "");
    EXPECT_FALSE(fs::exists(path("out.csv")));
  }
}

// Rank 0 alone opens the CSV: the others must not wait for it forever when it cannot.
TEST_F(Mpi, AnOutputPathRankZeroCannotOpenEndsEveryRank) {
  const Result ranks = launched(
      kMpirun + " -n 2", "compare " + quote(experiment()) + " --csv " + quote(path("no/such.csv")));
  EXPECT_EQ(ranks.status, kExitBadInput) << ranks.err;
  EXPECT_EQ(count_of(ranks.err, "aqlsim: error:"), 1u) << ranks.err;
  EXPECT_THAT(ranks.err, HasSubstr("no/such.csv"));
}

}  // namespace
