// Bad preemption settings, CU masks, persistent kernels and kernel-scheduler parameters (see
// load_errors_test.cpp for the method): each names the file, line and column.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "scenario/runner.hpp"
#include "scenario/scenario_reader.hpp"
#include "tests/input/load_error_support.hpp"

namespace aqlsim {
namespace {

using testing::expect_at;
using ::testing::HasSubstr;
using testing::lines;
using testing::load_error;
using ::testing::StartsWith;

// What check_preemption finds in `yaml` as loaded. Loading alone does not check: the scheduler
// may yet be replaced (--policy, compare's policies).
InputError preemption_error(const std::string& yaml) {
  const Scenario loaded = load_scenario_text(yaml, testing::kFile);
  try {
    check_preemption(loaded);
  } catch (const InputError& e) {
    return e;
  }
  ADD_FAILURE() << "expected an InputError for:\n" << yaml;
  return InputError({}, "no error");
}

TEST(PreemptionErrors, DrainOnAKernelThatIsNotPersistentSaysHowToMakeItOne) {
  const InputError e = preemption_error(lines({
      "kernels: [{name: k, wg_time: 10us}]",
      "queues:",
      "  - name: q",
      "    packets: [{dispatch: k}]",
      "scheduling: {kernel: kernel-rr}",
  }));
  // At the kernel, what to change: its map "{name: k" at line 1, column 11 (the dispatch may be a
  // task of an imported graph, which was placed at the graph's line and not the workload's).
  expect_at(e, 1, 11);
  EXPECT_THAT(e.detail(), StartsWith("kernel 'k' (dispatched by packet 'q.0') is not a "
                                     "persistent-thread kernel"));
  EXPECT_THAT(e.detail(), HasSubstr("persistent: {workers_per_cu: N}"));
  EXPECT_THAT(e.detail(), HasSubstr("context-save or kill"));
}

// A file whose own scheduler fails the checks is loaded, and runs under another one.
TEST(PreemptionErrors, AFilesSchedulerReplacedBeforeTheRunIsNotChecked) {
  Scenario s = load_scenario_text(lines({
                                      "kernels: [{name: k, wg_time: 10us}]",
                                      "queues: [{name: q, packets: [{dispatch: k}]}]",
                                      "scheduling: {kernel: kernel-rr}",
                                  }),
                                  testing::kFile);
  EXPECT_THROW(run_scenario(s), InputError);
  ASSERT_TRUE(s.policies.select("none"));
  EXPECT_EQ(run_scenario(s).outcome.status, RunStatus::completed);
}

// kernel-fcfs never evicts, so drain asks nothing of its kernels: a plain kernel runs under it,
// its one work-group taking its 10 us.
TEST(PreemptionErrors, ASchedulerThatNeverEvictsNeedsNoPersistentKernels) {
  const Scenario s =
      load_scenario_text(lines({
                             "device: cdna",
                             "kernels: [{name: k, wg_time: 10us, rsd: 0, contention: 0}]",
                             "queues: [{name: q, packets: [{dispatch: k}]}]",
                             "scheduling: {kernel: kernel-fcfs}",
                         }),
                         testing::kFile);
  EXPECT_NO_THROW(check_preemption(s));
  const RunReport r = run_scenario(s);
  ASSERT_EQ(r.outcome.status, RunStatus::completed);
  ASSERT_EQ(r.kernels.size(), 1u);
  EXPECT_EQ(r.kernels[0].evictions, 0u);
  EXPECT_EQ(r.kernels[0].end - r.kernels[0].start, 10 * kMicrosecond);
}

TEST(PreemptionErrors, DrainIsCheckedWhenTheSchedulerIsChosenAfterLoading) {
  Scenario s = load_scenario_text(lines({
                                      "kernels: [{name: k, wg_time: 10us}]",
                                      "queues: [{name: q, packets: [{dispatch: k}]}]",
                                  }),
                                  testing::kFile);
  ASSERT_TRUE(s.policies.select("kernel-frs"));
  EXPECT_THROW(run_scenario(s), InputError);
}

TEST(PreemptionErrors, QuantumShorterThanTheTransfers) {
  const InputError e = preemption_error(lines({
      "device: {preset: cdna, preemption: {mechanism: kill}}",
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q, packets: [{dispatch: k}]}]",
      "scheduling:",
      "  kernel: kernel-rr",
      "  params: {kernel-rr: {quantum_ms: 0.02}}",
  }));
  // "0.02" at line 6, column 36: 20 us against 3 x 10 us of transfers.
  expect_at(e, 6, 36);
  EXPECT_THAT(e.detail(), StartsWith("kernel-rr quantum_ms (20us) is shorter than an eviction "
                                     "and a relaunch cost in transfers"));
  EXPECT_THAT(e.detail(), HasSubstr("= 30us"));
}

