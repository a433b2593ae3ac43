// Experiments: sweeps, pairs, parallel runs identical to serial ones, and the summaries.
#include "experiment/compare.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "experiment/kernel_pairs.hpp"
#include "experiment/shard_file.hpp"
#include "scenario/runner.hpp"
#include "taskgraph/graph_section.hpp"

namespace aqlsim {
namespace {

namespace fs = std::filesystem;

class Compare : public ::testing::Test {
 protected:
  fs::path dir = fs::path(::testing::TempDir()) /
                 ("aqlsim_compare_" +
                  std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
  void SetUp() override { fs::create_directories(dir); }
  void TearDown() override { fs::remove_all(dir); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  }
};

bool same(const RunSummary& a, const RunSummary& b) {
  return a.workload == b.workload && a.point == b.point && a.policy == b.policy &&
         a.status == b.status && a.makespan_us == b.makespan_us && a.metrics.stp == b.metrics.stp &&
         a.metrics.antt == b.metrics.antt && a.metrics.fairness == b.metrics.fairness &&
         a.map_count == b.map_count;
}

TEST_F(Compare, ParallelRunsGiveExactlyTheSerialResults) {
  const std::string library = std::string(AQLSIM_SOURCE_DIR) + "/workloads/kernels/ercbench.yaml";
  const std::string file = write("pairs.yaml", R"(
experiment:
  pairs:
    device: gtx480
    kernels: )" + library + R"(
    names: [jpeg_d, jpeg_e, aes_d]
    second_arrival: 25%
  policies: [fifo, srtf, sjf]
)");
  const ExperimentSpec spec = load_experiment(file);
  ASSERT_EQ(spec.workloads.size(), 6u);  // 3 x 2 ordered pairs
  EXPECT_EQ(spec.workloads[0].name, "jpeg_d+jpeg_e");
  const auto serial =
      run_experiment(spec, {.seed = std::nullopt, .jobs = 1, .limits = {}, .progress = {}});
  const auto parallel =
      run_experiment(spec, {.seed = std::nullopt, .jobs = 2, .limits = {}, .progress = {}});
  ASSERT_EQ(serial.size(), 18u);
  ASSERT_EQ(parallel.size(), serial.size());
  for (std::size_t i = 0; i < serial.size(); ++i)
    EXPECT_TRUE(same(serial[i], parallel[i])) << i;
}

// A second arrival given as a share of the first kernel's runtime is from 0% to 1000%; NaN
// compared false with both bounds and was taken as 0%.
TEST_F(Compare, PairArrivalsArePercentagesFromZeroToAThousand) {
  const std::string library = std::string(AQLSIM_SOURCE_DIR) + "/workloads/kernels/ercbench.yaml";
  for (const std::string arrival : {"nan%", "-nan%", "-5%", "1001%", "inf%"}) {
    const std::string file = write("arrival.yaml", R"(
experiment:
  pairs: {device: gtx480, kernels: )" + library + R"(, names: [jpeg_d, aes_d], second_arrival: ")" +
                                                       arrival + R"("}
)");
    try {
      load_experiment(file);
      ADD_FAILURE() << arrival << " was accepted";
    } catch (const InputError& e) {
      EXPECT_THAT(e.what(), ::testing::HasSubstr("expected a duration or a percentage such as "
                                                 "25%, found '" +
                                                 arrival + "'"));
    }
  }
}

// Names that make no pair said "an experiment needs workload, workloads, pairs or
// arrival_orders", although `pairs` was there.
TEST_F(Compare, PairNamesGivenTwiceOrTooFewAreErrorsAtTheNames) {
  const std::string library = std::string(AQLSIM_SOURCE_DIR) + "/workloads/kernels/ercbench.yaml";
  const std::pair<std::string, std::string> cases[] = {
      {"names: [aes_d, jpeg_d, aes_d]", "kernel 'aes_d' is listed twice"},
      {"names: [aes_d]", "1 kernel makes no pair of 2: name at least 2"},
      {"names: [aes_d, jpeg_d], group: 3", "2 kernels make no group of 3: name at least 3"},
  };
  for (const auto& [names, message] : cases) {
    const std::string file =
        write("names.yaml", "experiment:\n  pairs: {device: gtx480, kernels: " + library + ", " +
                                names + ", second_arrival: 5us}\n");
    try {
      load_experiment(file);
      ADD_FAILURE() << names << " was accepted";
    } catch (const InputError& e) {
      EXPECT_THAT(e.what(), ::testing::HasSubstr(message));
      EXPECT_THAT(e.what(), ::testing::HasSubstr("experiment.pairs.names"));
    }
  }
}

// The library's path is a YAML scalar in the generated workloads: a folder whose name holds a
// `"` broke their text ("end of map flow not found"), and one holding `\t` (a backslash and a t)
// had it read as a tab, another folder.
TEST_F(Compare, AKernelLibraryIsFoundWhateverItsFolderIsCalled) {
  const std::string library = std::string(AQLSIM_SOURCE_DIR) + "/workloads/kernels/ercbench.yaml";
  for (const std::string folder : {"q\"dir", "b\\tdir"}) {
    fs::create_directories(dir / folder);
    fs::copy_file(library, dir / folder / "lib.yaml");
    const std::string file =
        write("lib.yaml", "experiment:\n  pairs: {device: gtx480, kernels: '" + folder +
                              "/lib.yaml', names: [aes_d, jpeg_d], second_arrival: 5us}\n");
    EXPECT_EQ(load_experiment(file).workloads.size(), 2u) << folder;
  }
}

// A key swept twice (YAML keeps the first value of a repeated key) was reported later as two
// settings of one entry.
TEST_F(Compare, AKeySweptTwiceIsAnErrorAtTheSecond) {
  write("w.yaml", "kernels: [{name: k, wg_time: 1us}]\nqueues: [{packets: [{dispatch: k}]}]\n");
  const std::string file = write(
      "sweep.yaml", "experiment:\n  workload: w.yaml\n  sweep:\n    seed: [1, 2]\n    seed: [3]\n");
  try {
    load_experiment(file);
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("sweep.yaml:5:11: key 'seed' is swept twice"));
  }
}

// A percentage arrival is a share of the first kernel's runtime alone on the run's device: it was
// measured when the experiment was read, before `set`, sweeps and --set, so a pair swept to fewer
// CUs had the second kernel arrive at a share of the runtime on the file's device. `a` is four
// 10 us work-groups on CUs that hold one each: 40, 20 and 10 us alone on 1, 2 and 4 CUs.
TEST_F(Compare, APercentageArrivalIsAShareOfTheRuntimeOnTheRunsDevice) {
  write("lib.yaml", R"(
kernels:
  - {name: a, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 4}
  - {name: b, workgroup_size: 64, vgprs: 1, wg_time: 1us, contention: 0, workgroups: 2}
)");
  const std::string file = write("pairs.yaml", R"(
experiment:
  pairs:
    device: {compute_units: 2, cu: {max_workgroups: 1}, front_end: {packet_latency: 0}}
    kernels: lib.yaml
    second_arrival: 50%
  policies: [fifo]
)");
  const ExperimentSpec spec = load_experiment(file);
  ASSERT_EQ(spec.workloads.size(), 2u);
  ASSERT_EQ(spec.workloads[0].name, "a+b");
  const std::pair<std::string, Tick> cases[] = {
      {"2", 10 * kMicrosecond}, {"4", 5 * kMicrosecond}, {"1", 20 * kMicrosecond}};
  for (const auto& [cus, at] : cases) {
    Scenario s = load_workload_source(spec.workloads[0], {"device.compute_units=" + cus});
    resolve_second_arrival(spec.workloads[0], s);
    EXPECT_EQ(s.queues[1].packets[0].at, at) << cus << " CUs";
  }
  // An override that replaces the pair's queues leaves no first kernel to measure.
  Scenario replaced =
      load_workload_source(spec.workloads[0], {"queues=[{name: x, packets: [{dispatch: a}]}]"});
  EXPECT_THAT([&] { resolve_second_arrival(spec.workloads[0], replaced); },
              ::testing::ThrowsMessage<InputError>(
                  ::testing::HasSubstr("a percentage arrival needs the pair's queues")));

  // Run on 2 CUs from a file of 4: a's work-groups run 0-10 and 10-20 us, and b, arriving at
  // 10 us (not 5), waits for them under fifo and runs 20-21 us: NTTs 20/20 and (21 - 10)/1.
  ExperimentSpec on_two = load_experiment(write("four.yaml", R"(
experiment:
  pairs:
    device: {compute_units: 4, cu: {max_workgroups: 1}, front_end: {packet_latency: 0}}
    kernels: lib.yaml
    second_arrival: 50%
  set: [device.compute_units=2]
  policies: [fifo]
)"));
  const auto runs =
      run_experiment(on_two, {.seed = std::nullopt, .jobs = 1, .limits = {}, .progress = {}});
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].workload, "a+b");
  EXPECT_EQ(runs[0].makespan_us, 21.0);
  EXPECT_NEAR(runs[0].metrics.antt, (1.0 + 11.0) / 2, 1e-12);
}

// An arrival in cycles is the run's cycles: 5000 cy is 5 us at the file's 1000 MHz and 2.5 us
// at a swept 2000 MHz (it was turned into picoseconds once, at the file's clock). The same for
// groups of three and for arrival_orders' spacing: slot i at i x 20000 cy.
TEST_F(Compare, AnArrivalInCyclesFollowsTheRunsClock) {
  write("lib.yaml", R"(
kernels:
  - {name: a, workgroup_size: 64, wg_time: 10us}
  - {name: b, workgroup_size: 64, wg_time: 1us}
  - {name: c, workgroup_size: 64, wg_time: 1us}
)");
  const auto arrivals = [&](const std::string& generator, const std::string& clock) {
    const ExperimentSpec spec =
        load_experiment(write("e.yaml", "experiment:\n  " + generator + "\n"));
    const Scenario s = load_workload_source(spec.workloads[0], {"device.clock_mhz=" + clock});
    std::vector<Tick> at;
    for (const QueueSpec& q : s.queues)
      at.push_back(q.packets.at(0).at);
    return at;
  };
  const std::string device = "device: {compute_units: 2, clock_mhz: 1000}, kernels: lib.yaml";
  const std::string pair = "pairs: {" + device + ", second_arrival: 5000cy}";
  EXPECT_EQ(arrivals(pair, "1000"), (std::vector<Tick>{0, 5 * kMicrosecond}));
  EXPECT_EQ(arrivals(pair, "2000"), (std::vector<Tick>{0, 2500 * kNanosecond}));
  const std::string group = "pairs: {" + device + ", second_arrival: 1.5cy, group: 3}";
  EXPECT_EQ(arrivals(group, "1000"), (std::vector<Tick>{0, 1500, 3000}));
  const std::string orders = "arrival_orders: {" + device +
                             ", applications: [{name: x, kernels: [a]}, {name: y, kernels: [b]}, "
                             "{name: z, kernels: [c]}], spacing: 20000cy}";
  EXPECT_EQ(arrivals(orders, "2000"), (std::vector<Tick>{0, 10 * kMicrosecond, 20 * kMicrosecond}));
}

// A shard's fingerprint must tell two percentages apart: the pairs' text holds no arrival, and
// shards run at 10% and at 90% merged without a word.
TEST_F(Compare, APercentageArrivalIsPartOfTheShardFingerprint) {
  write("lib.yaml", "kernels: [{name: a, wg_time: 10us}, {name: b, wg_time: 1us}]\n");
  const auto fingerprint = [&](const std::string& arrival) {
    const ExperimentSpec spec = load_experiment(
        write("e.yaml",
              "experiment:\n  pairs: {device: {compute_units: 2}, kernels: lib.yaml, "
              "second_arrival: " +
                  arrival + "}\n"));
    return experiment_fingerprint(spec, {}, {});
  };
  EXPECT_NE(fingerprint("10%"), fingerprint("90%"));
  EXPECT_EQ(fingerprint("10%"), fingerprint("10%"));
}

// With random work-group durations the runtime alone, and so the arrival, follows the run's seed.
TEST_F(Compare, APercentageArrivalFollowsTheRunsSeed) {
  write("lib.yaml", R"(
kernels:
  - {name: a, workgroup_size: 64, vgprs: 1, wg_time: 10us, rsd: 0.5, workgroups: 64}
  - {name: b, workgroup_size: 64, vgprs: 1, wg_time: 1us, workgroups: 2}
)");
  const std::string device = "{compute_units: 2, front_end: {packet_latency: 0}}";
  const ExperimentSpec spec =
      load_experiment(write("pairs.yaml", "experiment:\n  pairs: {device: " + device +
                                              ", kernels: lib.yaml, "
                                              "second_arrival: 30%}\n"));
  std::vector<Tick> arrivals;
  for (const std::uint64_t seed : {1, 7}) {
    Scenario pair = load_workload_source(spec.workloads[0], {});
    pair.seed = seed;
    resolve_second_arrival(spec.workloads[0], pair);
    // `a` alone, as its own workload with that seed.
    Scenario alone = taskgraph::load_workload_text(
        "device: " + device + "\nkernels: [{include: " + (dir / "lib.yaml").string() +
            "}]\nqueues: [{name: first, packets: [{name: a, dispatch: a}]}]\n",
        "alone");
    alone.seed = seed;
    const RunReport r = run_scenario(alone, {});
    ASSERT_EQ(r.kernels.size(), 1u);
    const double runtime = static_cast<double>(r.kernels[0].end - r.kernels[0].start);
    EXPECT_EQ(pair.queues[1].packets[0].at, static_cast<Tick>(0.3 * runtime + 0.5)) << seed;
    arrivals.push_back(pair.queues[1].packets[0].at);
  }
  EXPECT_NE(arrivals[0], arrivals[1]);
}

// A workload without a dispatch has a makespan of 0, which made its row's mean makespan 0.
TEST_F(Compare, AWorkloadThatDispatchesNoKernelIsRefused) {
  write("empty.yaml", R"(
kernels: [{name: k, wg_time: 10us}]
signals: [{name: s, initial: 0}]
queues: [{name: q, packets: [{barrier_and: [s]}]}]
)");
  write("one.yaml", "kernels: [{name: k, wg_time: 10us}]\nqueues: [{packets: [{dispatch: k}]}]\n");
  const ExperimentSpec spec =
      load_experiment(write("e.yaml", "experiment: {workloads: [one.yaml, empty.yaml]}\n"));
  EXPECT_THAT(
      [&] {
        run_experiment(spec, {.seed = std::nullopt, .jobs = 1, .limits = {}, .progress = {}});
      },
      ::testing::ThrowsMessage<InputError>(::testing::AllOf(
          ::testing::HasSubstr("empty.yaml"), ::testing::HasSubstr("dispatches no kernel"))));
}

// Runs are matched with their baseline by workload name: a file named as a generated pair shared
// the pair's matches, and the CSV had two rows of one name.
TEST_F(Compare, AGeneratedWorkloadNamedAsAListedFileIsAnErrorAtItsGenerator) {
  write("lib.yaml", "kernels: [{name: a, wg_time: 10us}, {name: b, wg_time: 1us}]\n");
  write("a+b", "kernels: [{name: k, wg_time: 10us}]\nqueues: [{packets: [{dispatch: k}]}]\n");
  write("e.yaml", R"(experiment:
  workloads: [a+b]
  pairs: {device: {compute_units: 2}, kernels: lib.yaml, second_arrival: 1us}
)");
  // A file's workload is named by its path from the working directory.
  const fs::path was = fs::current_path();
  fs::current_path(dir);
  EXPECT_THAT([&] { load_experiment("e.yaml"); },
              ::testing::ThrowsMessage<InputError>(::testing::AllOf(
                  ::testing::StartsWith("e.yaml:3:10:"),
                  ::testing::HasSubstr("a second workload named 'a+b' (a listed file, or"))));
  // Two pairs of one name: kernel names may hold '+'. The second `a+b+c` replaced the first as
  // the baseline, and fifo had a speedup of 0.972 over itself.
  write("plus.yaml",
        "kernels: [{name: a+b, wg_time: 1us}, {name: c, wg_time: 1us}, "
        "{name: a, wg_time: 1us}, {name: b+c, wg_time: 1us}]\n");
  write("twice.yaml",
        "experiment:\n  pairs: {device: {compute_units: 2}, kernels: plus.yaml, "
        "second_arrival: 1us}\n");
  EXPECT_THAT([&] { load_experiment("twice.yaml"); },
              ::testing::ThrowsMessage<InputError>(
                  ::testing::HasSubstr("a second workload named 'a+b+c'")));
  fs::current_path(was);
}

// The device and the library are read through a workload made from them: its errors were placed
// in that made-up text (`pairs:2:21: ... (at 'kernels.0.include')`), a file that does not exist.
TEST_F(Compare, AGeneratorsDeviceAndLibraryErrorsAreInTheExperimentFile) {
  write("bad.yaml", "kernels:\n  - {name: k, wg_time: -1us}\n");
  const auto error = [&](const std::string& generator) {
    try {
      load_experiment(write("e.yaml", "experiment:\n" + generator));
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string e = (dir / "e.yaml").string();
  EXPECT_THAT(error("  pairs: {device: gtx480, kernels: none.yaml, second_arrival: 1us}\n"),
              ::testing::AllOf(::testing::StartsWith(e + ":2:36: cannot include"),
                               ::testing::EndsWith("(at 'experiment.pairs.kernels')")));
  EXPECT_THAT(error("  pairs: {device: nodev, kernels: bad.yaml, second_arrival: 1us}\n"),
              ::testing::AllOf(::testing::StartsWith(e + ":2:19: no device preset named 'nodev'"),
                               ::testing::EndsWith("(at 'experiment.pairs.device')")));
  EXPECT_THAT(error("  arrival_orders:\n    device: titanx\n    kernels: none.yaml\n"
                    "    applications: [{name: a, kernels: [k]}]\n"),
              ::testing::AllOf(::testing::StartsWith(e + ":4:14: cannot include"),
                               ::testing::EndsWith("(at 'experiment.arrival_orders.kernels')")));
  EXPECT_THAT(error("  pairs: {device: gtx480, kernels: bad.yaml, second_arrival: 1us}\n"),
              ::testing::AllOf(
                  ::testing::StartsWith((dir / "bad.yaml").string() + ":2:24: "),
                  ::testing::EndsWith("(in the kernel library included from " + e + ":2:36)")));
}

// `group: 3` makes every combination of three kernels, in list order, spaced apart.
TEST_F(Compare, GroupsOfThreeAreEveryCombinationInListOrder) {
  const std::string library = std::string(AQLSIM_SOURCE_DIR) + "/workloads/kernels/ercbench.yaml";
  const std::string file = write("triples.yaml", R"(
experiment:
  pairs:
    device: gtx480
    kernels: )" + library + R"(
    names: [jpeg_d, jpeg_e, aes_d, sha1]
    second_arrival: 5us
    group: 3
  policies: [fifo]
)");
  const ExperimentSpec spec = load_experiment(file);
  std::vector<std::string> names;
  for (const WorkloadSource& w : spec.workloads)
    names.push_back(w.name);
  EXPECT_EQ(names, (std::vector<std::string>{"jpeg_d+jpeg_e+aes_d", "jpeg_d+jpeg_e+sha1",
                                             "jpeg_d+aes_d+sha1", "jpeg_e+aes_d+sha1"}));
  const Scenario third = load_workload_source(spec.workloads[3], {});
  ASSERT_EQ(third.queues.size(), 3u);
  EXPECT_EQ(third.queues[2].packets[0].kernel, "sha1");
  EXPECT_EQ(third.queues[2].packets[0].at, 10 * kMicrosecond);
}

// slot_idle_us sums all slots: 31 empty and 1 starved for the 10^12 us of one work-group is
// 3.2 x 10^13 us, 3.2 x 10^19 ps, past a Tick (it was cut to 64 bits: -6.7 x 10^12 us).
TEST_F(Compare, SlotIdleTimeIsSummedPastTheLargestTick) {
  write("w.yaml", R"(
device: {compute_units: 1, front_end: {packet_latency: 0, hw_queues: 32, map_latency: 0}}
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 1000000s, contention: 0}
queues:
  - packets: [{name: p, dispatch: k}]
)");
  ExperimentSpec spec = load_experiment(write("e.yaml", "experiment: {workload: w.yaml}\n"));
  spec.measure_alone = false;
  const auto runs =
      run_experiment(spec, {.seed = std::nullopt, .jobs = 1, .limits = {}, .progress = {}});
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].makespan_us, 1e12);
  EXPECT_EQ(runs[0].slot_idle_us, 3.2e13);
}

