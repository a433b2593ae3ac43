// Bad devices, scheduling sections and --set options (see load_errors_test.cpp for the method).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/input/load_error_support.hpp"

namespace aqlsim {
namespace {

using ::testing::EndsWith;
using testing::expect_at;
using ::testing::HasSubstr;
using testing::kFile;
using testing::lines;
using testing::load_error;
using ::testing::Not;
using ::testing::StartsWith;

// ---------------------------------------------------------------------------------------------
// Device and scheduling

TEST(LoadErrors, UnknownDevicePreset) {
  const InputError e = load_error(lines({
      "device: gtx580",
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q}]",
  }));
  // "device: gtx580": the name at column 9.
  expect_at(e, 1, 9);
  EXPECT_THAT(e.detail(), StartsWith("no device preset named 'gtx580'; presets: "));
  EXPECT_THAT(e.detail(), HasSubstr("gtx480"));
}

TEST(LoadErrors, UnknownWorkgroupTiming) {
  const InputError e = load_error(lines({
      "device: {preset: cdna, cu: {timing: shared}}",
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q}]",
  }));
  // The value "shared" at column 37.
  expect_at(e, 1, 37);
  EXPECT_THAT(e.detail(),
              StartsWith("unknown timing 'shared'; expected at-dispatch or processor-sharing"));
}

TEST(LoadErrors, UnknownPolicyNameSuggestsTheNearestPolicy) {
  const InputError e = load_error(lines({
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q}]",
      "scheduling:",
      "  queue_mapping: rr-idel",
  }));
  // "  queue_mapping: rr-idel": the value at column 18.
  expect_at(e, 4, 18);
  // The list names every queue-mapping policy and no thread-block one.
  EXPECT_THAT(e.detail(), StartsWith("unknown queue-mapping policy 'rr-idel' (did you mean "
                                     "'rr-idle'?); expected one of: rr-timeslice, rr-idle, "));
  EXPECT_THAT(e.detail(), Not(HasSubstr("fifo")));
  EXPECT_THAT(e.detail(), EndsWith("(at 'scheduling.queue_mapping')"));
}

TEST(LoadErrors, PolicyOfTheWrongKind) {
  const InputError e = load_error(lines({
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q}]",
      "scheduling:",
      "  queue_mapping: fifo-backfill",
  }));
  expect_at(e, 4, 18);
  EXPECT_EQ(e.detail(),
            "'fifo-backfill' is a thread-block policy, not a queue-mapping policy "
            "(at 'scheduling.queue_mapping')");
}

TEST(LoadErrors, UnknownPolicyParameter) {
  const InputError e = load_error(lines({
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q}]",
      "scheduling:",
      "  params:",
      "    rr-idle:",
      "      swaps: 2",
  }));
  expect_at(e, 6, 7);
  EXPECT_EQ(e.detail(),
            "unknown key 'swaps' (did you mean 'swaps_per_quantum'?); expected one of: "
            "swaps_per_quantum (at "
            "'scheduling.params.rr-idle.swaps')");
}

TEST(LoadErrors, ParameterOfAPolicyWithoutParametersSaysItHasNone) {
  const InputError e = load_error(lines({
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q}]",
      "scheduling:",
      "  params:",
      "    rr-timeslice: {x: 1}",
  }));
  // "    rr-timeslice: {x": '{' at column 19, the key at 20.
  expect_at(e, 5, 20);
  EXPECT_THAT(e.detail(), Not(HasSubstr("expected one of:  ")));
  EXPECT_THAT(e.detail(), HasSubstr("nothing may be set here"));
}

TEST(LoadErrors, KernelWhoseWorkgroupFitsOnNoComputeUnitNamesLds) {
  // Default device: 64 KiB of LDS per CU.
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "  - name: big",
      "    lds_bytes: 70000",
      "    wg_time: 10us",
      "queues: [{name: q}]",
  }));
  // The kernel's map starts at its first key.
  expect_at(e, 3, 5);
  EXPECT_THAT(e.detail(), StartsWith("kernel 'big': a work-group (4 waves of 32 VGPRs, 0 SGPRs, "
                                     "70000 bytes LDS) fits on no compute unit: LDS limits "
                                     "residency to 0"));
}

TEST(LoadErrors, KernelWhoseWorkgroupFitsOnNoComputeUnitNamesRegisters) {
  // Default device: 512 VGPRs per SIMD; a wave of 600 cannot be placed anywhere.
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: fat, vgprs: 600, wg_time: 10us}",
      "queues: [{name: q}]",
  }));
  expect_at(e, 2, 5);
  EXPECT_THAT(e.detail(), HasSubstr("kernel 'fat'"));
  EXPECT_THAT(e.detail(), HasSubstr("registers limits residency to 0"));
}

TEST(LoadErrors, DispatchWhoseWorkgroupSizeOverrideFitsOnNoComputeUnit) {
  // Default device: 4 SIMDs x 10 wave slots = 40 waves per CU; 4096 work-items are 64 waves.
  const InputError e = load_error(lines({
      "kernels:",
      "  - {name: k, wg_time: 10us}",
      "queues:",
      "  - name: q",
      "    packets:",
      "      - {name: p0, dispatch: k}",
      "      - {name: p1, dispatch: k, workgroup_size: 4096}",
  }));
  // The error points at the packet that asks for the override, not at the kernel.
  expect_at(e, 7, 9);
  EXPECT_THAT(e.detail(), StartsWith("kernel 'k': a work-group (64 waves of 32 VGPRs"));
  EXPECT_THAT(e.detail(), HasSubstr("wave slots limits residency to 0"));
}

