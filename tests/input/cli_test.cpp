// End-to-end tests of the `aqlsim` program: each test runs the real binary, captures its
// standard output, standard error and exit status, and checks them. Exit statuses: 0 ok, 2 bad
// input or usage (runs that do not complete: run_outcome_cli_test.cpp).
//
// Times of the quickstart (workloads/examples/quickstart.yaml; cdna preset: 4.4us per packet,
// no map or unmap latency; 8 CUs, 2 hardware queue slots, quantum 50us, rr-idle swapping at
// most one idle slot per quantum) that can be worked out by hand:
//  - queues a and b are mapped at 0; a0 and b0 are launched after one packet each: 4.4us;
//  - at the 50us tick nothing is idle (a1 and b0 still run); at 100us both a and b are idle and
//    one is swapped for `hi`: 1 unmap, 3 maps in all; hi processes its barrier (the producers
//    are done) and launches c0 at 100 + 2 x 4.4 = 108.8us.
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "tests/support/cli_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::StartsWith;
using Json = nlohmann::json;

using namespace aqlsim::testing;  // the fixture and its helpers
using Cli = CliFixture;

// ---------------------------------------------------------------------------------------------
// Help and listings

TEST_F(Cli, HelpListsTheSubcommands) {
  const Result r = aqlsim("--help");
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char* command : {"run", "validate", "policies", "devices"}) {
    EXPECT_THAT(r.out, HasSubstr(command)) << command;
  }
}

TEST_F(Cli, RunHelpListsItsOptions) {
  const Result r = aqlsim("run --help");
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char* option : {"--json", "--trace", "--set", "--policy", "--seed"}) {
    EXPECT_THAT(r.out, HasSubstr(option)) << option;
  }
}

TEST_F(Cli, VersionIsPrinted) {
  const Result r = aqlsim("--version");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "aqlsim " AQLSIM_VERSION "\n");
}

TEST_F(Cli, PoliciesListsEveryPolicy) {
  const Result r = aqlsim("policies");
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char* name : {"rr-timeslice", "rr-idle", "fifo", "fifo-backfill"}) {
    EXPECT_TRUE(has_line_starting_with(r.out, std::string("  ") + name + " ")) << name << r.out;
  }
  EXPECT_THAT(r.out, HasSubstr("swaps_per_quantum"));
}

TEST_F(Cli, DevicesListsEveryPreset) {
  const Result r = aqlsim("devices");
  EXPECT_EQ(r.status, 0) << r.err;
  for (const char* name : {"gtx480", "cdna", "h100"}) {
    EXPECT_TRUE(has_line_starting_with(r.out, std::string(name) + " ")) << name << r.out;
  }
  // From workloads/devices/gtx480.yaml: 15 SMs of 48 warp slots.
  EXPECT_THAT(r.out, HasSubstr("15 CUs x 1 SIMD x 48 wave slots"));
}

// ---------------------------------------------------------------------------------------------
// run

TEST_F(Cli, RunPrintsATableWithEveryDispatch) {
  const Result r = aqlsim("run " + quote(kQuickstart));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.err, IsEmpty());
  EXPECT_THAT(r.out, HasSubstr("queue mapping rr-idle, thread blocks fifo-backfill, seed 1"));
  for (const char* packet : {"a0", "a1", "b0", "c0"}) {
    EXPECT_TRUE(has_line_starting_with(r.out, std::string(packet) + " ")) << packet << r.out;
  }
  // The barrier packet is not a kernel and has no row.
  EXPECT_FALSE(has_line_starting_with(r.out, "wait_ab")) << r.out;
}

TEST_F(Cli, QuietPrintsNothing) {
  const Result r = aqlsim("run --quiet " + quote(kQuickstart));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, IsEmpty());
}

