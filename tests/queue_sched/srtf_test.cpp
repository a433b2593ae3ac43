// SRTF (Pai et al. §5.1.1) CU by CU. Two CUs of four slots (two_cu_device.hpp); A: 16
// work-groups of 10 us at 0; B: 16 of 4 us at 1 us (R = 4 for both; Total_Blocks = 8 per CU).
#include <gtest/gtest.h>

#include "tests/queue_sched/block_log.hpp"
#include "tests/queue_sched/two_cu_device.hpp"
#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

using testing::us;

std::string srtf_workload(const std::string& params = "") {
  return std::string(testing::kTwoCuDevice) + R"(
kernels:
  - {name: long, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: short, workgroup_size: 64, vgprs: 1, wg_time: 4us, contention: 0}
queues:
  - {name: qa, packets: [{name: A, dispatch: long, workgroups: 16}]}
  - {name: qb, packets: [{name: B, dispatch: short, workgroups: 16, at: 1us}]}
scheduling: {thread_block: srtf)" +
         params + "}\n";
}

TEST(Srtf, SamplesTheNewKernelOnOneCuAndHandsOffOnlyAsBlocksFinish) {
  testing::BlockLog log;
  auto sim = testing::simulate(srtf_workload(), {}, {&log});
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  const KernelId a = sim->kernel("A").id;
  const KernelId b = sim->kernel("B").id;
  // 0: A fills both CUs. 1 us: B arrives, to be sampled on CU 0; nothing is free.
  // 10: A's first 8 end. CU 0 gives its 4 slots to B's sample [10,14]; CU 1 goes on with A.
  // 14: B's sample ends: B predicts 8 (CU 0: 4 + 4 * 4 / 4; copied to CU 1: 8 * 4 / 4) against
  //     A's 10 left (CU 0: 20 - 10), so B ranks first: CU 0 runs B [14,18] and [18,22].
  // 20: CU 1's A blocks end, and only now does CU 1 switch to B [20,24].
  // 22: B has nothing left to issue: CU 0 takes A's last 4 [22,32].
  EXPECT_EQ(log.times(a, 0), (std::vector<Tick>{0, 22 * us}));
  EXPECT_EQ(log.times(b, 0), (std::vector<Tick>{10 * us, 14 * us, 18 * us}));
  EXPECT_EQ(log.times(a, 1), (std::vector<Tick>{0, 10 * us}));
  EXPECT_EQ(log.times(b, 1), (std::vector<Tick>{20 * us}));
  EXPECT_EQ(log.count(b, 0, 10 * us), 4);
  EXPECT_EQ(log.count(b, 1, 20 * us), 4);
  EXPECT_EQ(sim->kernel("B").end, 24 * us);
  EXPECT_EQ(sim->kernel("A").end, 32 * us);
}

TEST(Srtf, SamplingOnEveryCuGivesTheNewKernelAllFreedResources) {
  // sample_cus: 2. At 10 both CUs give B their slots [10,14]; at 14 B predicts 4 left (8 per
  // CU, 4 done on each: 4 + 4 * 4 / 4 = 8, Active 4) against A's 10 and finishes [14,18]; A's
  // last 8 run [18,28], as under the oracle.
  auto sim = testing::simulate(srtf_workload(", params: {srtf: {sample_cus: 2}}"));
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("B").start, 10 * us);
  EXPECT_EQ(sim->kernel("B").end, 18 * us);
  EXPECT_EQ(sim->kernel("A").end, 28 * us);
}

