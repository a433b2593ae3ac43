// `compare --shard I/N` and `merge`: the shards of a comparison put back together print and
// write the bytes of the comparison run whole; shards that do not make one comparison, and
// malformed shard files, are refused with exit status 2 naming the file and line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "tests/input/sweep_fixture.hpp"

namespace {

using namespace aqlsim::testing;  // the fixtures and their helpers
using ::testing::HasSubstr;
using Shards = SweepFixture;

class ShardFiles : public SweepFixture {
 protected:
  // Runs shard `index`/`count` of the experiment into `name`; `extra` adds options.
  std::string shard(std::size_t index, std::size_t count, const std::string& name,
                    const std::string& extra = "") {
    const Result r =
        aqlsim("compare " + quote(experiment()) + " --shard " + std::to_string(index) + "/" +
               std::to_string(count) + " --csv " + quote(path(name)) + " " + extra);
    EXPECT_EQ(r.status, 0) << r.err;
    return path(name);
  }

  // `merge` of the files (paths), the CSV going to merged.csv.
  Result merge(const std::vector<std::string>& files) {
    std::string args = "merge -o " + quote(path("merged.csv"));
    for (const std::string& f : files)
      args += " " + quote(f);
    return aqlsim(args);
  }

  // Expects `merge` of the files to fail with a message containing each of `parts`, and to
  // leave no merged.csv.
  void expect_refused(const std::vector<std::string>& files,
                      const std::vector<std::string>& parts) {
    const Result r = merge(files);
    EXPECT_EQ(r.status, kExitBadInput) << r.err;
    for (const std::string& part : parts)
      EXPECT_THAT(r.err, HasSubstr(part));
    EXPECT_FALSE(fs::exists(path("merged.csv")));
  }
};

// Every split, including one with more shards than runs (empty shards), merged in any order.
TEST_F(ShardFiles, MergedShardsPrintAndWriteTheBytesOfTheWholeComparison) {
  for (const std::size_t count : {1u, 2u, 3u, 9u}) {
    std::vector<std::string> files;
    for (std::size_t i = count; i-- > 0;)
      files.push_back(shard(i, count, "part" + std::to_string(i) + ".csv"));
    const Result merged = merge(files);
    SCOPED_TRACE("shards: " + std::to_string(count));
    expect_serial_output(merged, "merged.csv");
    fs::remove(path("merged.csv"));
  }
}

// A generated experiment (`pairs`) writes its library's absolute path into each workload's
// text; the fingerprint leaves it out, so that copies of the experiment and library in two
// folders (two checkouts, two machines) make shards that merge (they were refused as "a shard
// of another comparison"). The library's text still counts: an edited copy is refused.
TEST_F(ShardFiles, ShardsOfAGeneratedExperimentMadeInTwoFoldersMerge) {
  const std::string library =
      "kernels:\n  - {name: a, wg_time: 10us}\n  - {name: b, wg_time: 20us}\n";
  const std::string experiment =
      "experiment:\n  pairs: {device: {compute_units: 1}, kernels: lib.yaml, second_arrival: 1us}\n"
      "  policies: [fifo, sjf]\n";
  fs::create_directories(path("one"));
  fs::create_directories(path("two/deeper"));
  for (const std::string folder : {"one/", "two/deeper/"}) {
    write(folder + "lib.yaml", library);
    write(folder + "e.yaml", experiment);
  }
  const auto shard_of = [&](const std::string& folder, std::size_t index, const std::string& csv) {
    const Result r = aqlsim("compare " + quote(path(folder + "e.yaml")) + " --no-alone --shard " +
                            std::to_string(index) + "/2 --csv " + quote(path(csv)));
    EXPECT_EQ(r.status, 0) << r.err;
    return path(csv);
  };
  const std::string first = shard_of("one/", 0, "s0.csv");
  const Result merged = merge({first, shard_of("two/deeper/", 1, "s1.csv")});
  EXPECT_EQ(merged.status, 0) << merged.err;
  const Result whole = aqlsim("compare " + quote(path("one/e.yaml")) + " --no-alone --csv " +
                              quote(path("whole.csv")));
  ASSERT_EQ(whole.status, 0) << whole.err;
  EXPECT_EQ(merged.out, whole.out);
  EXPECT_EQ(read_file(path("merged.csv")), read_file(path("whole.csv")));
  fs::remove(path("merged.csv"));
  write("two/deeper/lib.yaml",
        "kernels:\n  - {name: a, wg_time: 10us}\n  - {name: b, wg_time: 25us}\n");
  expect_refused({first, shard_of("two/deeper/", 1, "s1.csv")}, {"a shard of another comparison"});
}

// scripts/sbatch-compare.sh with a stand-in for sbatch that runs an array's tasks, then the
// merge job, at once, as Slurm would run them (with SLURM_ARRAY_TASK_ID and _COUNT set).
TEST_F(ShardFiles, TheSlurmScriptMakesTheShardsAndMergesThem) {
  fs::create_directories(path("bin"));
  const std::string sbatch = write("bin/sbatch", R"(#!/usr/bin/env bash
array="" wrap="" script=()
for a in "$@"; do
  case "$a" in
    --array=*) array=${a#--array=} ;;
    --wrap=*) wrap=${a#--wrap=} ;;
    --*) ;;
    *) script+=("$a") ;;
  esac
done
if [ -n "$wrap" ]; then bash -c "$wrap" || exit 1; echo 2; exit; fi
count=$((${array#0-} + 1))
for ((i = 0; i < count; i++)); do
  SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=$count "${script[@]}" >/dev/null || exit 1
done
echo 1
)");
  fs::permissions(sbatch, fs::perms::owner_exec, fs::perm_options::add);
  const std::string command = "cd " + quote(path("")) + " && PATH=" + quote(path("bin")) +
                              ":$PATH AQLSIM=" + quote(AQLSIM_BINARY) + " " +
                              quote(AQLSIM_SOURCE_DIR "/scripts/sbatch-compare.sh") + " " +
                              quote(experiment()) + " 3 out >/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  EXPECT_EQ(read_file(path("out/summary.txt")), serial().out);
  EXPECT_EQ(read_file(path("out/results.csv")), read_file(path("serial.csv")));
  EXPECT_TRUE(fs::exists(path("out/part_2.csv")));
}

TEST_F(ShardFiles, AShardSaysWhichRunsItWroteAndWhere) {
  const std::string file = path("part1.csv");
  const Result r = aqlsim("compare " + quote(experiment()) + " --shard 1/3 --csv " + quote(file));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "shard 1/3: 3 of the 8 runs written to " + file +
                       "; `aqlsim merge` the 3 shards for the summary and the CSV\n");
  const std::string text = read_file(file);
  EXPECT_THAT(text, ::testing::StartsWith("#aqlsim-shard v1 shard=1/3 runs=8 experiment="));
  EXPECT_EQ(split_lines(text).size(), 2u + 3u);  // header, titles, runs 1, 4 and 7
}

TEST_F(Shards, BadShardOptionsAreBadInput) {
  for (const std::string shard : {"2/2", "1/0", "x", "-1/2", "1/2/3", "1/", "/2"}) {
    const Result r = aqlsim("compare " + quote(experiment()) + " --shard " + quote(shard) +
                            " --csv " + quote(path("p.csv")));
    EXPECT_EQ(r.status, kExitBadInput) << shard;
    EXPECT_THAT(r.err, HasSubstr("--shard")) << shard;
    EXPECT_THAT(r.err, HasSubstr("expected I/N")) << shard;
  }
  // At most 2^32 shards, so that N times the MPI ranks cannot wrap (2^64 - 1 did, in Slice).
  const Result huge = aqlsim("compare " + quote(experiment()) + " --shard 0/4294967297 --csv " +
                             quote(path("p.csv")));
  EXPECT_EQ(huge.status, kExitBadInput);
  EXPECT_THAT(huge.err, HasSubstr("--shard: a split into at most 4294967296 shards"));
  const Result no_csv = aqlsim("compare " + quote(experiment()) + " --shard 0/2");
  EXPECT_EQ(no_csv.status, kExitBadInput);
  EXPECT_THAT(no_csv.err, HasSubstr("--shard requires --csv"));
}

// An aqlsim without MPI started by mpirun as several processes would make every run in each.
TEST_F(Shards, WithoutMpiSeveralLaunchedCopiesAreRefused) {
  if (AQLSIM_WITH_MPI) GTEST_SKIP() << "this aqlsim has MPI: mpi_test covers mpirun";
  const Result r = launched("env OMPI_COMM_WORLD_SIZE=2", "compare " + quote(experiment()));
  EXPECT_EQ(r.status, kExitBadInput);
  EXPECT_THAT(r.err, HasSubstr("started 2 copies of an aqlsim built without MPI"));
  EXPECT_EQ(r.out, "");
}

TEST_F(ShardFiles, MergeRefusesShardsThatDoNotMakeOneComparison) {
  const std::string a = shard(0, 3, "a.csv");
  const std::string b = shard(1, 3, "b.csv");
  const std::string c = shard(2, 3, "c.csv");
  expect_refused({a, c}, {a + ":1:1: missing shard 1/3 of 3"});
  fs::copy_file(a, path("again.csv"));
  expect_refused({a, b, path("again.csv"), c},
                 {path("again.csv") + ":1:1: shard 0/3 is given twice (also " + a + ")"});
  const std::string half = shard(1, 2, "half.csv");
  expect_refused({a, half, c}, {half + ":1:1: shard 1/2 overlaps " + a + ", shard 0/3"});
  // Run limits are the comparison's too (a --seed would be refused: the experiment sweeps seed).
  const std::string limited = shard(1, 3, "limited.csv", "--max-sim-time 1s");
  expect_refused({a, limited, c}, {limited + ":1:1: a shard of another comparison than " + a});
  const std::string other = shard(1, 3, "other.csv", "--policies kernel-sjf");
  expect_refused({a, other, c}, {other + ":1:1: a shard of another comparison"});
  // The kernel library the workloads include changed between shards: other runs.
  const std::string kernels = read_file(path("kernels.yaml"));
  write("kernels.yaml", kernels + "  - {name: kd, workgroups: 1, wg_time: 1us}\n");
  const std::string edited = shard(1, 3, "edited.csv");
  expect_refused({a, edited, c}, {edited + ":1:1: a shard of another comparison"});
  write("kernels.yaml", kernels);
  EXPECT_EQ(merge({a, shard(1, 3, "again.csv"), c}).status, 0);
}

// The memory limit is the machine's (by default 80% of its memory), not the comparison's.
TEST_F(ShardFiles, ShardsWithDifferentMemoryLimitsMerge) {
  const std::vector<std::string> files = {shard(0, 2, "a.csv", "--max-memory 3G"),
                                          shard(1, 2, "b.csv", "--max-memory 5G")};
  expect_serial_output(merge(files), "merged.csv");
}

// A split far larger than the files given: merge allocated a slot for every shard (bad_alloc at
// 10^8) and named every missing one (a line of 180 MB at 10^7). Now it names the first ten.
TEST_F(ShardFiles, MissingShardsOfAHugeSplitAreCountedNotListed) {
  const std::string a = shard(0, 4294967296, "a.csv");
  const std::string b = shard(3, 4294967296, "b.csv");
  expect_refused({a, b}, {a + ":1:1: missing shards 1/4294967296, 2/4294967296, 4/4294967296, ",
                          "11/4294967296 and 4294967284 more of 4294967296: merge needs all"});
}

// Without a policy list a run's label is its workload's own policies, which a sweep of
// `scheduling` changes from point to point: merge took that for an edited file.
TEST_F(ShardFiles, OwnPoliciesSweptFromPointToPointMerge) {
  const std::string workload =
      write("w.yaml", "kernels: [{name: k, wg_time: 1us}]\nqueues: [{packets: [{dispatch: k}]}]\n");
  const std::string sweep = " --no-alone --sweep scheduling.thread_block=fifo,fifo-backfill";
  ASSERT_EQ(
      aqlsim("compare " + quote(workload) + sweep + " --csv " + quote(path("whole.csv"))).status,
      0);
  std::vector<std::string> files;
  for (int i = 0; i < 2; ++i) {
    files.push_back(path("own" + std::to_string(i) + ".csv"));
    const Result r = aqlsim("compare " + quote(workload) + sweep + " --shard " + std::to_string(i) +
                            "/2 --csv " + quote(files.back()));
    ASSERT_EQ(r.status, 0) << r.err;
  }
  const Result merged = merge(files);
  EXPECT_EQ(merged.status, 0) << merged.err;
  EXPECT_EQ(read_file(path("merged.csv")), read_file(path("whole.csv")));
}

TEST_F(ShardFiles, MergeRefusesMalformedShardFilesAtTheirLine) {
  const std::string a = shard(0, 2, "a.csv");
  const std::string b = shard(1, 2, "b.csv");
  const std::vector<std::string> lines = split_lines(read_file(b));
  ASSERT_EQ(lines.size(), 6u);
  const auto write_lines = [&](const std::string& name, std::vector<std::string> text) {
    std::string out;
    for (const std::string& line : text)
      out += line + '\n';
    return write(name, out);
  };
  // Truncated: the last run missing, or cut inside a line.
  const std::string short_file =
      write_lines("short.csv", {lines[0], lines[1], lines[2], lines[3], lines[4]});
  expect_refused({a, short_file}, {short_file + ":5: the shard ends after 3 of its 4 runs"});
  const std::string cut = write_lines(
      "cut.csv", {lines[0], lines[1], lines[2], lines[3], lines[4], lines[5].substr(0, 12)});
  expect_refused({a, cut}, {cut + ":6:1: ", "fields where a run has"});
  // Runs out of order, a bad number, a bad escape.
  const std::string swapped =
      write_lines("swapped.csv", {lines[0], lines[1], lines[3], lines[2], lines[4], lines[5]});
  expect_refused({a, swapped}, {swapped + ":3:1: expected run 1, found run 3"});
  std::string bad_number = lines[2];
  bad_number.replace(bad_number.find(",completed,") + 11, 1, "x");
  const std::string number =
      write_lines("number.csv", {lines[0], lines[1], bad_number, lines[3], lines[4], lines[5]});
  expect_refused({a, number},
                 {number + ":3:", "expected a number from 0 to 4.61169e+18 for makespan_us"});
  // Not a shard: the CSV of a whole comparison, or a header without its titles.
  ASSERT_EQ(serial().status, 0);
  expect_refused({a, path("serial.csv")},
                 {path("serial.csv") + ":1:1: not a shard file of `aqlsim compare --shard`"});
  std::string header = lines[0];
  header.replace(header.find(" runs=8 "), 8, " runs=x ");
  const std::string count = write_lines("count.csv", {header, lines[1]});
  expect_refused({a, count}, {count + ":1:33: expected a count of runs, found 'x'"});
  const std::string titles = write_lines("titles.csv", {lines[0], "run,workload,policy"});
  expect_refused({a, titles}, {titles + ":2:1: expected the run titles of a shard"});
  // Labels edited by hand: they would move a run to another policy or workload of the summary.
  // Run I is workload order-00(I%2+1), policy kernel-sjf for I%4 < 2 else kernel-rr, seed
  // I/4+1; shard 1/2 holds runs 1, 3, 5, 7 on lines 3 to 6.
  std::string policy = lines[3];  // run 3
  policy.replace(policy.find("kernel-rr"), 9, "kernel-sjf");
  const std::string relabelled =
      write_lines("policy.csv", {lines[0], lines[1], lines[2], policy, lines[4], lines[5]});
  expect_refused({a, relabelled},
                 {relabelled +
                  ":4:1: run 3 (workload order-002, policy kernel-sjf, at 1) repeats "
                  "the workload and policy of run 1 (workload order-002, policy "
                  "kernel-sjf, at 1), " +
                  relabelled + ":3: every sweep point runs the same workloads"});
  std::string workload = lines[5];  // run 7
  workload.replace(workload.find("order-002"), 9, "order-003");
  const std::string renamed =
      write_lines("workload.csv", {lines[0], lines[1], lines[2], lines[3], lines[4], workload});
  expect_refused({a, renamed},
                 {renamed + ":6:1: run 7 (workload order-003, policy kernel-rr, at 2) stands "
                            "where its point should repeat the workload and policy of run 3"});
  std::string seed = lines[4];  // run 5, at seed 2
  seed.replace(seed.find(",2,kernel-sjf,"), 14, ",9,kernel-sjf,");
  const std::string reseeded =
      write_lines("seed.csv", {lines[0], lines[1], lines[2], lines[3], seed, lines[5]});
  expect_refused({a, reseeded}, {reseeded + ":5:1: run 5 (workload order-002, policy kernel-sjf, "
                                            "at 9) has fewer runs at its point than run 0"});
  // Runs 1 and 5 swap their seeds: each point still has four runs, but run 5 stands among the
  // runs of seed 2 (run 4, in shard a, line 5).
  std::string first_seed = lines[2];  // run 1, at seed 1
  first_seed.replace(first_seed.find(",1,kernel-sjf,"), 14, ",2,kernel-sjf,");
  std::string second_seed = lines[4];  // run 5, at seed 2
  second_seed.replace(second_seed.find(",2,kernel-sjf,"), 14, ",1,kernel-sjf,");
  const std::string swapped_points =
      write_lines("points.csv", {lines[0], lines[1], first_seed, lines[3], second_seed, lines[5]});
  expect_refused({a, swapped_points},
                 {swapped_points +
                  ":5:1: run 5 (workload order-002, policy kernel-sjf, at 1) is "
                  "at another point than run 4 (workload order-001, policy "
                  "kernel-sjf, at 2), " +
                  a + ":5: every sweep point runs the same workloads"});
}

// What the fingerprint cannot check, merge does: the headers agree (an edit in one shard changed
// the summary with the order of the files), the baseline is a policy of the runs, the file ends
// its last line, and runs of one workload at one point measure the same applications.
TEST_F(ShardFiles, MergeRefusesEditedHeadersCutLinesAndOtherApplications) {
  const std::string a = shard(0, 2, "a.csv");
  const std::string b = shard(1, 2, "b.csv");
  const std::string text = read_file(b);
  const std::vector<std::string> lines = split_lines(text);
  ASSERT_EQ(lines.size(), 6u);
  const auto edited = [&](const std::string& name, std::string file, const std::string& from,
                          const std::string& to) {
    const std::size_t at = file.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return write(name, file.replace(at, from.size(), to));
  };
  const std::string baseline =
      edited("baseline.csv", text, "baseline=kernel-sjf", "baseline=kernel-rr");
  for (const auto& files : {std::vector{a, baseline}, std::vector{baseline, a}}) {
    const std::string& other = files[1];
    expect_refused(files, {other + ":1:1: the header or titles differ from those of " + files[0]});
  }
  const std::string none_a =
      edited("none_a.csv", read_file(a), "baseline=kernel-sjf", "baseline=x");
  const std::string none_b = edited("none_b.csv", text, "baseline=kernel-sjf", "baseline=x");
  expect_refused({none_a, none_b}, {none_a + ":1:1: the baseline 'x' is the policy of no run"});
  const std::string cut = write("cut.csv", text.substr(0, text.size() - 3));
  expect_refused({a, cut}, {cut + ":6: the last line has no newline (a truncated file?)"});
  // Run 7 (line 6) and run 5 (line 5) are workload order-002 at seed 2.
  const std::string seventh = lines[5];
  const std::size_t c_at = seventh.find(";c=");
  ASSERT_NE(c_at, std::string::npos) << seventh;
  const std::string other_apps = edited("other.csv", text, seventh,
                                        seventh.substr(0, c_at) + ";z=" + seventh.substr(c_at + 3));
  expect_refused({a, other_apps},
                 {other_apps + ":6:1: run 7 (workload order-002, policy kernel-rr, "
                               "at 2) measures other applications than run 5"});
  // The header's first word is the format's, whole; each field is given once.
  const std::string version =
      edited("version.csv", text, "#aqlsim-shard v1 ", "#aqlsim-shard v17 ");
  expect_refused({a, version}, {version + ":1:1: not a shard file of `aqlsim compare --shard`"});
  const std::string twice = edited("twice.csv", text, " runs=8 ", " runs=8 runs=9 ");
  expect_refused({a, twice}, {twice + ":1:", "the shard header gives runs= twice"});
}

TEST_F(ShardFiles, AShardOfOneSaysToMergeIt) {
  const Result r =
      aqlsim("compare " + quote(experiment()) + " --shard 0/1 --csv " + quote(path("all.csv")));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, ::testing::EndsWith("; `aqlsim merge` it for the summary and the CSV\n"));
}

}  // namespace