TEST_F(Cli, JsonHasEveryKeyWithTheRightType) {
  const Result r = aqlsim("run -q " + quote(kQuickstart) + " --json " + quote(path("r.json")));
  ASSERT_EQ(r.status, 0) << r.err;
  const Json j = read_json("r.json");
  EXPECT_EQ(j.at("source"), kQuickstart);
  EXPECT_EQ(j.at("device"), "cdna");
  EXPECT_TRUE(j.at("seed").is_number_unsigned());
  EXPECT_EQ(j.at("seed"), 1);
  EXPECT_EQ(j.at("policies").at("queue_mapping"), "rr-idle");
  EXPECT_EQ(j.at("policies").at("thread_block"), "fifo-backfill");
  EXPECT_EQ(j.at("outcome").at("status"), "completed");
  EXPECT_TRUE(j.at("outcome").at("errors").is_array());
  EXPECT_TRUE(j.at("outcome").at("errors").empty());
  EXPECT_TRUE(j.at("outcome").at("blocked").is_array());
  EXPECT_TRUE(j.at("outcome").at("blocked").empty());
  EXPECT_TRUE(j.at("makespan_us").is_number());
  for (const char* metric : {"stp", "antt", "fairness", "dntt"}) {
    EXPECT_TRUE(j.at("metrics").at(metric).is_number()) << metric;
  }
  const Json& hw = j.at("hw");
  EXPECT_TRUE(hw.at("map_count").is_number_unsigned());
  EXPECT_TRUE(hw.at("unmap_count").is_number_unsigned());
  EXPECT_TRUE(hw.at("slot_idle_us").is_number());
  for (const char* activity : {"empty", "switching", "processing", "blocked", "starved"}) {
    EXPECT_TRUE(hw.at("slot_time_us").at(activity).is_number()) << activity;
  }
  EXPECT_TRUE(j.at("simulation").at("events").is_number_unsigned());
  EXPECT_EQ(j.at("simulation").at("workgroups"), 3 * 64 + 32);  // three producers, one consumer

  const Json& kernels = j.at("kernels");
  ASSERT_TRUE(kernels.is_array());
  ASSERT_EQ(kernels.size(), 4u);
  std::set<std::string> names;
  for (const Json& k : kernels) {
    SCOPED_TRACE(k.dump());
    names.insert(k.at("name").get<std::string>());
    EXPECT_TRUE(k.at("kernel").is_string());
    EXPECT_TRUE(k.at("queue").is_string());
    EXPECT_TRUE(k.at("workgroups").is_number_unsigned());
    for (const char* key :
         {"arrival_us", "launch_us", "start_us", "end_us", "turnaround_us", "alone_us", "ntt"}) {
      EXPECT_TRUE(k.at(key).is_number()) << key;
    }
    const double turnaround = k.at("turnaround_us");
    EXPECT_TRUE(
        near_relative(turnaround, k.at("end_us").get<double>() - k.at("arrival_us").get<double>()));
    EXPECT_GT(k.at("alone_us").get<double>(), 0.0);
    EXPECT_TRUE(near_relative(k.at("ntt"), turnaround / k.at("alone_us").get<double>()));
  }
  EXPECT_EQ(names, (std::set<std::string>{"a0", "a1", "b0", "c0"}));
  // Hand-computed times (see the top of the file).
  EXPECT_DOUBLE_EQ(kernels[0].at("launch_us"), 4.4);  // a0
  EXPECT_EQ(kernels[3].at("name"), "c0");
  EXPECT_EQ(kernels[3].at("queue"), "hi");
  EXPECT_EQ(kernels[3].at("workgroups"), 32);
  EXPECT_DOUBLE_EQ(kernels[3].at("launch_us"), 108.8);
  EXPECT_EQ(hw.at("map_count"), 3);
  EXPECT_EQ(hw.at("unmap_count"), 1);
}

TEST_F(Cli, NoAloneSkipsTheIsolatedRuns) {
  const Result r =
      aqlsim("run -q --no-alone " + quote(kQuickstart) + " --json " + quote(path("r.json")));
  ASSERT_EQ(r.status, 0) << r.err;
  const Json j = read_json("r.json");
  ASSERT_EQ(j.at("kernels").size(), 4u);
  for (const Json& k : j.at("kernels")) {
    EXPECT_EQ(k.at("alone_us"), 0.0);
    EXPECT_EQ(k.at("ntt"), 0.0);
  }
}

TEST_F(Cli, SeedOptionOverridesTheFile) {
  const Result r =
      aqlsim("run -q --seed 7 " + quote(kQuickstart) + " --json " + quote(path("r.json")));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_json("r.json").at("seed"), 7);
}

