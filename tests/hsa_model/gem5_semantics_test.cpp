// The six ways gem5's front end differs from ours (README: Comparing with gem5), each on a
// timeline worked out by hand under both semantics from gem5's code (src/dev/hsa at b1a44b89,
// the facts in shared/REFERENCE.md) and from the HSA rules, never from aqlsim's output.
// Device: one CU with 8 one-wave work-group slots (two for placement), 2 hardware queue slots,
// packet delay D = 4 us, no map or unmap cost; kernels have contention 0 and rsd 0.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

using testing::simulate;
using testing::us;
const std::vector<std::string> kGem5{"device.front_end.semantics=gem5"};

std::string device(const std::string& quantum, int cus = 1) {
  return R"(
device:
  compute_units: )" +
         std::to_string(cus) + R"(
  wave_size: 64
  cu: {simds: 1, waves_per_simd: 8, vgprs_per_simd: 1024, vgpr_granule: 1, sgprs_per_simd: 0,
       lds_bytes: 65536, max_workgroups: 8}
  front_end: {hw_queues: 2, quantum: )" +
         quantum + R"(, packet_latency: 4us}
kernels:
  - {name: k5, workgroup_size: 64, vgprs: 1, wg_time: 5us, contention: 0}
  - {name: k6, workgroup_size: 64, vgprs: 1, wg_time: 6us, contention: 0}
  - {name: k10, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: k20, workgroup_size: 64, vgprs: 1, wg_time: 20us, contention: 0}
  - {name: k50, workgroup_size: 64, vgprs: 1, wg_time: 50us, contention: 0}
)";
}

// Runs the workload and checks when the named kernels launch (times in us).
void expect_launches(const std::string& workload, const std::vector<std::string>& overrides,
                     const std::map<std::string, Tick>& launches) {
  auto sim = simulate(workload, overrides);
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  for (const auto& [name, at] : launches)
    EXPECT_EQ(sim->kernel(name).launch, at * us) << name;
}

std::vector<std::string> with(std::vector<std::string> a, const std::string& b) {
  a.push_back(b);
  return a;
}

// Three queues on two slots, quantum 20 us: q0 and q1 are mapped at 0, q2 waits.
// q0: k0 (50 us) processed [0,4], runs [4,54]. q1's k1 is rung at 18 and processed from 18.
const std::string kSwapWorkload = device("20us") + R"(
queues:
  - {name: q0, packets: [{name: k0, dispatch: k50}]}
  - {name: q1, packets: [{name: k1, dispatch: k10, at: 18us}]}
  - {name: q2, packets: [{name: k2, dispatch: k10}]}
)";

TEST(Gem5Semantics, IdleTestCountsASlotPayingPacketLatencyAsIdle) {
  // hsa: at 20 slot 1 is processing k1 (until 22): busy, and slot 0 runs k0: no swap. k1
  // launches at 22, ends 32. At 40 slot 1 is idle: q2 in, k2 processed [40,44], runs [44,54].
  expect_launches(kSwapWorkload, {}, {{"k1", 22}, {"k2", 44}});
  // gem5 (hw_scheduler.cc:306-328): at 20 slot 1 has nothing in flight, so it is idle: q1 out,
  // q2 in. The event due at 22 processes q2's head: k2 launches at 22, ends 32. At 40 the next
  // unmapped queue is q1 and slot 1 (k2 done) is idle: k1 processed [40,44], launches at 44.
  expect_launches(kSwapWorkload, kGem5, {{"k2", 22}, {"k1", 44}});
}

TEST(Gem5Semantics, SwapDuringProcessingLeavesTheEventToTheNextQueue) {
  // rr-timeslice swaps whatever slot leaves its window: at 20 the window is {q2, q0}, so q1
  // leaves slot 1 while k1 is processed over [18,22].
  // hsa: the unmap cancels k1's processing; q2 is mapped at 20, k2 processed [20,24], launches
  // at 24. At 40 the window is {q1, q2}: q1 replaces q0 in slot 0, k1 processed [40,44].
  const auto timeslice = std::string("scheduling.queue_mapping=rr-timeslice");
  expect_launches(kSwapWorkload, {timeslice}, {{"k2", 24}, {"k1", 44}});
  // gem5 (hw_scheduler.cc:251-269): the event due at 22 stays scheduled and processes the head
  // of q2, mapped in at 20: k2 launches at 22, 2 us after its map. k1 as under hsa.
  expect_launches(kSwapWorkload, with(kGem5, timeslice), {{"k2", 22}, {"k1", 44}});
}