// Two workloads whose makespans are worked out by hand (one 10 us or 40 us work-group, no packet
// latency), two policies: geometric means and speedups follow.
TEST_F(Compare, SummariesAreGeometricMeansWithSpeedupsOverTheBaseline) {
  const std::string base = R"(
device: {compute_units: 1, front_end: {packet_latency: 0}}
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: WGus, contention: 0}
queues:
  - packets: [{name: p, dispatch: k}]
)";
  auto with = [&](const std::string& t) {
    std::string s = base;
    s.replace(s.find("WG"), 2, t);
    return s;
  };
  write("a.yaml", with("10"));
  write("b.yaml", with("40"));
  const std::string file = write("e.yaml", R"(
experiment:
  workloads: [a.yaml, b.yaml]
  policies: [fifo, fifo-backfill]
  baseline: fifo
  sweep:
    device.compute_units: [1, 2]
)");
  const ExperimentSpec spec = load_experiment(file);
  const auto runs =
      run_experiment(spec, {.seed = std::nullopt, .jobs = 2, .limits = {}, .progress = {}});
  ASSERT_EQ(runs.size(), 8u);  // 2 points x 2 policies x 2 workloads
  const auto rows = summarise(spec, runs);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].point, (std::vector<std::string>{"1"}));
  EXPECT_EQ(rows[0].policy, "fifo");
  EXPECT_EQ(rows[0].runs, 2u);
  EXPECT_NEAR(rows[0].makespan_us, std::sqrt(10.0 * 40.0), 1e-9);  // geomean of 10 and 40
  EXPECT_NEAR(*rows[1].speedup, 1.0, 1e-12);
  EXPECT_NEAR(rows[0].metrics.stp, 1.0, 1e-12);  // alone = shared for a lone kernel
}