TEST_F(Cli, TraceHasSlotQueueAndCuTracks) {
  const Result r = aqlsim("run -q " + quote(kQuickstart) + " --trace " + quote(path("t.json")));
  ASSERT_EQ(r.status, 0) << r.err;
  const Json trace = read_json("t.json");
  const Json& events = trace.at("traceEvents");
  ASSERT_TRUE(events.is_array());
  int workgroups_on_cus = 0;
  bool slot_named = false;
  bool queue_named = false;
  std::map<int, std::string> begun;  // kernel id -> name
  std::map<int, std::string> ended;
  for (const Json& e : events) {
    const std::string ph = e.at("ph");
    // Slots are process 1, user queues 2, CU c 3 + c; no event is on tid 0.
    const int pid = e.at("pid");
    EXPECT_GT(e.at("tid").get<int>(), 0) << e.dump();
    if (ph == "X" && pid >= 3) ++workgroups_on_cus;
    if (ph == "M" && e.at("name") == "thread_name") {
      slot_named |= pid == 1;
      queue_named |= pid == 2;
    }
    if (ph == "b" || ph == "e") {
      EXPECT_EQ(pid, 2);
      EXPECT_EQ(e.at("cat"), "kernel");
      auto& seen = ph == "b" ? begun : ended;
      EXPECT_TRUE(seen.emplace(e.at("id").get<int>(), e.at("name").get<std::string>()).second)
          << e.dump();
    }
  }
  // Every work-group is one "X" slice on a CU lane: 3 x 64 + 32.
  EXPECT_EQ(workgroups_on_cus, 224);
  EXPECT_TRUE(slot_named);
  EXPECT_TRUE(queue_named);
  // One begin and one end per kernel, with the same id and name.
  EXPECT_EQ(begun.size(), 4u);
  EXPECT_EQ(begun, ended);
  std::set<std::string> names;
  for (const auto& [id, name] : begun)
    names.insert(name);
  EXPECT_EQ(names, (std::set<std::string>{"a0", "a1", "b0", "c0"}));
}

// A run stopped by a limit: the slice of a kernel still running ends where the simulation got,
// marked unfinished, and a CU whose lane 0 finished nothing is still named. One CU: L (one
// 100 us work-group) runs [1,101] on lane 0, S (10 us, submitted at 5) [6,16] on lane 1; the
// run stops at 50 us, so only S's work-group is written, on lane 1, and L ends at 50 unfinished.
TEST_F(Cli, TraceOfAStoppedRunEndsEveryKernelSliceAndNamesEveryCu) {
  const std::string file =
      write("t5.yaml", R"(device: {compute_units: 1, front_end: {hw_queues: 2, packet_latency: 1us}}
kernels:
  - {name: long, workgroup_size: 64, workgroups: 1, wg_time: 100us, contention: 0}
  - {name: short, workgroup_size: 64, workgroups: 1, wg_time: 10us, contention: 0}
queues:
  - {name: a, packets: [{name: L, dispatch: long}]}
  - {name: b, packets: [{name: S, dispatch: short, at: 5us}]}
)");
  const Result r = aqlsim("run -q --no-alone " + quote(file) + " --max-sim-time 50us --trace " +
                          quote(path("t.json")));
  ASSERT_EQ(r.status, 6) << r.err;
  std::map<std::string, Json> ends;
  std::set<std::string> cu_names;
  std::vector<std::pair<int, int>> slices;  // (pid, tid) of work-groups
  const Json trace = read_json("t.json");
  for (const Json& e : trace.at("traceEvents")) {
    if (e.at("ph") == "e") ends[e.at("name")] = e;
    if (e.at("ph") == "M" && e.at("name") == "process_name" && e.at("pid") >= 3)
      cu_names.insert(e.at("args").at("name"));
    if (e.at("ph") == "X" && e.at("pid") >= 3) slices.emplace_back(e.at("pid"), e.at("tid"));
  }
  ASSERT_EQ(ends.size(), 2u);
  EXPECT_EQ(ends.at("S").at("ts"), 16.0);
  EXPECT_FALSE(ends.at("S").contains("args"));
  EXPECT_EQ(ends.at("L").at("ts"), 50.0);
  EXPECT_EQ(ends.at("L").at("args").at("unfinished"), true);
  EXPECT_EQ(slices, (std::vector<std::pair<int, int>>{{3, 2}}));  // CU 0, lane 1
  EXPECT_EQ(cu_names, (std::set<std::string>{"CU 0"}));
}