TEST(Gem5Semantics, SwapWhileABarrierPollsHandsThePollToTheNextQueue) {
  // Quantum 22 us. q0 runs k0 [4,54]; q1's barrier waits on k0; q2 holds k2.
  const std::string workload = device("22us") + R"(
queues:
  - {name: q0, packets: [{name: k0, dispatch: k50}]}
  - name: q1
    packets:
      - {name: wait, barrier_and: [k0]}
      - {name: c1, dispatch: k5}
  - {name: q2, packets: [{name: k2, dispatch: k10}]}
)";
  // hsa: q1's barrier is processed [0,4] and waits (slot 1 idle). At 22 q2 replaces q1: k2
  // processed [22,26]. At 44 q1 replaces q2 (k2 done at 36): the barrier is processed [44,48]
  // and waits for k0 (54); c1 processed [54,58].
  expect_launches(workload, {}, {{"k2", 26}, {"c1", 58}});
  // gem5: the barrier's first poll at 4 reads; it re-polls every 4 us (8, ..., 20, 24). At 22
  // q2 replaces q1, whose reads are discarded; the poll due at 24 processes q2's head: k2
  // launches at 24. At 44 q1 returns (k2 done at 34): processed at 48, which only reads again;
  // polls at 52 (k0 still 1), 56 (reads the 0 that k0 left at 54), 60 retires the barrier; c1 is
  // processed [60,64].
  expect_launches(workload, kGem5, {{"k2", 24}, {"c1", 64}});
}

// Two queues on two slots. a1 has the barrier bit behind a0; b0 is a barrier-bit kernel with b1
// behind it.
const std::string kBarrierBitWorkload = device("100us") + R"(
queues:
  - name: a
    packets:
      - {name: a0, dispatch: k10}
      - {name: a1, dispatch: k5, barrier: true}
      - {name: a2, dispatch: k5}
  - name: b
    packets:
      - {name: b0, dispatch: k20, barrier: true}
      - {name: b1, dispatch: k5}
)";

TEST(Gem5Semantics, BarrierBitPacketIsProcessedAgainOneDelayAfterTheEarlierOnesComplete) {
  // hsa: a0 processed [0,4], runs [4,14]; a1 processed [4,8], waits, launches at 14; a2
  // processed [14,18], launches at 18. b0 runs [4,24]; b1 processed [4,8], launches at 8 (the
  // barrier bit orders only its own packet).
  expect_launches(kBarrierBitWorkload, {}, {{"a1", 14}, {"a2", 18}, {"b1", 8}});
  // gem5: a1 is processed at 8, a0 is in flight: barrier bit set, dummy wake-up at 12
  // (hsa_packet_processor.cc:296-305, 427-480). a0 completes at 14 and clears the bit; a1 is
  // processed at 18 (674-685). a1 is itself a barrier-bit kernel, so dispatching it sets the
  // bit again (318-327): a2's wake-up at 22 is a dummy, a1 completes at 23, a2 is processed at
  // 27. Likewise b0 dispatched at 4 makes b1's wake-up at 8 a dummy; b0 completes at 24, b1 is
  // processed at 28.
  for (const auto& overrides :
       {kGem5, std::vector<std::string>{"device.front_end.barrier_bit=gem5"}}) {
    expect_launches(kBarrierBitWorkload, overrides, {{"a1", 18}, {"a2", 27}, {"b1", 28}});
  }
}

TEST(Gem5Semantics, BarrierBitPacketReleasedBeforeItsDummyWakeUpRunsAtIt) {
  // a0 (6 us) runs [4,10]. hsa: a1 processed [4,8], launches when a0 completes, at 10.
  // gem5: a1 processed at 8 sets the bit, dummy wake-up due at 12; a0 completes at 10 and
  // clears the bit, whose reschedule finds the wake-up already scheduled; it processes a1 at 12.
  const std::string workload = device("100us") + R"(
queues:
  - {name: a, packets: [{name: a0, dispatch: k6}, {name: a1, dispatch: k5, barrier: true}]}
)";
  expect_launches(workload, {}, {{"a1", 10}});
  expect_launches(workload, kGem5, {{"a1", 12}});
}

// c waits on a0, which runs [4,14].
const std::string kBarrierAndWorkload = device("100us") + R"(
queues:
  - {name: a, packets: [{name: a0, dispatch: k10}]}
  - name: c
    packets:
      - {name: wait, barrier_and: [a0]}
      - {name: c1, dispatch: k5}
)";

