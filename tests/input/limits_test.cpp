// Run limits end a simulation early with exit status 6, a message saying which limit and what
// was left unfinished, and the results of what finished (JSON status "limit").
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_fixture.hpp"

namespace {

using namespace aqlsim::testing;  // the fixture and its helpers
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::StartsWith;
using Limits = CliFixture;

// cdna: one packet of 4.4 us, then one work-group of exactly 10 us: it ends at 14.4 us.
constexpr const char* kOneWorkgroup = R"(device: cdna
kernels: [{name: k, workgroups: 1, wg_time: 10us, rsd: 0, contention: 0}]
queues: [{packets: [{name: p, dispatch: k}]}]
)";

// One CU that holds one work-group at a time (64 KiB of LDS each): five work-groups of
// 1,000,000 s one after another would end at 5,000,000 s + 4.4 us, past the largest simulated
// time of 2^62 ps (4,611,686 s); the fourth ends at 4,000,000 s + 4.4 us, within it.
constexpr const char* kPastTheLargestTime = R"(device: {preset: cdna, compute_units: 1}
kernels: [{name: k, workgroups: 5, wg_time: 1000000s, rsd: 0, contention: 0, lds_bytes: 65536}]
queues: [{packets: [{name: p, dispatch: k}]}]
)";

// Millions of events in any build.
constexpr const char* kManyEvents = R"(device: cdna
kernels: [{name: k, workgroups: 4000000, workgroup_size: 1, wg_time: 1us}]
queues: [{packets: [{name: p, dispatch: k}]}]
)";

TEST_F(Limits, TheSimulatedTimeLimitStopsBeforeTheFirstLaterEvent) {
  const std::string workload = write("one.yaml", kOneWorkgroup);
  EXPECT_EQ(aqlsim("run -q --no-alone " + quote(workload) + " --max-sim-time 14.4us").status, 0);
  const Result r = aqlsim("run --no-alone " + quote(workload) + " --max-sim-time 14.3us --json " +
                          quote(path("r.json")));
  EXPECT_EQ(r.status, kExitLimit) << r.err;
  EXPECT_THAT(r.err, HasSubstr("simulated time would pass the limit of 14.3 us at 14.4 us"));
  EXPECT_THAT(r.err, HasSubstr("queue 'q0', packet 0: launched, unfinished"));
  const Json json = read_json("r.json");
  EXPECT_EQ(json["outcome"]["status"], "limit");
  EXPECT_EQ(json["outcome"]["unfinished"], Json::parse(R"([{"queue": "q0", "packet_index": 0}])"));
  EXPECT_TRUE(json["kernels"].empty());
}

// The metrics line says why there are none: a run stopped by a limit has no metrics although
// its alone runs were simulated; a finished run without them had --no-alone.
TEST_F(Limits, ARunStoppedByALimitSaysWhyItHasNoMetrics) {
  const std::string workload = write("one.yaml", kOneWorkgroup);
  const Result stopped = aqlsim("run " + quote(workload) + " --max-sim-time 14.3us");
  EXPECT_EQ(stopped.status, kExitLimit) << stopped.err;
  EXPECT_THAT(stopped.out, HasSubstr("DNTT: not measured (the run did not finish)"));
  const Result finished = aqlsim("run --no-alone " + quote(workload));
  EXPECT_EQ(finished.status, 0) << finished.err;
  EXPECT_THAT(finished.out, HasSubstr("DNTT: not measured (no alone runs)"));
}

// Its only run: no run completed, so the comparison has the run's status.
TEST_F(Limits, CompareMarksARunThatReachedALimit) {
  const Result r = aqlsim("compare --no-alone " + quote(write("one.yaml", kOneWorkgroup)) +
                          " --max-sim-time 14.3us --csv " + quote(path("c.csv")));
  EXPECT_EQ(r.status, kExitLimit) << r.err;
  EXPECT_THAT(r.out, HasSubstr("(1 did not complete)"));
  EXPECT_THAT(read_file(path("c.csv")), HasSubstr(",rr-idle+fifo-backfill,limit,"));
}

TEST_F(Limits, ARunThatWouldPassTheLargestSimulatedTimeStops) {
  const Result r = aqlsim("run --no-alone " + quote(write("far.yaml", kPastTheLargestTime)));
  EXPECT_EQ(r.status, kExitLimit) << r.err;
  EXPECT_THAT(r.err, HasSubstr("simulated time would pass the limit of 4611686018427.388 us at "
                               "5000000000004.4 us"));
  EXPECT_THAT(r.out, HasSubstr("simulated 4 work-groups"));
}