// Queues are mapped as soon as they are created when a slot is free, so observers must be
// attached before the queues exist or the trace misses the first mappings (a regression test).
TEST_F(Cli, TraceNamesEveryUserQueueTrack) {
  const Result r = aqlsim("run -q " + quote(kQuickstart) + " --trace " + quote(path("t.json")));
  ASSERT_EQ(r.status, 0) << r.err;
  std::set<int> used;
  std::set<int> named;
  const Json trace = read_json("t.json");
  for (const Json& e : trace.at("traceEvents")) {
    if (e.at("pid") != 2) continue;
    if (e.at("ph") == "M") {
      if (e.at("name") == "thread_name") named.insert(e.at("tid").get<int>());
    } else {
      used.insert(e.at("tid").get<int>());
    }
  }
  EXPECT_EQ(used, (std::set<int>{1, 2, 3}));  // queues 0, 1 and 2
  EXPECT_EQ(named, used);
}

// Perfetto reads `ts` and `dur` into whole nanoseconds each on its own (llround of the
// microseconds times 1000) and drops a slice that starts inside another on its track and ends
// after it. Slices written to the picosecond did that to 5 of the quickstart's 233 and 2,570 of
// the preemption example's 22,229 (a work-group ending at 22.947548 + 18.222567 us read as
// 41171 ns, the next starting at 41.170115 as 41170); on the nanosecond grid, none overlaps.
TEST_F(Cli, TraceSlicesOnATrackDoNotOverlapInWholeNanoseconds) {
  const std::string preemption = AQLSIM_SOURCE_DIR "/workloads/examples/kernel_preemption.yaml";
  for (const std::string& args :
       {"run -q " + quote(kQuickstart),
        "run -q --no-alone " + quote(preemption) + " --policy kernel-srt"}) {
    const Result r = aqlsim(args + " --trace " + quote(path("t.json")));
    ASSERT_EQ(r.status, 0) << r.err;
    std::map<std::pair<int, int>, std::vector<std::pair<long long, long long>>> tracks;
    const Json trace = read_json("t.json");
    for (const Json& e : trace.at("traceEvents")) {
      if (e.at("ph") != "X") continue;
      const long long ts = std::llround(e.at("ts").get<double>() * 1000.0);
      const long long dur = std::llround(e.at("dur").get<double>() * 1000.0);
      tracks[{e.at("pid"), e.at("tid")}].emplace_back(ts, ts + dur);
    }
    std::size_t slices = 0;
    for (auto& [track, spans] : tracks) {
      std::ranges::sort(spans);
      slices += spans.size();
      for (std::size_t i = 1; i < spans.size(); ++i) {
        EXPECT_GE(spans[i].first, spans[i - 1].second)
            << args << ": pid " << track.first << " tid " << track.second;
      }
    }
    EXPECT_GT(slices, 200u) << args;
  }
}

TEST_F(Cli, SetChangesTheHardwareQueueCount) {
  // With one slot (see the top of the file): a runs alone until the 100us tick swaps it for b
  // (b0 launched at 104.4), and the 150us tick swaps b for hi (c0 launched at 158.8): still one
  // map per queue, but two unmaps.
  const Result r = aqlsim("run -q " + quote(kQuickstart) +
                          " --set device.front_end.hw_queues=1 --json " + quote(path("r.json")));
  ASSERT_EQ(r.status, 0) << r.err;
  const Json j = read_json("r.json");
  EXPECT_EQ(j.at("hw").at("map_count"), 3);
  EXPECT_EQ(j.at("hw").at("unmap_count"), 2);
  std::map<std::string, double> launch;
  for (const Json& k : j.at("kernels"))
    launch[k.at("name")] = k.at("launch_us");
  EXPECT_DOUBLE_EQ(launch.at("b0"), 104.4);
  EXPECT_DOUBLE_EQ(launch.at("c0"), 158.8);
}

TEST_F(Cli, PolicyOptionsSelectBothPolicies) {
  const Result r = aqlsim("run " + quote(kQuickstart) +
                          " --policy rr-timeslice --policy fifo --json " + quote(path("r.json")));
  ASSERT_EQ(r.status, 0) << r.err;
  const Json j = read_json("r.json");
  EXPECT_EQ(j.at("policies").at("queue_mapping"), "rr-timeslice");
  EXPECT_EQ(j.at("policies").at("thread_block"), "fifo");
  EXPECT_THAT(r.out, HasSubstr("queue mapping rr-timeslice, thread blocks fifo,"));
}