TEST(Gem5Semantics, BarrierAndPollsItsDependenciesByDma) {
  // hsa: the barrier is processed [0,4] and waits; a0 ends at 14, the barrier retires then, c1
  // is processed [14,18] and launches at 18.
  expect_launches(kBarrierAndWorkload, {}, {{"c1", 18}});
  // gem5 (hsa_packet_processor.cc:328-408): the poll at 4 only issues the reads; polls at 8, 12
  // find a0's signal at 1 and read again; the read at 16 (a0 ended at 14) returns 0, the poll
  // at 20 sees it and retires the barrier; c1 is processed [20,24] and launches at 24.
  for (const auto& overrides :
       {kGem5, std::vector<std::string>{"device.front_end.barrier_and=polling"}}) {
    expect_launches(kBarrierAndWorkload, overrides, {{"c1", 24}});
  }
}

TEST(Gem5Semantics, SatisfiedBarrierAndStillCostsTwoDelays) {
  const std::string workload = device("100us") + R"(
signals:
  - {name: ready, initial: 0}
queues:
  - name: b
    packets:
      - {name: wait, barrier_and: [ready]}
      - {name: b1, dispatch: k5}
)";
  // hsa: the barrier is processed [0,4] and retires; b1 processed [4,8], launches at 8.
  expect_launches(workload, {}, {{"b1", 8}});
  // gem5: reads issued at 4, seen at 0 by the poll at 8; b1 processed [8,12], launches at 12.
  expect_launches(workload, kGem5, {{"b1", 12}});
}

struct PlacementLog final : ModelObserver {
  std::map<std::string, CuIndex> cu_of_queue;
  void on_workgroup_started(const KernelState& k, const WorkgroupRecord& wg,
                            const ComputeUnit&) override {
    cu_of_queue[std::to_string(k.queue)] = wg.cu;
  }
};

TEST(Gem5Semantics, PlacementSweepsStartAtCuZero) {
  // Two CUs; a0 and b0 are processed [0,4] and launched at 4 together. hsa spreads them:
  // a0 on CU 0, b0 on CU 1. gem5 (shader.cc:254-300) starts b0's sweep at CU 0 again, where
  // it fits: both on CU 0. Times are the same (contention 0): both run [4,14].
  const std::string workload = device("100us", 2) + R"(
queues:
  - {name: a, packets: [{name: a0, dispatch: k10}]}
  - {name: b, packets: [{name: b0, dispatch: k10}]}
)";
  PlacementLog hsa_log;
  auto hsa = simulate(workload, {}, {&hsa_log});
  ASSERT_EQ(hsa->outcome.status, RunStatus::completed);
  EXPECT_EQ(hsa_log.cu_of_queue, (std::map<std::string, CuIndex>{{"0", 0}, {"1", 1}}));
  PlacementLog gem5_log;
  auto gem5 = simulate(workload, {"device.front_end.placement=cu0-first"}, {&gem5_log});
  ASSERT_EQ(gem5->outcome.status, RunStatus::completed);
  EXPECT_EQ(gem5_log.cu_of_queue, (std::map<std::string, CuIndex>{{"0", 0}, {"1", 0}}));
  EXPECT_EQ(gem5->kernel("b0").end, 14 * us);
}

TEST(Gem5Semantics, RotatePlacementStartsAfterTheLastCuPlacedOn) {
  // Four CUs; a0 and b0 are rung at 0 and 1 us, processed in 4 us and launched at 4 and 5; c
  // waits for a slot until a's, idle, is given to it at the 100 us quantum: c0 is processed
  // [100,104] and runs [104,114]. Each kernel is placed alone. spread (and cu0-first) start
  // every pass at CU 0, where each still fits: all three on CU 0, CUs 1-3 idle. rotate starts
  // after the CU that took the last work-group: a0 on CU 0, b0 on CU 1, c0 on CU 2.
  const std::string workload = device("100us", 4) + R"(
queues:
  - {name: a, packets: [{name: a0, dispatch: k10}]}
  - {name: b, packets: [{name: b0, dispatch: k10, at: 1us}]}
  - {name: c, packets: [{name: c0, dispatch: k10, at: 2us}]}
)";
  const std::map<std::string, CuIndex> stacked{{"0", 0}, {"1", 0}, {"2", 0}};
  for (const char* placement : {"spread", "cu0-first"}) {
    PlacementLog log;
    auto run = simulate(workload, {std::string("device.front_end.placement=") + placement}, {&log});
    ASSERT_EQ(run->outcome.status, RunStatus::completed);
    EXPECT_EQ(log.cu_of_queue, stacked) << placement;
  }
  PlacementLog log;
  auto run = simulate(workload, {"device.front_end.placement=rotate"}, {&log});
  ASSERT_EQ(run->outcome.status, RunStatus::completed);
  EXPECT_EQ(log.cu_of_queue, (std::map<std::string, CuIndex>{{"0", 0}, {"1", 1}, {"2", 2}}));
  EXPECT_EQ(run->kernel("b0").end, 15 * us);
  EXPECT_EQ(run->kernel("c0").end, 114 * us);
}

