// End-to-end tests of what `aqlsim compare` accepts as sweeps: errors name the --sweep option (or
// the experiment's entry) as given.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_fixture.hpp"

namespace {

using namespace aqlsim::testing;  // the fixture and its helpers
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr int kExitBadInput = 2;

const std::string kQuickstart = AQLSIM_SOURCE_DIR "/workloads/examples/quickstart.yaml";

class CompareCli : public CliFixture {
 protected:
  // `compare` of the quickstart, no alone runs.
  Result compare(const std::string& args) const {
    return aqlsim("compare " + quote(kQuickstart) + " --no-alone " + args);
  }
};

TEST_F(CompareCli, ASweepValueErrorNamesTheSweepOption) {
  const Result bogus = compare("--sweep device.bogus=1,2");
  EXPECT_EQ(bogus.status, kExitBadInput);
  EXPECT_THAT(bogus.err,
              StartsWith("aqlsim: error: --sweep device.bogus=1,2: unknown key 'bogus'"));
  EXPECT_THAT(bogus.err, HasSubstr("(setting 'device.bogus=1' in workload"));
  const Result empty = compare("--sweep device.compute_units=1,,2");
  EXPECT_EQ(empty.status, kExitBadInput);
  EXPECT_EQ(empty.err, "aqlsim: error: --sweep device.compute_units=1,,2: value 2 is empty\n");
}

// A key swept twice would label the rows with one sweep's values and run the other's.
TEST_F(CompareCli, AKeySweptTwiceIsAnError) {
  const Result r = compare(
      "--sweep device.front_end.hw_queues=1,2 "
      "--sweep device.front_end.hw_queues=3");
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_EQ(r.err,
            "aqlsim: error: --sweep device.front_end.hw_queues=3: 'device.front_end.hw_queues' "
            "is already swept: give all its values in one sweep\n");
  EXPECT_EQ(r.out, "");
}

TEST_F(CompareCli, AValueSweptTwiceIsAnError) {
  const Result r = compare("--sweep device.front_end.hw_queues=1,1");
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_EQ(r.err,
            "aqlsim: error: --sweep device.front_end.hw_queues=1,1: value '1' is listed twice\n");
}

// In an experiment file the error is at the list or the value (line 3, columns counted).
TEST_F(CompareCli, AnExperimentSweepNeedsDistinctValues) {
  write("q.yaml", read_file(kQuickstart));
  const Result none = aqlsim("compare " + quote(write("none.yaml", R"(experiment:
  workload: q.yaml
  sweep: {device.compute_units: []}
)")));
  EXPECT_EQ(none.status, kExitBadInput);
  EXPECT_THAT(none.err, HasSubstr("none.yaml:3:33: 'device.compute_units' sweeps no values: "
                                  "give at least one"));
  EXPECT_EQ(none.out, "");
  const Result twice = aqlsim("compare " + quote(write("twice.yaml", R"(experiment:
  workload: q.yaml
  sweep: {device.compute_units: [1, 2, 1]}
)")));
  EXPECT_EQ(twice.status, kExitBadInput);
  EXPECT_THAT(twice.err, HasSubstr("twice.yaml:3:40: value '1' is listed twice"));
  // --sweep of a key the file sweeps already.
  const Result again = aqlsim("compare " + quote(write("one.yaml", R"(experiment:
  workload: q.yaml
  sweep: {device.compute_units: [1, 2]}
)")) + " --sweep device.compute_units=4");
  EXPECT_EQ(again.status, kExitBadInput);
  EXPECT_THAT(again.err, HasSubstr("--sweep device.compute_units=4: 'device.compute_units' is "
                                   "already swept"));
}

}  // namespace