TEST_F(Cli, UnknownPolicyOptionIsBadInput) {
  const Result r = aqlsim("run -q " + quote(kQuickstart) + " --policy nonsense");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("aqlsim: error: --policy nonsense: no policy named 'nonsense'"));
  EXPECT_THAT(r.err, HasSubstr("rr-timeslice"));
}

TEST_F(Cli, BadInputFileExitsWithTwoAndNamesFileLineAndColumn) {
  const std::string file = write("bad.yaml",
                                 "kernels:\n"
                                 "  - {name: k, wg_time: 10us}\n"
                                 "queue:\n");
  const Result r = aqlsim("run " + quote(file));
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.out, IsEmpty());
  EXPECT_THAT(r.err, StartsWith("aqlsim: error: " + file + ":3:1: unknown key 'queue'"));
}

TEST_F(Cli, BadSetValueExitsWithTwoAndNamesTheOption) {
  const Result r = aqlsim("validate " + quote(kQuickstart) + " --set device.compute_units=many");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, StartsWith("aqlsim: error: --set device.compute_units=many: expected an "
                                "integer, found 'many'"));
}

TEST_F(Cli, UnwritableJsonPathIsBadInput) {
  const Result r =
      aqlsim("run -q " + quote(kQuickstart) + " --json " + quote(path("no_such_dir/r.json")));
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("cannot write the JSON file"));
}

// ---------------------------------------------------------------------------------------------
// validate and usage errors

// One example per policy kind (README: Policies): each validates and runs.
TEST_F(Cli, EveryBundledExampleRuns) {
  std::size_t examples = 0;
  for (const auto& entry : fs::directory_iterator(AQLSIM_SOURCE_DIR "/workloads/examples")) {
    ++examples;
    const std::string file = quote(entry.path().string());
    EXPECT_EQ(aqlsim("validate " + file).status, 0) << file;
    const Result r = aqlsim("run -q " + file);
    EXPECT_EQ(r.status, 0) << file << '\n' << r.err;
  }
  EXPECT_GE(examples, 3u);
}

TEST_F(Cli, ValidateSummarisesTheQuickstart) {
  const Result r = aqlsim("validate " + quote(kQuickstart));
  EXPECT_EQ(r.status, 0) << r.err;
  // 2 kernel profiles; queues a (2 packets), b (1) and hi (2).
  EXPECT_EQ(r.out, kQuickstart +
                       ": ok: device cdna (8 CUs), 2 kernels, 0 signals, 3 queues, 5 packets; "
                       "queue mapping rr-idle, thread blocks fifo-backfill\n");
}

// A count of one takes the singular: "1 CU", not "1 CUs".
TEST_F(Cli, CountsOfOneAreSingular) {
  const std::string file = write("one.yaml",
                                 "device: {compute_units: 1, front_end: {hw_queues: 1}}\n"
                                 "kernels: [{name: k, wg_time: 10us}]\n"
                                 "queues: [{name: q, packets: [{dispatch: k}]}]\n");
  const Result validate = aqlsim("validate " + quote(file));
  EXPECT_EQ(validate.status, 0) << validate.err;
  EXPECT_EQ(validate.out, file +
                              ": ok: device custom (1 CU), 1 kernel, 0 signals, 1 queue, 1 "
                              "packet; queue mapping rr-idle, thread blocks fifo-backfill\n");
  const Result run = aqlsim("run " + quote(file));
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr(" on custom (1 CU, 1 hardware queue), queue mapping rr-idle"));
}

TEST_F(Cli, ValidateRejectsABadFile) {
  const std::string file = write("bad.yaml",
                                 "kernels:\n"
                                 "  - {name: k, wg_time: 20}\n"
                                 "queues: [{name: q}]\n");
  const Result r = aqlsim("validate " + quote(file));
  EXPECT_EQ(r.status, 2);
  // "  - {name: k, wg_time: 20": the value at column 24.
  EXPECT_THAT(r.err, StartsWith("aqlsim: error: " + file + ":2:24: expected a duration"));
}

