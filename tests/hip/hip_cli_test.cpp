// aqlsim hip through the real program: what it says without a GPU, and whole runs, comparisons
// and calibrations on the CPU-thread executor (a check of the plan, not a GPU measurement).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "tests/support/cli_fixture.hpp"

namespace {

using ::testing::HasSubstr;
using namespace aqlsim::testing;
using HipCli = CliFixture;

constexpr int kNoDevice = 7;

bool gpu_usable(const Result& info) {
  return info.status == 0;
}

TEST_F(HipCli, InfoNamesEveryBackendAndWhyItCannotRun) {
  const Result r = aqlsim("hip info");
  ASSERT_TRUE(r.status == 0 || r.status == kNoDevice) << r.err;
  for (const char* backend : {"hip:", "hsa:", "cuda:", "cpu: usable"})
    EXPECT_THAT(r.out, HasSubstr(backend)) << r.out;
  if (!gpu_usable(r)) {
    // Each GPU backend is either not built or says why it cannot run.
    for (const std::string& line : split_lines(r.out)) {
      if (line.starts_with("hip:") || line.starts_with("hsa:") || line.starts_with("cuda:")) {
        EXPECT_THAT(line, ::testing::AnyOf(HasSubstr("not built"), HasSubstr("not usable")));
      }
    }
    EXPECT_THAT(r.out, HasSubstr("reason:"));
  }
}

TEST_F(HipCli, WithoutAGpuRunExitsSevenWithEveryReasonAndTheWayOut) {
  if (gpu_usable(aqlsim("hip info"))) GTEST_SKIP() << "a GPU backend can run here";
  for (const char* command : {"run", "compare"}) {
    const Result r = aqlsim(std::string("hip ") + command + " " + quote(kQuickstart));
    EXPECT_EQ(r.status, kNoDevice) << command << ": " << r.err;
    for (const char* part : {"hip:", "hsa:", "cuda:", "--executor cpu"})
      EXPECT_THAT(r.err, HasSubstr(part)) << command;
    EXPECT_EQ(r.out, "");
  }
  const Result calibrate = aqlsim("hip calibrate");
  EXPECT_EQ(calibrate.status, kNoDevice) << calibrate.err;
}

// The cpu executor needs a thread for every CU and queue: without them it stops, saying why
// (it was an "internal error").
TEST_F(HipCli, ThreadsTheSystemRefusesAreNamedAsTheCause) {
  const Result r = launched(kNoThreads, "hip run " + quote(kQuickstart) + " --executor cpu");
  EXPECT_EQ(r.status, 1);
  EXPECT_THAT(r.err, HasSubstr("aqlsim: error: the system would not start a thread ("));
  EXPECT_THAT(r.err, HasSubstr("): a limit on processes, threads or memory\n"));
}

TEST_F(HipCli, BadInputIsExitTwo) {
  EXPECT_EQ(aqlsim("hip run " + quote(path("missing.yaml")) + " --executor cpu").status, 2);
  const Result period = aqlsim("hip run " + quote(kQuickstart) + " --executor cpu --evict-every 5");
  EXPECT_EQ(period.status, 2);
  EXPECT_THAT(period.err, HasSubstr("--evict-every 5"));
  const Result zero = aqlsim("hip run " + quote(kQuickstart) + " --executor cpu --evict-every 0us");
  EXPECT_EQ(zero.status, 2);
  EXPECT_THAT(zero.err, HasSubstr("--evict-every 0us: expected a positive duration with a unit, "
                                  "e.g. 1ms"));
  const Result cycles =
      aqlsim("hip run " + quote(kQuickstart) + " --executor cpu --evict-every 5000cy");
  EXPECT_EQ(cycles.status, 2);
  EXPECT_THAT(cycles.err, HasSubstr("--evict-every 5000cy: cycles depend on a device's clock"));
  EXPECT_EQ(aqlsim("hip run " + quote(kQuickstart) + " --executor fpga").status, 2);
  // NaN passes CLI11's range check: it was an internal error in the executor (exit 1).
  const Result nan = aqlsim("hip run " + quote(kQuickstart) + " --executor cpu --time-scale nan");
  EXPECT_EQ(nan.status, 2);
  EXPECT_THAT(nan.err, HasSubstr("--time-scale: expected a number, found nan"));
  const Result device = aqlsim("hip run " + quote(kQuickstart) + " --executor cpu --device 3");
  EXPECT_EQ(device.status, 2);
  EXPECT_THAT(device.err, HasSubstr("--device 3: the cpu executor has only device 0"));
  const std::string raw = write("raw.yaml",
                                "device: cdna\nkernels: [{name: k, wg_time: 1us}]\n"
                                "queues: [{name: q, packets: [{name: bad, raw_type: 7}]}]\n");
  const Result r = aqlsim("hip run " + quote(raw) + " --executor cpu");
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("raw.yaml:3:"));
}

