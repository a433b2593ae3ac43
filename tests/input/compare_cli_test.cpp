// End-to-end tests of what `aqlsim compare` accepts as sweeps and of its exit status: errors name
// the --sweep option (or the experiment's entry) as given, and a comparison in which no run
// completes exits with the status `run` gives its first run (limits_test: a run limit).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "tests/support/cli_fixture.hpp"

namespace {

using namespace aqlsim::testing;  // the fixture and its helpers
using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::StartsWith;

// The barrier waits on a signal that nothing decrements: with `initial: 1` every run deadlocks,
// with 0 it passes and the kernel runs.
constexpr const char* kNeverSignalled = R"(kernels: [{name: k, wg_time: 10us}]
signals: [{name: never, initial: 1}]
queues: [{name: q, packets: [{barrier_and: [never]}, {dispatch: k}]}]
)";

// The table's columns up to the makespan of a row of policy rr-idle+fifo-backfill whose one run
// did not complete: "-" for not measured, as for speedup and the metrics.
const std::string kNotMeasured = "rr-idle+fifo-backfill     1             -        -       -";

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

TEST_F(CompareCli, NoCompletedRunIsTheFirstRunsStatus) {
  const std::string workload = write("never.yaml", kNeverSignalled);
  const Result deadlock =
      aqlsim("compare --no-alone " + quote(workload) + " --csv " + quote(path("d.csv")));
  EXPECT_EQ(deadlock.status, kExitDeadlock);
  EXPECT_THAT(deadlock.err, HasSubstr("aqlsim: no run completed; the first, " + workload +
                                      " under rr-idle+fifo-backfill, ended with status "
                                      "'deadlock'"));
  EXPECT_TRUE(has_line_starting_with(deadlock.out, kNotMeasured)) << deadlock.out;
  EXPECT_THAT(read_file(path("d.csv")), HasSubstr(",deadlock,"));  // written all the same
}

// One completed run makes a comparison: the deadlocked point is a row of "-" and the status is 0.
TEST_F(CompareCli, OneCompletedRunIsASuccess) {
  const Result r = aqlsim("compare --no-alone " + quote(write("never.yaml", kNeverSignalled)) +
                          " --sweep signals.never.initial=1,0");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has_line_starting_with(r.out, "1              " + kNotMeasured)) << r.out;
  EXPECT_FALSE(has_line_starting_with(r.out, "0              " + kNotMeasured)) << r.out;
}

// `merge` judges the whole comparison, a shard (a part of it) exits 0.
TEST_F(CompareCli, MergeOfNoCompletedRunIsTheFirstRunsStatus) {
  const Result shard = aqlsim("compare --no-alone " + quote(write("never.yaml", kNeverSignalled)) +
                              " --shard 0/1 --csv " + quote(path("s0")));
  EXPECT_EQ(shard.status, 0) << shard.err;
  const Result merged = aqlsim("merge " + quote(path("s0")));
  EXPECT_EQ(merged.status, kExitDeadlock) << merged.err;
  EXPECT_THAT(merged.err, HasSubstr("no run completed"));
}

// A workload or sweep value with a comma or a quote is one quoted CSV field (RFC 4180), in
// compare's CSV and merge's; unquoted, report read "a,b" as two fields.
// The quickstart's label, rr-idle+fifo-backfill, is longer than the policy column's usual 18
// characters; so is the sweep value: the columns widen, and every column of the row ends
// under its title's end (the titles and the figures are right-aligned after the policy).
TEST_F(CompareCli, LongLabelsWidenTheirColumnsAndTheRestStaysInLine) {
  const Result r = compare("--sweep 'description=a sweep value of 25 chars'");
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::string header;
  std::string row;
  std::getline(lines, header);
  std::getline(lines, row);
  EXPECT_THAT(header, StartsWith("description               policy                 runs "));
  EXPECT_THAT(row, StartsWith("a sweep value of 25 chars rr-idle+fifo-backfill     1 "));
  EXPECT_EQ(row.size(), header.size()) << header << '\n' << row;
}