TEST(Srtf, SamplesWaitingKernelsOneAtATimeInArrivalOrder) {
  // A: 24 work-groups of 10 us at 0; B: 16 of 4 us at 1 us; C: 16 of 2 us at 2 us.
  // 1 us: B is to be sampled on CU 0; 2 us: C waits its turn.
  // 10: A's first 8 end; CU 0 samples B [10,14], CU 1 runs A [10,20].
  // 14: B predicts (8 left against A's 20) and ranks first; only now is C sampled on CU 0
  //     [14,16]. 16: C predicts 4 (2 + (8 - 4) * 2 / 4 on CU 0, 8 * 2 / 4 copied), ahead of
  //     B's 8: CU 0 runs C [16,18], [18,20].
  // 20: CU 1's A blocks end first (scheduled earlier), so CU 1 picks first: C, then CU 0 C,
  //     twice each, which issues C's last; B fills the other two slots of each CU. C ends at 22.
  testing::BlockLog log;
  auto sim = testing::simulate(std::string(testing::kTwoCuDevice) + R"(
kernels:
  - {name: long, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: mid, workgroup_size: 64, vgprs: 1, wg_time: 4us, contention: 0}
  - {name: short, workgroup_size: 64, vgprs: 1, wg_time: 2us, contention: 0}
queues:
  - {name: qa, packets: [{name: A, dispatch: long, workgroups: 24}]}
  - {name: qb, packets: [{name: B, dispatch: mid, workgroups: 16, at: 1us}]}
  - {name: qc, packets: [{name: C, dispatch: short, workgroups: 16, at: 2us}]}
scheduling: {thread_block: srtf}
)",
                               {}, {&log});
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  const KernelId b = sim->kernel("B").id;
  const KernelId c = sim->kernel("C").id;
  EXPECT_EQ(log.count(b, 0, 10 * us), 4);
  EXPECT_EQ(log.times(c, 0), (std::vector<Tick>{14 * us, 16 * us, 18 * us, 20 * us}));
  EXPECT_EQ(log.count(c, 1, 20 * us), 2);
  EXPECT_EQ(log.count(b, 1, 20 * us), 2);
  EXPECT_EQ(sim->kernel("C").end, 22 * us);
  EXPECT_LT(sim->kernel("B").end, sim->kernel("A").end);
}

// A kernel is sampled on the first CUs it may use. L: 16 work-groups of 10 us at 0; M: 4 of
// 5 us at 1 us, its queue masked to CU 1. 10: L's first 8 end; CU 1, M's sampling CU, gives
// M its 4 slots [10,15] while CU 0 goes on with L [10,20]; M has issued everything. 15: M ends;
// CU 1 takes L's last 4 [15,25]. Sampling M on CU 0, where it may not run, would never sample
// it: CU 1 would stay with L until L had issued everything, and M would run only at 20.
TEST(Srtf, SamplesAMaskedKernelOnACuItMayUse) {
  testing::BlockLog log;
  auto sim = testing::simulate(std::string(testing::kTwoCuDevice) + R"(
kernels:
  - {name: long, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: short, workgroup_size: 64, vgprs: 1, wg_time: 5us, contention: 0}
queues:
  - {name: ql, packets: [{name: L, dispatch: long, workgroups: 16}]}
  - {name: qm, cu_mask: [1], packets: [{name: M, dispatch: short, workgroups: 4, at: 1us}]}
scheduling: {thread_block: srtf}
)",
                               {}, {&log});
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  const KernelId l = sim->kernel("L").id;
  const KernelId m = sim->kernel("M").id;
  EXPECT_EQ(log.count(m, 1, 10 * us), 4);
  EXPECT_EQ(log.times(l, 0), (std::vector<Tick>{0, 10 * us}));
  EXPECT_EQ(log.times(l, 1), (std::vector<Tick>{0, 15 * us}));
  EXPECT_EQ(sim->kernel("M").end, 15 * us);
  EXPECT_EQ(sim->kernel("L").end, 25 * us);
}

TEST(Srtf, PublishesEachNewPrediction) {
  const RunReport r = testing::run_checked(load_scenario_text(srtf_workload(), "srtf.yaml"));
  ASSERT_EQ(r.kernels.size(), 2u);
  // B's first: at 14 its first block ends, 4 + 7 * 4 / 4 = 11 us (the copy to CU 1, 8 us, is
  // not larger). Its last: CU 0 ran B from 10 to 22 without a gap and did 12 > 8 blocks, so
  // Active 12 + nothing left = 12 us; CU 1's, at 24, is 4 + (8 - 4) * 4 / 4 = 8 us.
  const auto& b = r.kernels[1].predictions;
  ASSERT_FALSE(b.empty());
  EXPECT_EQ(b.front(), std::make_pair(14 * us, 11 * us));
  EXPECT_EQ(b.back(), std::make_pair(22 * us, 12 * us));
}

}  // namespace
}  // namespace aqlsim