TEST_F(HipCli, ACycleOfBarriersIsADeadlockNamedBeforeAnythingRuns) {
  // Each queue's barrier waits on the other queue's dispatch, which comes after that barrier.
  const std::string cycle = write("cycle.yaml",
                                  "kernels: [{name: k, workgroups: 2, wg_time: 10us}]\n"
                                  "queues:\n"
                                  "  - {name: a, packets: [{name: wa, barrier_and: [db]},\n"
                                  "                        {name: da, dispatch: k}]}\n"
                                  "  - {name: b, packets: [{name: wb, barrier_and: [da]},\n"
                                  "                        {name: db, dispatch: k}]}\n");
  for (const char* command : {"run", "compare"}) {
    const Result r =
        aqlsim(std::string("hip ") + command + " " + quote(cycle) + " --executor cpu --no-alone");
    EXPECT_EQ(r.status, 3) << command << ": " << r.err;
    EXPECT_THAT(r.err, HasSubstr("aqlsim: deadlock: the workload can never complete: 'wa' "
                                 "(queue 'a') waits for 'db' (queue 'b'), which waits for 'wb'"))
        << command;
  }
}

double end_of(const Json& json, const std::string& name) {
  for (const Json& k : json["kernels"]) {
    if (k["name"] == name) return k["end_us"].get<double>();
  }
  ADD_FAILURE() << "no kernel " << name;
  return 0;
}

TEST_F(HipCli, CpuExecutorRunsTheQuickstartWithEveryWorkGroupOnce) {
  const Result r = aqlsim("hip run " + quote(kQuickstart) + " --executor cpu --json " +
                          quote(path("m.json")) + " --trace " + quote(path("t.json")));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("CPU"));
  EXPECT_THAT(r.out, HasSubstr("c0"));
  const Json json = read_json("m.json");
  ASSERT_EQ(json["kernels"].size(), 4u);  // a0, a1, b0, c0
  for (const Json& k : json["kernels"]) {
    const Json& wgs = k["measured"]["workgroups"];
    ASSERT_EQ(wgs.size(), k["workgroups"].get<std::size_t>()) << k["name"];
    for (const Json& wg : wgs) {
      EXPECT_LE(k["start_us"].get<double>(), wg["start_us"].get<double>());
      EXPECT_LE(wg["start_us"].get<double>(), wg["end_us"].get<double>());
      EXPECT_LE(wg["end_us"].get<double>(), k["end_us"].get<double>());
      EXPECT_LT(wg["cu"].get<int>(), 8);  // the quickstart's 8 CUs
    }
    EXPECT_GT(k["ntt"].get<double>(), 0) << "alone runs give NTT";
  }
  // c0 sits behind a barrier-AND on a1 and b0.
  double c0_start = 0;
  for (const Json& k : json["kernels"]) {
    if (k["name"] == "c0") c0_start = k["start_us"].get<double>();
  }
  EXPECT_GE(c0_start, std::max(end_of(json, "a1"), end_of(json, "b0")));
  EXPECT_EQ(json["executor"]["name"], "cpu");
  EXPECT_NO_THROW(read_json("t.json"));
}