TEST_F(Cli, MissingFileIsBadInput) {
  const Result r = aqlsim("run " + quote(path("nothere.yaml")));
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("nothere.yaml"));
}

TEST_F(Cli, UsageErrorsAreBadInput) {
  EXPECT_EQ(aqlsim("").status, 2);  // no subcommand
  EXPECT_EQ(aqlsim("frobnicate").status, 2);
  EXPECT_EQ(aqlsim("run " + quote(kQuickstart) + " --bogus").status, 2);
  EXPECT_EQ(aqlsim("run " + quote(kQuickstart) + " --seed minus-one").status, 2);
}

// The file's kernel-rr cannot drain its plain kernel; the scheduler that runs is checked, so
// the file runs under another one, from --policy or compare's list.
TEST_F(Cli, AFilesSchedulerThatIsReplacedIsNotHeldAgainstTheRun) {
  const std::string file = write("rr.yaml",
                                 "kernels: [{name: k, wg_time: 10us}]\n"
                                 "queues: [{name: q, packets: [{dispatch: k}]}]\n"
                                 "scheduling: {kernel: kernel-rr}\n");
  const Result own = aqlsim("validate " + quote(file));
  EXPECT_EQ(own.status, 2);
  EXPECT_THAT(
      own.err,
      HasSubstr("kernel 'k' (dispatched by packet 'q.0') is not a persistent-thread kernel"));
  EXPECT_EQ(aqlsim("validate " + quote(file) + " --policy none").status, 0);
  const Result compared = aqlsim("compare --no-alone " + quote(file) +
                                 " --policies none,rr-ready --csv " + quote(path("c.csv")));
  EXPECT_EQ(compared.status, 2) << compared.err;  // rr-ready leaves the file's kernel-rr
  const Result none = aqlsim("compare --no-alone " + quote(file) + " --policies none --csv " +
                             quote(path("c.csv")));
  EXPECT_EQ(none.status, 0) << none.err;
}

// What the option parser refuses reads as every other error does, with its hint; help is not
// an error.
TEST_F(Cli, ACommandLineTheParserRefusesReadsAsAnError) {
  const Result seed = aqlsim("run " + quote(kQuickstart) + " --seed -1");
  EXPECT_EQ(seed.status, 2);
  EXPECT_THAT(seed.err, StartsWith("aqlsim: error: --seed: expected a seed from 0 to "));
  EXPECT_THAT(seed.err, HasSubstr("\nRun with --help for more information.\n"));
  const Result no_file = aqlsim("validate");
  EXPECT_EQ(no_file.status, 2);
  EXPECT_THAT(no_file.err, StartsWith("aqlsim: error: file is required\n"));
  const Result help = aqlsim("run --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_THAT(help.out, HasSubstr("Usage:"));
  EXPECT_THAT(help.err, IsEmpty());
}

// CLI11 alone would say "A subcommand is required" and not name the word it did not know.
TEST_F(Cli, AnUnknownCommandIsNamed) {
  const Result top = aqlsim("bogus");
  EXPECT_EQ(top.status, 2);
  EXPECT_EQ(top.err,
            "aqlsim: error: no command named 'bogus'; the commands of `aqlsim`: run, validate, "
            "policies, devices, graph, compare, merge, accuracy, report, hip; see `aqlsim "
            "--help`\n");
  const Result graph = aqlsim("graph lowr x.yaml");
  EXPECT_EQ(graph.status, 2);
  EXPECT_EQ(graph.err,
            "aqlsim: error: no command named 'lowr' (did you mean 'lower'?); the commands of "
            "`aqlsim graph`: ranks, stats, lower, gen; see `aqlsim graph --help`\n");
}

}  // namespace