TEST_F(Limits, TheEventLimitIsExact) {
  const Result r =
      aqlsim("run --no-alone " + quote(write("many.yaml", kManyEvents)) + " --max-events 1000");
  EXPECT_EQ(r.status, kExitLimit) << r.err;
  EXPECT_THAT(r.err, HasSubstr("the limit of 1000 events was reached"));
  EXPECT_THAT(r.out, HasSubstr("in 1000 events"));
}

// The quickstart's last kernel ends at 126.864 us, in its 467th event; its 468th and last is the
// front end's idle tick at 150 us. A limit that falls between them stops nothing: the run is
// complete, with the results and slot time of the run without a limit (only the events and
// end of the simulation differ: the tick is not run).
TEST_F(Limits, ALimitReachedOnceAllWorkIsDoneStopsNothing) {
  ASSERT_EQ(aqlsim("run " + quote(kQuickstart) + " -q --json " + quote(path("all.json"))).status,
            0);
  Json whole = read_json("all.json");
  EXPECT_EQ(whole["simulation"]["events"], 468);
  whole.erase("simulation");
  for (const char* limit : {"--max-sim-time 130us", "--max-events 467"}) {
    const Result r =
        aqlsim("run " + quote(kQuickstart) + " -q --json " + quote(path("l.json")) + " " + limit);
    EXPECT_EQ(r.status, 0) << limit << ": " << r.err;
    Json limited = read_json("l.json");
    EXPECT_EQ(limited["outcome"]["status"], "completed") << limit;
    EXPECT_EQ(limited["simulation"]["events"], 467) << limit;
    limited.erase("simulation");
    EXPECT_EQ(limited, whole) << limit;
  }
}

// A packet the host submits later is work left: the limit before it stops the run.
TEST_F(Limits, APacketTheHostHasYetToSubmitIsWorkLeft) {
  const std::string late = write("late.yaml", R"(device: cdna
kernels: [{name: k, wg_time: 10us, rsd: 0, contention: 0}]
queues:
  - {name: q, packets: [{name: p0, dispatch: k}, {name: p1, dispatch: k, at: 1ms}]}
)");
  const Result r = aqlsim("run -q --no-alone " + quote(late) + " --max-sim-time 500us");
  EXPECT_EQ(r.status, kExitLimit) << r.err;
  EXPECT_THAT(r.err, HasSubstr("simulated time would pass the limit of 500 us at 1000 us"));
}

// With --quiet no table is printed above the message: it must not point at one.
TEST_F(Limits, TheLimitMessageSaysWhatIsReportedWithoutAskingForTheTable) {
  const Result r =
      aqlsim("run -q --no-alone " + quote(write("many.yaml", kManyEvents)) + " --max-events 1000");
  EXPECT_EQ(r.status, kExitLimit) << r.err;
  EXPECT_THAT(r.out, IsEmpty());
  EXPECT_THAT(r.err, StartsWith("aqlsim: limit: the limit of 1000 events was reached at "));
  EXPECT_THAT(r.err, HasSubstr("; the kernels finished by then are reported\n"));
  EXPECT_THAT(r.err, Not(HasSubstr("above")));
}

TEST_F(Limits, TheMemoryLimitStopsARunThatPassesIt) {
  // Any process is larger than 1 MiB: the first check, after 2^20 events, stops the run.
  const Result r =
      aqlsim("run --no-alone " + quote(write("many.yaml", kManyEvents)) + " --max-memory 1M");
  EXPECT_EQ(r.status, kExitLimit) << r.err;
  EXPECT_THAT(r.err, HasSubstr("memory use passed the limit of 1 MiB"));
  EXPECT_THAT(r.out, HasSubstr("in 1048576 events"));
}

// A limit under a MiB is shown in KiB (whole MiB made 1K "0 MiB").
TEST_F(Limits, AMemoryLimitUnderAMebibyteIsShownInKibibytes) {
  const Result r =
      aqlsim("run --no-alone " + quote(write("many.yaml", kManyEvents)) + " --max-memory 1K");
  EXPECT_EQ(r.status, kExitLimit) << r.err;
  EXPECT_THAT(r.err, HasSubstr("the memory limit of 1 KiB"));  // the rings' 4.75 KiB pass it
}