// The files a comparison reads are found by loading its workloads before the runs: at the first
// sweep point only, unless a sweep sets a key under `kernels` or `graph`, the only places a
// workload names files (a 100k-task graph took a second to load at each point). A value that
// does not load shows which points were loaded: `zz` is not a number of compute units nor a
// duration.
TEST_F(Compare, InputFilesAreFoundAtEverySweepPointOnlyWhenASweepCanNameAFile) {
  const std::string lib = write("lib.yaml", "kernels: [{name: k, wg_time: 1us}]\n");
  const std::string w = write("w.yaml",
                              "kernels: [{include: lib.yaml}]\n"
                              "queues: [{packets: [{dispatch: k}]}]\n");
  ExperimentSpec spec;
  spec.workloads.push_back({w,
                            w,
                            "kernels: [{include: lib.yaml}]\n"
                            "queues: [{packets: [{dispatch: k}]}]\n",
                            {}});
  spec.sweeps = {{"device.compute_units", {"2", "zz"}}};
  EXPECT_EQ(workload_input_files(spec), (std::vector<std::string>{lib}));
  spec.sweeps = {{"kernels.0.include", {"lib.yaml", "zz.yaml"}}};
  EXPECT_THROW(workload_input_files(spec), InputError);
  // A key under `kernels` that names no file is read at its first value only, whatever the
  // other sweeps: a sweep of 10^7 points was loaded at every one.
  spec.sweeps = {{"kernels.0.persistent", {"false", "zz"}}, {"kernels.0.include", {"lib.yaml"}}};
  EXPECT_EQ(workload_input_files(spec), (std::vector<std::string>{lib}));
  for (const std::string whole : {"kernels", "kernels.0"}) {
    spec.sweeps = {{whole, {"[{include: lib.yaml}]", "zz"}}};
    if (whole == "kernels.0") spec.sweeps[0].values[0] = "{include: lib.yaml}";
    EXPECT_THROW(workload_input_files(spec), InputError) << whole;
  }
}