TEST(LoadErrors, QuantumNotLongerThanMapPlusUnmapLatency) {
  const InputError e = load_error(lines({
      "device:",
      "  front_end: {quantum: 10us, map_latency: 4us, unmap_latency: 6us}",
      "kernels: [{name: k, wg_time: 10us}]",
      "queues: [{name: q}]",
  }));
  // "  front_end: {quantum: 10us": the value at column 24.
  expect_at(e, 2, 24);
  EXPECT_EQ(e.detail(),
            "the quantum (10us) must be longer than map_latency + unmap_latency (10us) "
            "(at 'device.front_end.quantum')");
}

TEST(LoadErrors, QuantumJustLongerThanMapPlusUnmapLatencyIsAccepted) {
  EXPECT_NO_THROW(load_scenario_text(
      lines({
          "device:",
          "  front_end: {quantum: 10us, map_latency: 4us, unmap_latency: 5999ns}",
          "kernels: [{name: k, wg_time: 10us}]",
          "queues: [{name: q}]",
      }),
      kFile));
}

// ---------------------------------------------------------------------------------------------
// --set overrides: the error's "file" is the option.

const std::string kValid = lines({
    "kernels: [{name: k, wg_time: 10us}]",
    "queues:",
    "  - name: q",
    "    packets: [{dispatch: k}]",
    "seed: 3",
});

TEST(LoadErrors, SetWithAPathToAMissingListElement) {
  const InputError e = load_error(kValid, {"kernels.nope.wg_time=1us"});
  expect_at(e, "--set kernels.nope.wg_time=1us", 0, 0);
  EXPECT_EQ(e.detail(), "'kernels' has no element 'nope'");
  EXPECT_EQ(std::string(e.what()),
            "--set kernels.nope.wg_time=1us: 'kernels' has no element 'nope'");
}

TEST(LoadErrors, SetWithAPathThroughASingleValue) {
  const InputError e = load_error(kValid, {"seed.x=1"});
  expect_at(e, "--set seed.x=1", 0, 0);
  EXPECT_EQ(e.detail(), "'seed' is a single value, it has no key 'x'");
}

TEST(LoadErrors, SetWithoutAnEqualsSign) {
  const InputError e = load_error(kValid, {"device.compute_units"});
  expect_at(e, "--set device.compute_units", 0, 0);
  EXPECT_EQ(e.detail(), "expected key.path=value");
}

TEST(LoadErrors, SetWithAValueOfTheWrongType) {
  const InputError e = load_error(kValid, {"device.compute_units=many"});
  expect_at(e, "--set device.compute_units=many", 0, 0);
  EXPECT_EQ(e.detail(), "expected an integer, found 'many' (at 'device.compute_units')");
}

TEST(LoadErrors, SetOfAnInvalidValueFoundByName) {
  // queues.q is the queue named q; the canonical path is queues.0.size.
  const InputError e = load_error(kValid, {"queues.q.size=48"});
  expect_at(e, "--set queues.q.size=48", 0, 0);
  EXPECT_EQ(e.detail(), "a queue size must be a power of two, found 48 (at 'queues.0.size')");
}

TEST(LoadErrors, SetOfAnUnknownKey) {
  const InputError e = load_error(kValid, {"device.bogus=1"});
  expect_at(e, "--set device.bogus=1", 0, 0);
  EXPECT_THAT(e.detail(), StartsWith("unknown key 'bogus'"));
}

TEST(LoadErrors, AQuantumBelowAHundredNanosecondsIsAnError) {
  const InputError e = load_error(kValid, {"device.front_end.quantum=99ns"});
  EXPECT_EQ(e.where().file, "--set device.front_end.quantum=99ns") << e.what();
  EXPECT_THAT(e.detail(), StartsWith("the quantum (99ns) must be at least 100ns"));
  EXPECT_NO_THROW(load_scenario_text(kValid, "w.yaml", {"device.front_end.quantum=100ns"}));
}

TEST(LoadErrors, SetOfAQuantumTooShortNamesTheOption) {
  const InputError e = load_error(kValid, {"device.front_end.quantum=0"});
  EXPECT_EQ(e.where().file, "--set device.front_end.quantum=0") << e.what();
  EXPECT_THAT(e.detail(), HasSubstr("must be longer than map_latency + unmap_latency"));
}

// `aqlsim run --help` shows `--set queues.0.priority=3`: an unnamed queue is found by position
// (its default name q0 is given only after reading, so --set cannot use it).
TEST(LoadErrors, SetFindsAnUnnamedQueueByPosition) {
  const std::string unnamed = lines({
      "kernels: [{name: k, wg_time: 10us}]",
      "queues:",
      "  - packets: [{dispatch: k}]",
  });
  const Scenario s = load_scenario_text(unnamed, kFile, {"queues.0.priority=3"});
  EXPECT_EQ(s.queues.at(0).name, "q0");
  EXPECT_EQ(s.queues.at(0).priority, 3u);
}

}  // namespace
}  // namespace aqlsim