TEST_F(HipCli, CompareOnTheCpuExecutorPrintsEveryKernelAndTheMakespan) {
  const Result r = aqlsim("hip compare " + quote(kQuickstart) +
                          " --executor cpu --no-alone --csv " + quote(path("c.csv")));
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* kernel : {"a0", "a1", "b0", "c0", "makespan:"})
    EXPECT_THAT(r.out, HasSubstr(kernel));
  const std::vector<std::string> rows = split_lines(read_file(path("c.csv")));
  ASSERT_EQ(rows.size(), 5u);  // the header and four kernels
  EXPECT_TRUE(rows[0].starts_with("kernel,simulated_turnaround_us"));
}

// compare's CSV is opened before anything runs, as run's outputs are: an unwritable path is exit
// 2 at once, before the simulation and before the executor says where it runs, not after a
// measurement that may take minutes on a GPU.
TEST_F(HipCli, CompareRefusesAnUnwritableCsvBeforeRunning) {
  const std::string csv = path("no/such/dir/c.csv");
  const Result r = aqlsim("hip compare " + quote(kQuickstart) +
                          " --executor cpu --no-alone --csv " + quote(csv));
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err, "aqlsim: error: " + csv +
                       ": cannot write the CSV file: No such file or "
                       "directory\n");
  EXPECT_EQ(r.out, "");
}

// A barrier opens at 0; the plan took a signal starting below 0 for one already there, while the
// model waits for ever (HSA's barrier-AND compares with 0, and packets only decrement).
TEST_F(HipCli, ABarrierOnANegativeSignalIsRefusedAsTheModelNeverOpensIt) {
  const std::string negative = write("negative.yaml",
                                     "kernels: [{name: k, workgroups: 2, wg_time: 10us}]\n"
                                     "signals: [{name: s, initial: -1}]\n"
                                     "queues:\n"
                                     "  - {name: a, packets: [{name: w, barrier_and: [s]},\n"
                                     "                        {name: d, dispatch: k}]}\n");
  const Result r = aqlsim("hip run " + quote(negative) + " --executor cpu --no-alone");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_THAT(r.err, HasSubstr("barrier 'w' waits on signal 's', which starts at -1 and is "
                               "decremented by 0 packet(s)"));
  EXPECT_EQ(aqlsim("run " + quote(negative) + " --no-alone --quiet").status, 3);
}

// A two-CU device whose one queue may use CU 1 only.
const char* const kMaskedQueue =
    "device:\n"
    "  name: two\n"
    "  clock_mhz: 1000\n"
    "  compute_units: 2\n"
    "  wave_size: 64\n"
    "  cu: {simds: 1, waves_per_simd: 8, vgprs_per_simd: 1024, vgpr_granule: 1,\n"
    "       sgprs_per_simd: 0, lds_bytes: 65536, max_workgroups: 8}\n"
    "  front_end: {hw_queues: 1, quantum: 20us, packet_latency: 1us}\n"
    "kernels: [{name: k, workgroup_size: 64, vgprs: 1, wg_time: 200us, workgroups: 8}]\n"
    "queues: [{name: q, cu_mask: [1], packets: [{name: d, dispatch: k}]}]\n";

// Worker w stands for CU w % 2: workers 1 and 3 run the work-groups, and each is measured on
// CU 1 (worker 3's were recorded on a CU 3 the device does not have).
TEST_F(HipCli, CpuWorkersRecordTheCuTheyStandFor) {
  const std::string masked = write("masked.yaml", kMaskedQueue);
  const Result r =
      aqlsim("hip run " + quote(masked) + " --executor cpu --no-alone --cpu-workers 4 " +
             "--time-scale 0.1 --json " + quote(path("m.json")));
  ASSERT_EQ(r.status, 0) << r.err;
  const Json json = read_json("m.json");
  ASSERT_EQ(json["kernels"].size(), 1u);
  const Json& wgs = json["kernels"][0]["measured"]["workgroups"];
  ASSERT_EQ(wgs.size(), 8u);
  for (const Json& wg : wgs)
    EXPECT_EQ(wg["cu"].get<int>(), 1);
}