// Sweep points x policies x workloads are counted before any run is planned: eight sweeps of 100
// values (10^16 points) grew to 9 GB before anything was said. The error is at the last sweep.
TEST_F(Compare, ARunCountOverTheLimitIsRefusedBeforeAnyIsPlanned) {
  write("w.yaml", "kernels: [{name: k, wg_time: 1us}]\nqueues: [{packets: [{dispatch: k}]}]\n");
  std::string values = "[";
  for (int i = 1; i <= 100; ++i)
    values += std::to_string(i) + (i < 100 ? "," : "]");
  std::string sweeps;
  for (const std::string key :
       {"seed", "kernels.0.workgroups", "kernels.0.vgprs", "queues.0.priority"})
    sweeps += "    " + key + ": " + values + "\n";
  ExperimentSpec spec = load_experiment(write(
      "e.yaml", "experiment:\n  workload: w.yaml\n  policies: [fifo, srtf]\n  sweep:\n" + sweeps));
  // 10^8 points x 2 policies x 1 workload.
  EXPECT_THAT([&] { count_runs(spec); },
              ::testing::ThrowsMessage<InputError>(::testing::AllOf(
                  ::testing::HasSubstr("e.yaml:8:25: "),
                  ::testing::HasSubstr("1e+08 sweep points x 2 policies x 1 workloads make 2e+08 "
                                       "runs, more than the limit of 10000000"))));
  EXPECT_THROW(run_experiment(spec, {}), InputError);
  EXPECT_THROW(workload_input_files(spec), InputError);
  // 100 x 100 x 100 x 5 points x 2 policies: at the limit.
  spec.sweeps[3].values.resize(5);
  EXPECT_EQ(count_runs(spec), 10'000'000U);
}

