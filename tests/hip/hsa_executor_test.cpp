// The HSA executor: its pure parts exactly (packet bytes by the HSA spec's bit positions,
// dependency lowering, queue settings, kernel arguments, clock conversion), its behaviour
// without a GPU, and a small plan on a GPU when one is present.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <hsa/hsa.h>

#include <cstring>

#include "config/input_error.hpp"
#include "hip_backend/executor.hpp"
#include "hip_backend/gpu/device_clock.hpp"
#include "hip_backend/gpu/hsa_packets.hpp"
#include "hip_backend/gpu/hsa_runtime.hpp"

namespace aqlsim::hip {
namespace {

using ::testing::HasSubstr;

template <class T>
T read_at(const AqlPacket& packet, std::size_t offset) {
  T value{};
  std::memcpy(&value, packet.bytes.data() + offset, sizeof value);
  return value;
}

PlannedDispatch spin_dispatch(std::uint64_t workgroups, std::uint32_t workgroup_size) {
  PlannedDispatch d;
  d.name = "k";
  d.kernel = "spin";
  d.workgroups = workgroups;
  d.workgroup_size = workgroup_size;
  d.vgpr_bucket = 64;
  d.durations.assign(workgroups, kMicrosecond);
  return d;
}

TEST(HsaPackets, DispatchPacketFieldsAtTheSpecOffsets) {
  auto d = spin_dispatch(10, 256);
  d.lds_bytes = 1024;
  const KernelCode kernel{
      .object = 0xABCDEF00, .kernarg_bytes = 16, .group_bytes = 512, .private_bytes = 32};
  int kernarg = 0;
  const auto p = dispatch_packet(d, 10, kernel, &kernarg, hsa_signal_t{0x1234}, true, "w.yaml");
  // header: type KERNEL_DISPATCH (2) in bits 0-7, barrier in bit 8, acquire and release fence
  // scope SYSTEM (2) in bits 9-10 and 11-12.
  EXPECT_EQ(read_at<std::uint16_t>(p, 0), 2 | 1 << 8 | 2 << 9 | 2 << 11);
  EXPECT_EQ(read_at<std::uint16_t>(p, 2), 1);    // setup: one dimension
  EXPECT_EQ(read_at<std::uint16_t>(p, 4), 256);  // workgroup_size_x, y, z
  EXPECT_EQ(read_at<std::uint16_t>(p, 6), 1);
  EXPECT_EQ(read_at<std::uint16_t>(p, 8), 1);
  EXPECT_EQ(read_at<std::uint32_t>(p, 12), 2560u);  // grid_size_x = 10 x 256, y, z
  EXPECT_EQ(read_at<std::uint32_t>(p, 16), 1u);
  EXPECT_EQ(read_at<std::uint32_t>(p, 20), 1u);
  EXPECT_EQ(read_at<std::uint32_t>(p, 24), 32u);    // private_segment_size
  EXPECT_EQ(read_at<std::uint32_t>(p, 28), 1536u);  // group: the kernel's 512 + 1024 dynamic
  EXPECT_EQ(read_at<std::uint64_t>(p, 32), 0xABCDEF00u);
  EXPECT_EQ(read_at<void*>(p, 40), &kernarg);
  EXPECT_EQ(read_at<std::uint64_t>(p, 56), 0x1234u);

  const auto unordered = dispatch_packet(d, 10, kernel, &kernarg, hsa_signal_t{0}, false, "");
  EXPECT_EQ(read_at<std::uint16_t>(unordered, 0), 2 | 2 << 9 | 2 << 11);
}

TEST(HsaPackets, DispatchGeometryThatDoesNotFitThePacketIsAnInputError) {
  const KernelCode kernel;
  EXPECT_THROW(dispatch_packet(spin_dispatch(1, 65536), 1, kernel, nullptr, {0}, false, "w"),
               InputError);
  // 2^23 work-groups of 1024 work-items: 2^33 work-items overflow grid_size_x.
  EXPECT_THROW(dispatch_packet(spin_dispatch(1, 1024), 1u << 23, kernel, nullptr, {0}, false, "w"),
               InputError);
  EXPECT_NO_THROW(
      dispatch_packet(spin_dispatch(1, 1024), (1u << 22) - 1, kernel, nullptr, {0}, false, "w"));
}

TEST(HsaPackets, KernelSymbolAndPersistentGrid) {
  auto d = spin_dispatch(100, 64);
  EXPECT_EQ(kernel_symbol(d), "aqlsim_spin_v64.kd");
  EXPECT_EQ(launch_workgroups(d, 8), 100u);
  d.persistent_workers_per_cu = 2;
  d.vgpr_bucket = 128;
  EXPECT_EQ(kernel_symbol(d), "aqlsim_persistent_v128.kd");
  EXPECT_EQ(launch_workgroups(d, 8), 16u);  // workers, not tasks
}

PlanOp barrier(PlanOpKind kind, std::uint32_t dependencies) {
  PlanOp op;
  op.kind = kind;
  op.name = "b";
  for (std::uint32_t i = 0; i < dependencies; ++i)
    op.waits_for.push_back(100 + i);
  return op;
}

std::vector<std::uint32_t> ops(std::uint32_t first, std::uint32_t count) {
  std::vector<std::uint32_t> v;
  for (std::uint32_t i = 0; i < count; ++i)
    v.push_back(first + i);
  return v;
}

TEST(HsaPackets, BarrierAndOverMoreThanFiveBecomesASeriesOfAnds) {
  using S = BarrierStep;
  const auto kind = PlanOpKind::barrier_and;
  EXPECT_EQ(lower_barrier(barrier(kind, 0), ""),
            (std::vector{S{.any = false, .waits_for = {}, .completes_op = true}}));
  EXPECT_EQ(lower_barrier(barrier(kind, 1), ""),
            (std::vector{S{.any = false, .waits_for = {100}, .completes_op = true}}));
  EXPECT_EQ(lower_barrier(barrier(kind, 5), ""),
            (std::vector{S{.any = false, .waits_for = ops(100, 5), .completes_op = true}}));
  EXPECT_EQ(lower_barrier(barrier(kind, 6), ""),
            (std::vector{S{.any = false, .waits_for = ops(100, 5), .completes_op = false},
                         S{.any = false, .waits_for = {105}, .completes_op = true}}));
  EXPECT_EQ(lower_barrier(barrier(kind, 11), ""),
            (std::vector{S{.any = false, .waits_for = ops(100, 5), .completes_op = false},
                         S{.any = false, .waits_for = ops(105, 5), .completes_op = false},
                         S{.any = false, .waits_for = {110}, .completes_op = true}}));
}

TEST(HsaPackets, BarrierOrIsOnePacketUpToFiveAndRejectedBeyond) {
  using S = BarrierStep;
  const auto kind = PlanOpKind::barrier_or;
  // Nothing to wait for: satisfied at once, which an empty barrier-AND is.
  EXPECT_EQ(lower_barrier(barrier(kind, 0), ""),
            (std::vector{S{.any = false, .waits_for = {}, .completes_op = true}}));
  EXPECT_EQ(lower_barrier(barrier(kind, 1), ""),
            (std::vector{S{.any = true, .waits_for = {100}, .completes_op = true}}));
  EXPECT_EQ(lower_barrier(barrier(kind, 5), ""),
            (std::vector{S{.any = true, .waits_for = ops(100, 5), .completes_op = true}}));
  for (std::uint32_t n : {6u, 11u}) {
    try {
      lower_barrier(barrier(kind, n), "w.yaml");
      ADD_FAILURE() << "a barrier-or over " << n << " packets was lowered";
    } catch (const InputError& e) {
      EXPECT_EQ(e.where().file, "w.yaml");
      EXPECT_THAT(e.detail(), HasSubstr("barrier-or 'b' waits for " + std::to_string(n)));
      EXPECT_THAT(e.detail(), HasSubstr("at most 5"));
    }
  }
}

TEST(HsaPackets, BarrierBitAfterEvictablePersistentKernelsWaitsForThemExplicitly) {
  using S = BarrierStep;
  PlanOp op;
  op.name = "after";
  op.barrier_bit = true;
  const std::vector<std::uint32_t> seven = ops(100, 7);
  EXPECT_EQ(relaunch_waits(op, seven, true, ""),
            (std::vector{S{.any = false, .waits_for = ops(100, 5), .completes_op = false},
                         S{.any = false, .waits_for = {105, 106}, .completes_op = false}}));
  EXPECT_TRUE(relaunch_waits(op, seven, false, "").empty());  // no eviction: no relaunch
  EXPECT_TRUE(relaunch_waits(op, {}, true, "").empty());
  op.barrier_bit = false;
  EXPECT_TRUE(relaunch_waits(op, seven, true, "").empty());
}

TEST(HsaPackets, BarrierPacketsCarryTheDependenciesSignalsAtTheSpecOffsets) {
  // Ops 0-6 have completion signals 0x10 ... 0x16.
  std::vector<hsa_signal_t> signals;
  for (std::uint64_t i = 0; i < 7; ++i)
    signals.push_back({0x10 + i});
  const BarrierStep last{.any = true, .waits_for = {6, 2}, .completes_op = true};
  const auto p = barrier_step_packet(last, signals, hsa_signal_t{0x99}, true);
  // header: type BARRIER_OR (5), barrier bit 8, SYSTEM (2) acquire and release fence scopes
  EXPECT_EQ(read_at<std::uint16_t>(p, 0), 5 | 1 << 8 | 2 << 9 | 2 << 11);
  EXPECT_EQ(read_at<std::uint64_t>(p, 8), 0x16u);  // dep_signal[0], [1], then null
  EXPECT_EQ(read_at<std::uint64_t>(p, 16), 0x12u);
  for (std::size_t slot = 2; slot < 5; ++slot)
    EXPECT_EQ(read_at<std::uint64_t>(p, 8 + 8 * slot), 0u);
  EXPECT_EQ(read_at<std::uint64_t>(p, 56), 0x99u);  // completion_signal

  const BarrierStep first{.any = false, .waits_for = {0, 1, 2, 3, 4}, .completes_op = false};
  const auto q = barrier_step_packet(first, signals, hsa_signal_t{0x99}, false);
  EXPECT_EQ(read_at<std::uint16_t>(q, 0), 3 | 2 << 9 | 2 << 11);  // BARRIER_AND, no barrier bit
  for (std::size_t slot = 0; slot < 5; ++slot)
    EXPECT_EQ(read_at<std::uint64_t>(q, 8 + 8 * slot), 0x10u + slot);
  EXPECT_EQ(read_at<std::uint64_t>(q, 56), 0u);  // not the op's last packet: no signal
}

TEST(HsaPackets, CuMaskWordsHoldCuIInBitIMod32OfWordIDiv32) {
  EXPECT_TRUE(cu_mask_words({}, "").empty());
  EXPECT_EQ(cu_mask_words({1, 0, 1}, ""), (std::vector<std::uint32_t>{0b101}));
  std::vector<std::uint8_t> mask(33, 0);
  mask[1] = mask[31] = mask[32] = 1;
  EXPECT_EQ(cu_mask_words(mask, ""), (std::vector<std::uint32_t>{0x80000002u, 0x1u}));
  EXPECT_EQ(cu_mask_words(std::vector<std::uint8_t>(64, 1), ""),
            (std::vector<std::uint32_t>{0xFFFFFFFFu, 0xFFFFFFFFu}));
  EXPECT_THROW(cu_mask_words({0, 0, 0}, ""), InputError);
  EXPECT_EQ(enabled_cus({}, 104), 104u);
  EXPECT_EQ(enabled_cus(mask, 104), 3u);
  EXPECT_EQ(enabled_cus(mask, 32), 2u);  // CU 32 is not on a 32-CU device
}

TEST(HsaPackets, PriorityMapsToTheRuntimesThreeLevels) {
  EXPECT_EQ(queue_priority(0), HSA_AMD_QUEUE_PRIORITY_LOW);
  EXPECT_EQ(queue_priority(1), HSA_AMD_QUEUE_PRIORITY_NORMAL);
  EXPECT_EQ(queue_priority(2), HSA_AMD_QUEUE_PRIORITY_HIGH);
  EXPECT_EQ(queue_priority(100), HSA_AMD_QUEUE_PRIORITY_HIGH);
}

TEST(HsaPackets, RingHoldsEveryPacketWithinTheAgentsLimits) {
  EXPECT_EQ(ring_size(0, 64, 131072), 64u);
  EXPECT_EQ(ring_size(3, 64, 131072), 64u);
  EXPECT_EQ(ring_size(64, 64, 131072), 64u);
  EXPECT_EQ(ring_size(65, 64, 131072), 128u);
  EXPECT_EQ(ring_size(1'000'000, 64, 131072), 131072u);
}

TEST(HsaPackets, KernargImageAddsCodeObjectV5HiddenArguments) {
  const std::array<std::byte, 16> args{std::byte{1}, std::byte{2}};
  const auto v4 = kernarg_image(args, 56, 2, 10, 256);
  ASSERT_EQ(v4.size(), 56u);
  EXPECT_EQ(v4[0], std::byte{1});
  EXPECT_EQ(v4[1], std::byte{2});
  EXPECT_TRUE(std::all_of(v4.begin() + 2, v4.end(), [](std::byte b) { return b == std::byte{0}; }));

  const auto v5 = kernarg_image(args, 272, kCodeObjectV5, 10, 256);
  ASSERT_EQ(v5.size(), 272u);
  const auto at = [&](std::size_t offset, auto zero) {
    std::memcpy(&zero, v5.data() + 16 + offset, sizeof zero);
    return zero;
  };
  EXPECT_EQ(at(0, std::uint32_t{}), 10u);  // hidden_block_count_x
  EXPECT_EQ(at(4, std::uint32_t{}), 1u);
  EXPECT_EQ(at(8, std::uint32_t{}), 1u);
  EXPECT_EQ(at(12, std::uint16_t{}), 256);  // hidden_group_size_x
  EXPECT_EQ(at(14, std::uint16_t{}), 1);
  EXPECT_EQ(at(16, std::uint16_t{}), 1);
  EXPECT_EQ(at(18, std::uint16_t{}), 0);   // hidden_remainder_x
  EXPECT_EQ(at(40, std::uint64_t{}), 0u);  // hidden_global_offset_x
  EXPECT_EQ(at(64, std::uint16_t{}), 1);   // hidden_grid_dims
}

TEST(DeviceClock, TwoSamplesGiveRateAndOffset) {
  // 100 MHz: 100'000 device ticks over the 1 ms between the brackets' midpoints (1 ns, 1 ms + 1
  // ns).
  const ClockSample first{.host_before = 0, .host_after = 2 * kNanosecond, .device = 5000};
  const ClockSample last{
      .host_before = kMillisecond, .host_after = kMillisecond + 2 * kNanosecond, .device = 105'000};
  const auto clock = fit_device_clock(first, last, 0);
  EXPECT_DOUBLE_EQ(clock.hz(), 1e8);
  EXPECT_EQ(clock.to_host(5000), kNanosecond);
  EXPECT_EQ(clock.to_host(5100), kNanosecond + kMicrosecond);
  EXPECT_EQ(clock.to_host(4900), kNanosecond - kMicrosecond);  // before the first sample
  EXPECT_EQ(clock.to_host(105'000), kMillisecond + kNanosecond);
}

TEST(DeviceClock, FallsBackToTheDeclaredRateAndRefusesWithoutOne) {
  const ClockSample only{.host_before = 0, .host_after = 0, .device = 7};
  EXPECT_DOUBLE_EQ(fit_device_clock(only, only, 25e6).hz(), 25e6);
  EXPECT_EQ(fit_device_clock(only, only, 25e6).to_host(32), kMicrosecond);
  EXPECT_THROW(fit_device_clock(only, only, 0), std::runtime_error);
}

TEST(HsaRuntime, StatusNamesAndDescriptions) {
  EXPECT_EQ(hsa::status_name(HSA_STATUS_ERROR_OUT_OF_RESOURCES),
            "HSA_STATUS_ERROR_OUT_OF_RESOURCES");
  EXPECT_EQ(hsa::status_name(static_cast<hsa_status_t>(HSA_STATUS_ERROR_MEMORY_FAULT)),
            "HSA_STATUS_ERROR_MEMORY_FAULT");
  // Unnamed but within the enum's range (its enumerators fit in 13 bits): 0x7777 was not, and
  // loading it is undefined behaviour that clang's UBSan reports once the test is unoptimised.
  EXPECT_EQ(hsa::status_name(static_cast<hsa_status_t>(0x1FFF)), "unknown");
  EXPECT_THAT(hsa::describe_status(HSA_STATUS_ERROR_OUT_OF_RESOURCES),
              ::testing::StartsWith("0x1008 HSA_STATUS_ERROR_OUT_OF_RESOURCES"));
}

// What hsa_init returns on this machine, and whether it lists a GPU agent.
struct Machine {
  hsa_status_t init = HSA_STATUS_SUCCESS;
  bool gpu = false;
};

Machine this_machine() {
  Machine m;
  m.init = hsa_init();
  if (m.init != HSA_STATUS_SUCCESS) return m;
  m.gpu = !hsa::gpu_agents().empty();
  hsa_shut_down();
  return m;
}

TEST(HsaExecutor, WithoutADeviceIsUnavailableWithTheRuntimesOwnStatus) {
  const auto machine = this_machine();
  if (machine.gpu) GTEST_SKIP() << "a GPU agent is present";
  try {
    make_hsa_executor({});
    FAIL() << "an hsa executor was made without a GPU";
  } catch (const BackendUnavailable& e) {
    EXPECT_EQ(e.backend(), "hsa");
    EXPECT_THAT(e.hint(), HasSubstr("/dev/kfd"));
    if (machine.init == HSA_STATUS_SUCCESS) {  // a runtime without GPU agents
      EXPECT_THAT(e.what(), HasSubstr("no GPU agent"));
    } else {  // here: 0x1008 HSA_STATUS_ERROR_OUT_OF_RESOURCES, no /dev/kfd
      EXPECT_EQ(e.code(), static_cast<int>(machine.init));
      EXPECT_EQ(e.code_name(), hsa::status_name(machine.init));
      EXPECT_THAT(e.what(), HasSubstr("hsa_init failed: " + hsa::describe_status(machine.init)));
    }
  }
}

TEST(HsaExecutor, ProbeSaysWhyItIsNotUsable) {
  const auto machine = this_machine();
  if (machine.gpu) GTEST_SKIP() << "a GPU agent is present";
  const auto info = probe_hsa();
  EXPECT_EQ(info.backend, "hsa");
  EXPECT_TRUE(info.built);
  EXPECT_FALSE(info.usable);
  EXPECT_TRUE(info.devices.empty());
  EXPECT_THAT(info.reason, HasSubstr("/dev/kfd"));
  EXPECT_THAT(info.reason, HasSubstr("render and video groups"));
  EXPECT_THAT(info.reason, HasSubstr("amdgpu"));
  if (machine.init != HSA_STATUS_SUCCESS) {
    EXPECT_THAT(info.reason, HasSubstr(hsa::describe_status(machine.init)));
  }
}

// Queue 0: dispatch a (4 x 64 work-items, 50 us each). Queue 1: a barrier-OR on a, then
// dispatch b with the barrier bit, so b starts after a has ended.
LaunchPlan small_plan() {
  LaunchPlan plan;
  plan.source = "hsa test";
  plan.queues.resize(2);
  plan.queues[0].name = "q0";
  plan.queues[1].name = "q1";
  for (const char* name : {"a", "b"}) {
    auto d = spin_dispatch(4, 64);
    d.name = name;
    d.vgpr_bucket = 32;
    d.durations.assign(4, 50 * kMicrosecond);
    plan.dispatches.push_back(d);
  }
  PlanOp a;
  a.name = "a";
  a.dispatch = 0;
  PlanOp wait;
  wait.kind = PlanOpKind::barrier_or;
  wait.name = "wait";
  wait.queue = 1;
  wait.waits_for = {0};
  PlanOp b;
  b.name = "b";
  b.queue = 1;
  b.barrier_bit = true;
  b.dispatch = 1;
  plan.ops = {a, wait, b};
  plan.queues[0].ops = {0};
  plan.queues[1].ops = {1, 2};
  return plan;
}

TEST(HsaExecutor, RunsASmallPlanOnTheGpu) {
  std::unique_ptr<Executor> executor;
  try {
    executor = make_hsa_executor({});
  } catch (const BackendUnavailable& e) {
    GTEST_SKIP() << "no usable GPU: " << e.what();
  }
  const auto run = executor->run(small_plan());
  EXPECT_EQ(run.executor, "hsa");
  ASSERT_EQ(run.dispatches.size(), 2u);
  ASSERT_EQ(run.op_completed.size(), 3u);
  const auto& a = run.dispatches[0];
  const auto& b = run.dispatches[1];
  ASSERT_EQ(a.workgroups.size(), 4u);
  for (const auto& wg : a.workgroups) {
    EXPECT_GE(wg.end - wg.start, 45 * kMicrosecond);
    EXPECT_LT(wg.end - wg.start, 500 * kMicrosecond);
  }
  EXPECT_LE(a.submit, a.start);
  EXPECT_LE(a.end, run.op_completed[0]);
  EXPECT_LE(run.op_completed[0], run.op_completed[1]);
  EXPECT_GE(b.start, a.end);
  EXPECT_LE(b.end, run.op_completed[2]);
  EXPECT_EQ(a.launches, 1u);
}

}  // namespace
}  // namespace aqlsim::hip