// A path in a file is opened as written, relative to the file's folder: `libdir/../x` with
// `libdir` a link to elsewhere/a/b is elsewhere/a/x, what `cat` shows. Tidied as text, it was the
// x beside `libdir`, another file: a kernel that was not there, or silently another profile.
TEST_F(Cli, APathThroughALinkedFolderOpensTheFileTheSystemFinds) {
  fs::create_directories(path("elsewhere/a/b"));
  fs::create_directories(path("w"));
  fs::create_directory_symlink(path("elsewhere/a/b"), path("w/libdir"));
  write("elsewhere/a/b/lib.yaml", "kernels: [{include: ../common.yaml}]\n");
  write("elsewhere/a/common.yaml", "kernels: [{name: right, wg_time: 1us}]\n");
  write("elsewhere/a/g.yaml", "tasks: [{id: right_task, kernel: right}]\n");
  write("elsewhere/a/wl.yaml",
        "kernels: [{name: k, wg_time: 1us}]\nqueues: [{packets: [{dispatch: k}]}]\n");
  write("w/common.yaml", "kernels: [{name: wrong, wg_time: 1us}]\n");
  write("w/g.yaml", "tasks: [{id: wrong_task, kernel: wrong}]\n");
  write("w/wl.yaml", "kernels: [{name: k, wg_time: 1us}]\nqueues: [{packets: [{dispatch: no}]}]\n");

  const std::string main =
      write("w/main.yaml",
            "kernels: [{include: libdir/lib.yaml}]\nqueues: [{packets: [{dispatch: right}]}]\n");
  Result r = aqlsim("validate " + quote(main));
  EXPECT_EQ(r.status, 0) << r.err;

  const std::string graph = write(
      "w/gw.yaml", "kernels: [{include: libdir/lib.yaml}]\ngraph: {import: libdir/../g.yaml}\n");
  r = aqlsim("graph lower " + quote(graph));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("right_task"));

  const std::string experiment =
      write("w/exp.yaml", "experiment: {workloads: [libdir/../wl.yaml], policies: [fifo]}\n");
  r = aqlsim("compare " + quote(experiment));  // w/wl.yaml dispatches a kernel it lacks
  EXPECT_EQ(r.status, 0) << r.err;
}

// A workload listed twice would count twice in every mean, whatever path names it.
TEST_F(Cli, AWorkloadListedTwiceUnderAnotherPathIsRefused) {
  write("wl.yaml", "kernels: [{name: k, wg_time: 1us}]\nqueues: [{packets: [{dispatch: k}]}]\n");
  fs::create_symlink(path("wl.yaml"), path("link.yaml"));
  const std::string experiment =
      write("exp.yaml", "experiment: {workloads: [wl.yaml, ./link.yaml], policies: [fifo]}\n");
  const Result r = aqlsim("compare " + quote(experiment));
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("exp.yaml:1:35: workload"));
  EXPECT_THAT(r.err, HasSubstr("is listed twice"));
}

// compare loads a workload for every run: its included library, a FIFO written once (as
// `<(...)` gives), was opened again for the second run, which then waited for ever. The FIFO is
// known by the file, not by how a path spells it: here `lib.fifo` and `sub/../lib.fifo`.
TEST_F(Cli, CompareReadsAnIncludedFileOnceForAllItsRuns) {
  const std::string fifo = path("lib.fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&fifo] {
    std::ofstream(fifo) << "kernels: [{name: k, wg_time: 1us}]\n";  // opens when read
  });
  fs::create_directories(path("sub"));
  const std::string queues = "queues: [{packets: [{dispatch: k}]}]\n";
  write("w.yaml", "kernels: [{include: lib.fifo}]\n" + queues);
  write("sub/w.yaml", "kernels: [{include: ../lib.fifo}]\n" + queues);
  const std::string experiment = write(
      "e.yaml", "experiment: {workloads: [w.yaml, sub/w.yaml], policies: [rr-idle, rr-ready]}\n");
  const Result r = aqlsim("compare " + quote(experiment) + " --no-alone --jobs 2");
  // A reader of our own lets the writer's open return if aqlsim never opened the FIFO.
  const int unblock = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  writer.join();
  if (unblock >= 0) ::close(unblock);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.out, HasSubstr("rr-ready"));
}

// A workload read through /dev/stdin (or a pipe) has no folder of its own: its relative paths
// are the working folder's, where they were looked for in /dev.
TEST_F(Cli, AWorkloadFromStandardInputIncludesFromTheWorkingFolder) {
  write("lib.yaml", "kernels: [{name: k, wg_time: 1us}]\n");
  const std::string workload =
      write("w.yaml", "kernels: [{include: lib.yaml}]\nqueues: [{packets: [{dispatch: k}]}]\n");
  const Result r =
      launched("env -C " + quote(dir_.string()), "validate /dev/stdin < " + quote(workload));
  EXPECT_EQ(r.status, 0) << r.err;
}