// Rings are allocated whole when the model is built: eight of ROCm's largest (131,072 packets
// of 64 bytes, with a 4-byte priority and an 8-byte submission time each) take 76 MiB, which a
// 64 MiB budget refuses before allocating them (they once ran the process out of memory, as
// an internal error, long before the first checkpoint). Under 256 MiB the run completes.
TEST_F(Limits, RingsThatWouldPassTheMemoryLimitAreNotAllocated) {
  std::string yaml = "device: cdna\nkernels: [{name: k, workgroups: 1, wg_time: 10us}]\nqueues:\n";
  for (int q = 0; q < 8; ++q)
    yaml += "  - {size: 131072, packets: [{name: p" + std::to_string(q) + ", dispatch: k}]}\n";
  const std::string path = quote(write("rings.yaml", yaml));
  const Result refused = aqlsim("run --no-alone " + path + " --max-memory 64M");
  EXPECT_EQ(refused.status, kExitLimit) << refused.err;
  EXPECT_THAT(refused.err,
              HasSubstr("the queues' rings would take 76 MiB, past the memory limit of 64 MiB"));
  EXPECT_EQ(aqlsim("run --no-alone " + path + " --max-memory 256M").status, 0);
}

// Past what the system will give (here an address-space limit of 300,000 KiB, the rings of 64
// queues of 131,072 packets taking 608 MiB, within --max-memory's default): an error that says
// so, not an internal error.
TEST_F(Limits, AnAllocationTheSystemRefusesIsOutOfMemory) {
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "AddressSanitizer's shadow memory needs more address space than any such limit";
#endif
#endif
  std::string yaml = "device: cdna\nkernels: [{name: k, workgroups: 1, wg_time: 10us}]\nqueues:\n";
  for (int q = 0; q < 64; ++q)
    yaml += "  - {size: 131072, packets: [{name: p" + std::to_string(q) + ", dispatch: k}]}\n";
  const Result r = launched("sh -c 'ulimit -v 300000 && exec \"$0\" \"$@\"'",
                            "run --no-alone " + quote(write("rings.yaml", yaml)));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "aqlsim: error: out of memory: the system refused an allocation (a limit on the "
            "process's memory, or more than this machine has)\n");
}

// --max-sim-time is one for every run, whatever its device's clock: cycles (which were read at
// 1000 MHz, not cdna's 1502) are refused, and the range is every duration's, up to 1000000 s.
TEST_F(Limits, TheSimulatedTimeLimitIsATimeUpToTheDurationLimit) {
  const std::string workload = quote(write("one.yaml", kOneWorkgroup));
  const Result cycles = aqlsim("run -q " + workload + " --max-sim-time 5000cy");
  EXPECT_EQ(cycles.status, kExitBadInput);
  EXPECT_EQ(cycles.err,
            "aqlsim: error: --max-sim-time 5000cy: cycles depend on a device's clock, and the "
            "option is one for every run: give a time unit (ps, ns, us, ms or s), e.g. 1ms\n");
  EXPECT_EQ(aqlsim("run -q " + workload + " --max-sim-time 1000000s").status, 0);
  const Result over = aqlsim("run -q " + workload + " --max-sim-time 2000000s");
  EXPECT_EQ(over.status, kExitBadInput);
  EXPECT_EQ(over.err,
            "aqlsim: error: --max-sim-time 2000000s: expected a positive duration with a unit, "
            "e.g. 1ms, up to 1000000s (1e18 ps)\n");
}

TEST_F(Limits, BadLimitValuesAreBadInput) {
  const std::string workload = write("one.yaml", kOneWorkgroup);
  for (const std::string option :
       {"--max-events -1", "--max-events 0", "--max-events 99999999999999999999999",
        "--max-events 5x", "--max-memory 4Q", "--max-memory ''", "--max-sim-time 5",
        "--max-sim-time -1us", "--max-sim-time 9000000s"}) {
    const Result r = aqlsim("run -q " + quote(workload) + " " + option);
    EXPECT_EQ(r.status, kExitBadInput) << option << '\n' << r.err;
    EXPECT_THAT(r.err, HasSubstr(option.substr(0, option.find(' ')))) << option;
  }
  // Well formed but past 64 bits: said so, not "expected a positive whole number".
  for (const std::string option :
       {"--max-events 99999999999999999999999", "--max-memory 99999999999T",
        "--max-memory 18446744073709551616"}) {
    const Result r = aqlsim("run -q " + quote(workload) + " " + option);
    EXPECT_EQ(r.status, kExitBadInput) << option;
    EXPECT_THAT(r.err, HasSubstr(option + ": more than the largest, 18446744073709551615"));
  }
}

}  // namespace