// Runs are decoded from their index: the last sweep's values change fastest, then policies, then
// workloads, as the CSV lists them.
TEST_F(Compare, RunsFollowTheSweepsThenThePoliciesThenTheWorkloads) {
  write("a.yaml", "kernels: [{name: k, wg_time: 1us}]\nqueues: [{packets: [{dispatch: k}]}]\n");
  write("b.yaml", "kernels: [{name: k, wg_time: 2us}]\nqueues: [{packets: [{dispatch: k}]}]\n");
  const ExperimentSpec spec = load_experiment(write("e.yaml", R"(experiment:
  workloads: [a.yaml, b.yaml]
  policies: [fifo, srtf]
  alone: false
  sweep: {seed: [1, 2], kernels.0.workgroups: [1, 2, 3]}
)"));
  const auto runs =
      run_experiment(spec, {.seed = std::nullopt, .jobs = 2, .limits = {}, .progress = {}});
  ASSERT_EQ(runs.size(), 24U);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    EXPECT_EQ(runs[i].run, i);
    EXPECT_EQ(runs[i].workload, i % 2 == 0 ? dir / "a.yaml" : dir / "b.yaml") << i;
    EXPECT_EQ(runs[i].policy, (i / 2) % 2 == 0 ? "fifo" : "srtf") << i;
    EXPECT_EQ(runs[i].point, (std::vector<std::string>{std::to_string(1 + i / 12),
                                                       std::to_string(1 + (i / 4) % 3)}))
        << i;
  }
}

