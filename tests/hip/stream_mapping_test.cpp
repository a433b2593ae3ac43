// The runtime-free parts of the HIP and CUDA executors: device clock conversion and how a plan
// maps onto streams and launches.
#include "hip_backend/gpu/stream_mapping.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "hip_backend/gpu/device_clock.hpp"

namespace aqlsim::hip {
namespace {

TEST(DeviceClock, MapsDeviceTicksOntoHostTicksAroundTheAnchor) {
  // 100 MHz; the device read 5000 at host 2 us (the middle of 1 us .. 3 us).
  const DeviceClock clock(100e6, {1 * kMicrosecond, 3 * kMicrosecond, 5000});
  EXPECT_EQ(clock.to_host(5000), 2 * kMicrosecond);
  EXPECT_EQ(clock.to_host(5100), 3 * kMicrosecond);  // 100 ticks: 1 us later
  EXPECT_EQ(clock.to_host(4900), 1 * kMicrosecond);  // before the anchor
  EXPECT_EQ(clock.uncertainty(), 1 * kMicrosecond);
}

// %globaltimer counts nanoseconds since 1970 (about 1.8e18 in 2026), where a double's step is
// 256: found on an H100, where 100,032-tick spins came back as 99,840 ns. Differences must be
// taken in integers before the conversion.
TEST(DeviceClock, KeepsEveryTickOfLargeEpochTimestamps) {
  const std::uint64_t epoch_ns = 1'795'000'000'123'456'789;
  const DeviceClock clock(1e9, {0, 2 * kMicrosecond, epoch_ns});
  EXPECT_EQ(clock.to_host(epoch_ns + 100'032) - clock.to_host(epoch_ns), 100'032 * kNanosecond);
  EXPECT_EQ(clock.to_host(epoch_ns + 1), kMicrosecond + kNanosecond);
  EXPECT_EQ(clock.to_host(epoch_ns - 1), kMicrosecond - kNanosecond);
}

TEST(DeviceClock, DurationsRoundUpToWholeDeviceTicks) {
  const DeviceClock clock(100e6, {});
  EXPECT_EQ(clock.device_ticks(50 * kMicrosecond), 5000u);
  EXPECT_EQ(clock.device_ticks(10 * kNanosecond + 1), 2u);  // never spins less than asked
  EXPECT_EQ(clock.device_ticks(0), 0u);
  EXPECT_EQ(clock.device_ticks(-5), 0u);
}

TEST(DeviceClock, MeasuresTheRateBetweenTwoSamples) {
  const ClockSample first{0, 2 * kMicrosecond, 1000};  // middle 1 us
  const ClockSample second{10 * kMillisecond, 10 * kMillisecond + 2 * kMicrosecond,
                           1000 + 1'000'000};  // middle 10 ms + 1 us: 1e6 ticks in 10 ms
  const DeviceClock clock = DeviceClock::measured(first, second);
  EXPECT_DOUBLE_EQ(clock.hz(), 100e6);
  EXPECT_EQ(clock.to_host(1000), kMicrosecond);
  EXPECT_THROW(DeviceClock::measured(second, first), std::invalid_argument);
  EXPECT_THROW(DeviceClock(0, first), std::invalid_argument);
}

LaunchPlan plan_with_priorities(std::vector<std::uint32_t> priorities) {
  LaunchPlan plan;
  for (std::uint32_t p : priorities)
    plan.queues.push_back({"q", p, {}, {}});
  return plan;
}

TEST(StreamMapping, PrioritiesSpreadOverTheDevicesRange) {
  // AMD: least 1, greatest -1.
  const LaunchPlan plan = plan_with_priorities({1, 3, 5});
  EXPECT_EQ(stream_priority(plan, 1, 1, -1), 1);
  EXPECT_EQ(stream_priority(plan, 3, 1, -1), 0);
  EXPECT_EQ(stream_priority(plan, 5, 1, -1), -1);
  // CUDA on an H100: least 0, greatest -5.
  EXPECT_EQ(stream_priority(plan, 5, 0, -5), -5);
  EXPECT_EQ(stream_priority(plan, 3, 0, -5), -3);  // halfway, -2.5 rounded away from zero
  // One priority among all queues: the default (least).
  EXPECT_EQ(stream_priority(plan_with_priorities({4, 4}), 4, 1, -1), 1);
}

TEST(StreamMapping, CuMasksRestrictOnlyWhenACuIsDisabled) {
  EXPECT_FALSE(restricts_cus({}));
  EXPECT_FALSE(restricts_cus({1, 1, 1}));
  EXPECT_TRUE(restricts_cus({1, 0, 1}));
  std::vector<std::uint8_t> mask(40, 0);
  mask[0] = mask[2] = mask[33] = 1;
  EXPECT_EQ(cu_mask_words(mask), (std::vector<std::uint32_t>{0b101, 0b10}));
}

TEST(StreamMapping, ABackendWithoutCuMasksRejectsAPlanThatRestrictsAQueue) {
  LaunchPlan plan = plan_with_priorities({1, 1});
  plan.queues[1].name = "masked";
  plan.queues[0].cu_mask = {1, 1};
  EXPECT_NO_THROW(reject_cu_masks(plan, "cuda"));  // every CU enabled: no restriction
  plan.queues[1].cu_mask = {1, 0};
  try {
    reject_cu_masks(plan, "cuda");
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("queue 'masked'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("cuda executor"), std::string::npos) << e.what();
  }
}

TEST(StreamMapping, PersistentLaunchesCoverEveryCuAndHoldTheirBroadcastWord) {
  PlannedDispatch d;
  d.workgroups = 1000;
  d.lds_bytes = 0;
  EXPECT_EQ(launch_workgroups(d, 104), 1000u);
  EXPECT_EQ(launch_lds_bytes(d), 0u);
  d.persistent_workers_per_cu = 2;
  EXPECT_EQ(launch_workgroups(d, 104), 208u);
  EXPECT_EQ(launch_lds_bytes(d), 4u);
  d.lds_bytes = 8192;
  EXPECT_EQ(launch_lds_bytes(d), 8192u);
}

TEST(StreamMapping, OnlyTheBuiltBucketsHaveKernels) {
  EXPECT_EQ(vgpr_bucket_index(32), 0u);
  EXPECT_EQ(vgpr_bucket_index(256), 3u);
  EXPECT_THROW(vgpr_bucket_index(96), std::invalid_argument);
}

}  // namespace
}  // namespace aqlsim::hip