// 0.0157 ms is 15699999.999999998 ps as a double: the policy rounds it to 15.7 us, the check
// once truncated it to 1 ps less and refused a quantum equal to the transfers.
TEST(PreemptionErrors, AQuantumIsCheckedAsThePolicyRoundsIt) {
  const Scenario s = load_scenario_text(
      lines({
          "device: {preset: cdna, preemption: {mechanism: kill, eviction_command: 15.7us, "
          "pending_read: 0us, launch_command: 0us}}",
          "kernels: [{name: k, wg_time: 10us}]",
          "queues: [{name: q, packets: [{dispatch: k}]}]",
          "scheduling: {kernel: kernel-rr, params: {kernel-rr: {quantum_ms: 0.0157}}}",
      }),
      testing::kFile);
  EXPECT_NO_THROW(check_preemption(s));
}

TEST(PreemptionErrors, UnknownMechanism) {
  const InputError e = load_error(lines({
      "device: {preset: cdna, preemption: {mechanism: swap}}",
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q}]",
  }));
  expect_at(e, 1, 48);
  EXPECT_EQ(e.detail(),
            "unknown preemption mechanism 'swap'; expected drain, context-save or kill (at "
            "'device.preemption.mechanism')");
}

TEST(PreemptionErrors, MoreWorkersPerCuThanFit) {
  // cdna: 256 VGPRs per SIMD, 32 per wave: 8 waves per SIMD, 32 per CU; 256 work-items = 4
  // waves, so 8 work-groups fit (registers limit them before the 10 wave slots do).
  const InputError e = load_error(lines({
      "device: cdna",
      "kernels:",
      "  - {name: k, workgroup_size: 256, vgprs: 32, wg_time: 10us,",
      "     persistent: {workers_per_cu: 12}}",
      "queues: [{name: q}]",
  }));
  expect_at(e, 3, 5);
  EXPECT_THAT(
      e.detail(),
      StartsWith(
          "kernel 'k': 12 persistent workers per CU cannot be "
          "resident at once: at most 8 of its work-groups fit on a CU (registers limits it)"));
}

TEST(PreemptionErrors, CuMaskSelectingNoCu) {
  const InputError e = load_error(lines({
      "device: {preset: cdna, compute_units: 8}",
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q, cu_mask: []}]",
  }));
  expect_at(e, 3, 29);
  EXPECT_THAT(e.detail(), StartsWith("the CU mask selects no CU"));
}

TEST(PreemptionErrors, CuMaskNamingACuThatDoesNotExist) {
  const InputError e = load_error(lines({
      "device: {preset: cdna, compute_units: 8}",
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q, cu_mask: [0, \"4-8\"]}]",
  }));
  expect_at(e, 3, 33);
  EXPECT_THAT(e.detail(), StartsWith("CU 8 does not exist: the device has CUs 0 to 7"));
}

TEST(PreemptionErrors, CuMaskRangeThatIsReversed) {
  const InputError e = load_error(lines({
      "device: {preset: cdna, compute_units: 8}",
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q, cu_mask: [\"7-3\"]}]",
  }));
  expect_at(e, 3, 30);
  EXPECT_THAT(e.detail(), StartsWith("'7-3': a range goes from the lower CU to the higher"));
}

TEST(PreemptionErrors, CuMaskEntryThatIsNotARange) {
  const InputError e = load_error(lines({
      "device: {preset: cdna, compute_units: 8}",
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q, cu_mask: [2-x]}]",
  }));
  expect_at(e, 3, 30);
  EXPECT_THAT(e.detail(), StartsWith("expected a CU index or a range such as 0-7, found '2-x'"));
}

TEST(PreemptionErrors, SchedulerParameterOutOfRange) {
  const InputError e = load_error(lines({
      "kernels: [{name: k, wg_time: 10us, persistent: {workers_per_cu: 1}}]",
      "queues: [{name: q}]",
      "scheduling: {kernel: kernel-cfs, params: {kernel-cfs: {epoch_ms: -4}}}",
  }));
  expect_at(e, 3, 66);
  EXPECT_THAT(e.detail(), HasSubstr("-4"));
}

}  // namespace
}  // namespace aqlsim