TEST_F(CompareCli, CsvFieldsWithCommasAndQuotesAreQuoted) {
  write("w,1.yaml", read_file(kQuickstart));
  const std::string experiment = write("e.yaml", R"(experiment:
  workload: w,1.yaml
  policies: [fifo]
  sweep: {description: ["a,b\"c", d]}
)");
  const Result r =
      aqlsim("compare --no-alone " + quote(experiment) + " --csv " + quote(path("e.csv")));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string csv = read_file(path("e.csv"));
  EXPECT_THAT(csv, StartsWith("workload,description,policy,status,"));
  const std::string workload = "\n\"" + path("w,1.yaml") + "\",";  // the full path
  EXPECT_THAT(csv, HasSubstr(workload + "\"a,b\"\"c\",fifo,completed,"));
  EXPECT_THAT(csv, HasSubstr(workload + "d,fifo,completed,"));
  const Result shard =
      aqlsim("compare --no-alone " + quote(experiment) + " --shard 0/1 --csv " + quote(path("s0")));
  ASSERT_EQ(shard.status, 0) << shard.err;
  const Result merged = aqlsim("merge " + quote(path("s0")) + " -o " + quote(path("m.csv")));
  ASSERT_EQ(merged.status, 0) << merged.err;
  EXPECT_EQ(read_file(path("m.csv")), csv);
  const Result page = aqlsim("report " + quote(path("e.csv")) + " -o " + quote(path("e.html")));
  ASSERT_EQ(page.status, 0) << page.err;
  EXPECT_THAT(read_file(path("e.html")), HasSubstr("description=a,b&quot;c"));
}

// Without the threads it asked for, compare runs the rest on the threads it has, to the same
// results, and says so; a thread for the progress display, likewise.
TEST_F(CompareCli, RunsGoOnWhenTheSystemRefusesThreads) {
  const std::string args = "compare " + quote(kQuickstart) + " --no-alone --sweep seed=1,2,3 ";
  const Result free = aqlsim(args + "--jobs 3");
  ASSERT_EQ(free.status, 0) << free.err;
  EXPECT_EQ(free.err, "");
  const Result limited = launched(kNoThreads, args + "--jobs 3");
  ASSERT_EQ(limited.status, 0) << limited.err;
  EXPECT_EQ(limited.out, free.out);
  EXPECT_THAT(
      limited.err,
      StartsWith("aqlsim: note: --jobs 3: the system would not start more than 1 thread ("));
  EXPECT_THAT(limited.err, EndsWith("); the runs went on with 1, to the same results\n"));
  const Result one = launched(kNoThreads, args + "--jobs 1");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(one.out, free.out);
  EXPECT_THAT(one.err,
              StartsWith("aqlsim: note: the system would not start a thread to show progress ("));
}

// Two applications (metrics_per: queue), listed xx, yy by one workload and yy, xx by the other,
// on one CU that runs one work-group at a time: the queue listed first runs first. wa: xx 0-10
// (NTT 1), yy 10-40 (40/30); wb: yy 0-30 (1), xx 30-40 (4). At the second sweep point wa's
// kernel 0 (xx's) has 100 work-groups and stops at the time limit, so only wb counts there.
// Each value is printed under its application's name, not by its place in the row's first run.
TEST_F(CompareCli, EachApplicationsNttIsPrintedUnderItsOwnName) {
  const std::string device = R"(device:
  compute_units: 1
  cu: {max_workgroups: 1}
  front_end: {hw_queues: 2, packet_latency: 0}
metrics_per: queue
)";
  const std::string x = "  - {name: xx, packets: [{name: x0, dispatch: k0}]}\n";
  const std::string y = "  - {name: yy, packets: [{name: y0, dispatch: k1}]}\n";
  const std::string kernels =
      "  - {name: k0, workgroups: 1, wg_time: 10us, rsd: 0}\n"
      "  - {name: k1, workgroups: 1, wg_time: 30us, rsd: 0}\n";
  write("wa.yaml", device + "kernels:\n" + kernels + "queues:\n" + x + y);
  write("wb.yaml",
        device + "kernels:\n  - {name: unused, wg_time: 10us}\n" + kernels + "queues:\n" + y + x);
  const std::string experiment = write("e.yaml", R"(experiment:
  workloads: [wa.yaml, wb.yaml]
  policies: [fifo]
  sweep: {kernels.0.workgroups: [1, 100]}
)");
  const Result r = aqlsim("compare " + quote(experiment) + " --max-sim-time 200us");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr(" fairness       xx       yy\n"));
  // xx (1 + 4) / 2, yy (40/30 + 1) / 2; then wb alone.
  EXPECT_THAT(r.out, HasSubstr("    2.500    1.167\n"));
  EXPECT_THAT(r.out, HasSubstr("    4.000    1.000\n"));
}