TEST(ParseSweep, SplitsValuesAndRejectsMissingParts) {
  const Sweep s = parse_sweep("graph.lowering=round-robin:1,round-robin:8");
  EXPECT_EQ(s.key, "graph.lowering");
  EXPECT_EQ(s.values, (std::vector<std::string>{"round-robin:1", "round-robin:8"}));
  EXPECT_THROW(parse_sweep("novalues="), InputError);
  EXPECT_THROW(parse_sweep("=1,2"), InputError);
}

// Commas inside YAML brackets and quoted scalars belong to their value: lists, maps and quoted
// text can be swept from the command line (each was cut at every comma).
TEST(ParseSweep, CommasInsideBracketsAndQuotesStayInTheirValue) {
  const auto values = [](const std::string& text) { return parse_sweep(text).values; };
  using V = std::vector<std::string>;
  EXPECT_EQ(values("queues.0.cu_mask=[0,1],[2,3]"), (V{"[0,1]", "[2,3]"}));
  EXPECT_EQ(values("k={a: [1,2], b: 3},{a: [4]}"), (V{"{a: [1,2], b: 3}", "{a: [4]}"}));
  EXPECT_EQ(values("k={a: 'x,y'},b"), (V{"{a: 'x,y'}", "b"}));
  EXPECT_EQ(values("description='a,b',\"c,]d\",e"), (V{"'a,b'", "\"c,]d\"", "e"}));
  // Escapes inside quotes: \" in double quotes and '' in single quotes do not close them.
  EXPECT_EQ(values("d=\"a\\\",b\",c"), (V{"\"a\\\",b\"", "c"}));
  EXPECT_EQ(values("d='it''s, ok',c"), (V{"'it''s, ok'", "c"}));
  // An apostrophe inside a plain value is text, as in YAML.
  EXPECT_EQ(values("description=a,it's"), (V{"a", "it's"}));
  EXPECT_EQ(values("description=it's,bob's"), (V{"it's", "bob's"}));
  // So are a bracket and a quote that do not begin a value (outside brackets, after a colon).
  EXPECT_EQ(values("queues.0.name=x[1,y"), (V{"x[1", "y"}));
  EXPECT_EQ(values("queues.0.name=x:'a,b'"), (V{"x:'a", "b'"}));
  // The spaces around a value are not part of it (YAML ignores them): `2, 2` lists 2 twice.
  EXPECT_EQ(values("k=a, b ,c"), (V{"a", "b", "c"}));
  EXPECT_THROW(parse_sweep("device.compute_units=2, 2"), InputError);
  // An unclosed bracket or quote keeps the rest in one value, which the workload then refuses
  // as YAML; it never leaves the sweep without values (an unclosed quote once did, and compare
  // crashed).
  EXPECT_EQ(values("k=[1,2"), (V{"[1,2"}));
  EXPECT_EQ(values("seed='1"), (V{"'1"}));
  EXPECT_EQ(values("d=\"x,y"), (V{"\"x,y"}));
  EXPECT_THROW(parse_sweep("k=[1],"), InputError);  // the empty last value
}