// One worker stands for CU 0 only, which the queue's mask leaves out: the option is bad input
// (it was an internal error, exit 1).
TEST_F(HipCli, TooFewCpuWorkersForACuMaskIsBadInput) {
  const std::string masked = write("masked.yaml", kMaskedQueue);
  const Result r =
      aqlsim("hip run " + quote(masked) + " --executor cpu --no-alone --cpu-workers 1");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err,
            "aqlsim: running on CPU threads (1 worker; a logic check, not a GPU)\n"
            "aqlsim: error: cpu executor: no worker may run dispatch 'd': queue 'q' enables no "
            "CU that one of the 1 worker (--cpu-workers) stands for\n");
}

// The model livelocks (kernel-cfs gives each of the two kernels 30 us, under kill, and a
// work-group takes longer): compare measured nothing against a part of a run and said 0.
TEST_F(HipCli, CompareStopsWithTheSimulationsStatusWhenItDoesNotComplete) {
  const std::string stuck =
      write("stuck.yaml",
            "device:\n"
            "  name: one\n"
            "  clock_mhz: 1000\n"
            "  compute_units: 1\n"
            "  wave_size: 64\n"
            "  cu: {simds: 1, waves_per_simd: 8, vgprs_per_simd: 1024, vgpr_granule: 1,\n"
            "       sgprs_per_simd: 0, lds_bytes: 65536, max_workgroups: 8}\n"
            "  front_end: {hw_queues: 2, quantum: 20us, packet_latency: 1us}\n"
            "  preemption: {mechanism: kill}\n"
            "kernels: [{name: k, workgroup_size: 64, vgprs: 1, wg_time: 100us, workgroups: 2}]\n"
            "queues:\n"
            "  - {name: a, packets: [{name: da, dispatch: k}]}\n"
            "  - {name: b, packets: [{name: db, dispatch: k}]}\n"
            "scheduling: {kernel: kernel-cfs, params: {kernel-cfs: {epoch_ms: 0.06}}}\n");
  const Result r = aqlsim("hip compare " + quote(stuck) + " --executor cpu --no-alone --csv " +
                          quote(path("c.csv")));
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_THAT(r.err, HasSubstr("aqlsim: the simulation did not complete, so nothing was "
                               "measured\naqlsim: deadlock: "));
  EXPECT_THAT(r.err, HasSubstr("livelock: the kernel of queue 'a', packet 0 was evicted"));
  EXPECT_EQ(r.out, "");
  EXPECT_FALSE(std::filesystem::exists(path("c.csv")));
}

TEST_F(HipCli, RepeatRunsTheWorkloadAndSaysTheMakespanRange) {
  const Result r = aqlsim("hip compare " + quote(kQuickstart) +
                          " --executor cpu --no-alone --repeat 3 --time-scale 0.01");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_THAT(r.err, HasSubstr("measured makespans of 3 runs:"));
  EXPECT_EQ(aqlsim("hip run " + quote(kQuickstart) + " --executor cpu --repeat 0").status, 2);
}

TEST_F(HipCli, CalibrateOnTheCpuExecutorWritesADeviceFile) {
  const Result r = aqlsim("hip calibrate --executor cpu -o " + quote(path("dev.yaml")));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string yaml = read_file(path("dev.yaml"));
  EXPECT_THAT(yaml, HasSubstr("packet_latency:"));
  EXPECT_THAT(yaml, HasSubstr("preset:"));
}

// As run's outputs: an unwritable -o is exit 2 before the executor is made or measures anything.
// It came after: without a GPU the hip executor's exit 7 hid it, and on one it came after the
// calibration's runs.
TEST_F(HipCli, CalibrateRefusesAnUnwritableOutputBeforeMakingTheExecutor) {
  const std::string out = path("no/such/dir/dev.yaml");
  for (const char* executor : {"cpu", "hip"}) {
    const Result r =
        aqlsim(std::string("hip calibrate --executor ") + executor + " -o " + quote(out));
    EXPECT_EQ(r.status, 2) << executor << ": " << r.err;
    EXPECT_EQ(r.err, "aqlsim: error: " + out +
                         ": cannot write the device YAML file: No such file or directory\n");
  }
}

}  // namespace