// Without a policy list a run is labelled with its workload's own policies, the kernel scheduler
// included: workloads under kernel-sjf and kernel-rr were pooled into one row labelled
// rr-idle+fifo-backfill. Their shards merge (the label has three parts).
TEST_F(CompareCli, WorkloadsUnderTwoKernelSchedulersMakeTwoRows) {
  const std::string body = R"(device:
  compute_units: 1
  cu: {max_workgroups: 1}
  preemption: {mechanism: kill}
  front_end: {hw_queues: 2, packet_latency: 0}
kernels:
  - {name: ka, workgroups: 1, wg_time: 30us, rsd: 0}
  - {name: kb, workgroups: 1, wg_time: 10us, rsd: 0}
queues:
  - {name: a, packets: [{name: a0, dispatch: ka}]}
  - {name: b, packets: [{name: b0, dispatch: kb}]}
)";
  write("sjf.yaml", body + "scheduling: {kernel: kernel-sjf}\n");
  write("rr.yaml", body + "scheduling: {kernel: kernel-rr}\n");
  const std::string experiment = write("e.yaml", "experiment: {workloads: [sjf.yaml, rr.yaml]}\n");
  const Result whole = aqlsim("compare " + quote(experiment) + " --csv " + quote(path("w.csv")));
  ASSERT_EQ(whole.status, 0) << whole.err;
  EXPECT_THAT(whole.out, HasSubstr("\nrr-idle+fifo-backfill+kernel-sjf     1 "));
  EXPECT_THAT(whole.out, HasSubstr("\nrr-idle+fifo-backfill+kernel-rr      1 "));
  EXPECT_THAT(read_file(path("w.csv")), HasSubstr(",rr-idle+fifo-backfill+kernel-rr,completed,"));
  for (const char* shard : {"0", "1"}) {
    const Result r = aqlsim("compare " + quote(experiment) + " --shard " + shard + "/2 --csv " +
                            quote(path(std::string("s") + shard)));
    ASSERT_EQ(r.status, 0) << r.err;
  }
  const Result merged = aqlsim("merge " + quote(path("s0")) + " " + quote(path("s1")) + " -o " +
                               quote(path("m.csv")));
  ASSERT_EQ(merged.status, 0) << merged.err;
  EXPECT_EQ(merged.out, whole.out);
  EXPECT_EQ(read_file(path("m.csv")), read_file(path("w.csv")));
}

// Two swept keys that end alike are told apart in the table's titles by as many last segments
// as it takes (both were titled `wg_time`); the CSV has the whole keys.
TEST_F(CompareCli, SweepTitlesThatWouldBeAlikeGetMoreOfTheirKey) {
  const Result r = compare(
      "--policies fifo --sweep kernels.0.wg_time=10us --sweep kernels.1.wg_time=10us "
      "--sweep seed=1");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, StartsWith("0.wg_time      1.wg_time      seed           policy "));
}

// An experiment file's sweep takes lists and maps written as YAML, each value's text its flow
// form (the override `--sweep` would give); they were refused as "expected a single value".
TEST_F(CompareCli, AnExperimentFileSweepsListsWrittenAsYaml) {
  write("w.yaml",
        R"(device: {compute_units: 2, cu: {max_workgroups: 1}, front_end: {packet_latency: 0}}
kernels: [{name: k, workgroups: 2, wg_time: 10us, rsd: 0, contention: 0}]
queues: [{name: q, packets: [{dispatch: k}]}]
)");
  const std::string experiment = write("e.yaml", R"(experiment:
  workloads: [w.yaml]
  policies: [fifo]
  sweep: {queues.0.cu_mask: [[0], [0, 1]]}
)");
  const Result r = aqlsim("compare " + quote(experiment) + " --csv " + quote(path("e.csv")));
  ASSERT_EQ(r.status, 0) << r.err;
  // One CU: the two work-groups one after the other; two CUs: side by side.
  const std::string csv = read_file(path("e.csv"));
  EXPECT_THAT(csv, HasSubstr("w.yaml,[0],fifo,completed,20.000000,"));
  EXPECT_THAT(csv, HasSubstr("w.yaml,\"[0, 1]\",fifo,completed,10.000000,"));
  const std::string twice = write("twice.yaml", R"(experiment:
  workloads: [w.yaml]
  sweep: {queues.0.cu_mask: [[0,1], [0, 1]]}
)");
  const Result refused = aqlsim("compare " + quote(twice));
  EXPECT_EQ(refused.status, kExitBadInput);
  EXPECT_THAT(refused.err, HasSubstr("twice.yaml:3:37: value '[0, 1]' is listed twice"));
}

}  // namespace