// Lopez-Albelda et al. average each application's NTT over the runs first. Two runs of one
// policy: a 2 and 4, then a 4 and 2 -> both average 3: ANTT 3, DNTT 0, STP 1/3 + 1/3, fairness
// 1, although each run alone has DNTT 1. A failed run and another policy stay apart.
TEST(CompareApplications, EachApplicationIsAveragedOverTheRunsBeforeTheMetrics) {
  std::vector<RunSummary> runs(4);
  runs[0].policy = runs[1].policy = runs[2].policy = "p";
  runs[3].policy = "q";
  runs[0].application_ntt = {{"a", 2.0}, {"b", 4.0}};
  runs[1].application_ntt = {{"b", 2.0}, {"a", 4.0}};
  runs[2].application_ntt = {{"a", 100.0}, {"b", 100.0}};
  runs[2].status = RunStatus::deadlock;
  runs[3].application_ntt = {{"a", 1.0}, {"b", 3.0}};
  const auto rows = summarise_applications(runs);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].policy, "p");
  ASSERT_EQ(rows[0].mean_ntt.size(), 2u);
  EXPECT_EQ(rows[0].mean_ntt[0], (std::pair<std::string, double>{"a", 3.0}));
  EXPECT_EQ(rows[0].mean_ntt[1], (std::pair<std::string, double>{"b", 3.0}));
  EXPECT_DOUBLE_EQ(rows[0].metrics.antt, 3.0);
  EXPECT_DOUBLE_EQ(rows[0].metrics.dntt, 0.0);
  EXPECT_DOUBLE_EQ(rows[0].metrics.stp, 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(rows[0].metrics.fairness, 1.0);
  // q: NTT 1 and 3: ANTT 2, DNTT (population) 1, STP 1 + 1/3, fairness 1/3.
  EXPECT_DOUBLE_EQ(rows[1].metrics.antt, 2.0);
  EXPECT_DOUBLE_EQ(rows[1].metrics.dntt, 1.0);
  EXPECT_DOUBLE_EQ(rows[1].metrics.stp, 4.0 / 3.0);
  EXPECT_DOUBLE_EQ(rows[1].metrics.fairness, 1.0 / 3.0);
}

}  // namespace
}  // namespace aqlsim