TEST(Gem5Semantics, QuantumKeepsRotatingWhileAQueueIsUnmapped) {
  // Quantum 100 us. q0 runs k0 [4,14]; q1 and q2 are rung at 250. Mapped at 0: q0, q1.
  // hsa: nothing to do from 14 to 250, so the timer sleeps through 100 and 200. At 250 q1 (in
  // slot 1) processes k1 [250,254]; q2's doorbell wakes the timer for 300, where q2 replaces
  // the idle q0: k2 processed [300,304].
  // gem5 (hw_scheduler.cc:57-82): the timer fires at 100 (q2 replaces idle q0 in slot 0) and
  // at 200 (q0 replaces idle q1 in slot 1). At 250 q2 is mapped, q1 is not: k2 processed
  // [250,254]. At 300 q1 replaces q2 (k2 done at 264): k1 processed [300,304].
  const std::string workload = device("100us") + R"(
queues:
  - {name: q0, packets: [{name: k0, dispatch: k10}]}
  - {name: q1, packets: [{name: k1, dispatch: k10, at: 250us}]}
  - {name: q2, packets: [{name: k2, dispatch: k10, at: 250us}]}
)";
  expect_launches(workload, {}, {{"k1", 254}, {"k2", 304}});
  expect_launches(workload, kGem5, {{"k2", 254}, {"k1", 304}});
}

TEST(Gem5Semantics, UnfinishedPacketsPerQueueAreLimited) {
  // A limit of 1: a1 is fetched only when a0 completes at 14 and processed [14,18]. Without
  // it a1 is processed [4,8] and launches at 8.
  const std::string workload = device("100us") + R"(
queues:
  - {name: a, packets: [{name: a0, dispatch: k10}, {name: a1, dispatch: k5}]}
)";
  expect_launches(workload, {}, {{"a1", 8}});
  expect_launches(workload, {"device.front_end.max_unfinished_per_queue=1"}, {{"a1", 18}});
}

// gem5's submitVendorPkt retires a vendor-specific packet (type 0) as a no-op: v is processed
// [0,4] and a1 [4,8], launching at 8. Under hsa it is a queue error and a1 never runs.
TEST(Gem5Semantics, AVendorSpecificPacketIsANoOpUnderGem5) {
  const std::string workload = device("100us") + R"(
queues:
  - {name: a, packets: [{name: v, raw_type: 0}, {name: a1, dispatch: k5}]}
)";
  expect_launches(workload, kGem5, {{"a1", 8}});
  auto hsa = simulate(workload, {});
  EXPECT_EQ(hsa->outcome.status, RunStatus::queue_error);
}

TEST(Gem5Semantics, BarrierOrIsAnInputErrorUnderGem5) {
  const std::string workload = device("100us") + R"(
queues:
  - {name: a, packets: [{name: a0, dispatch: k10}]}
  - name: c
    packets:
      - {name: either, barrier_or: [a0]}
)";
  try {
    load_scenario_text(workload, "or.yaml", kGem5);
    FAIL() << "a barrier-OR under gem5 semantics was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().file, "or.yaml");
    EXPECT_EQ(e.where().line, 19);
    EXPECT_NE(e.detail().find("gem5 does not support"), std::string::npos) << e.detail();
  }
  EXPECT_NO_THROW(load_scenario_text(workload, "or.yaml", {}));
}

TEST(Gem5Semantics, TheGem5PresetCarriesGem5sDefaults) {
  const Scenario s = load_scenario_text(
      "device: gem5\nkernels: [{name: k, workgroup_size: 64, vgprs: 1, wg_time: 1us}]\nqueues: "
      "[{packets: [{dispatch: k}]}]\n",
      "preset.yaml", {});
  const FrontEndSpec& fe = s.device.front_end;
  EXPECT_TRUE(fe.gem5());
  EXPECT_EQ(fe.hw_queues, 10U);
  EXPECT_EQ(fe.quantum, 100 * us);
  EXPECT_EQ(fe.packet_latency, 4'400'000U);
  EXPECT_EQ(fe.max_unfinished_per_queue, 16U);
  EXPECT_EQ(fe.placement, WorkgroupPlacement::cu0_first);
}

}  // namespace
}  // namespace aqlsim
