// SRTF/Adaptive switches to sharing exactly when the forecast slowdown gap of exclusive SRTF
// crosses `threshold`. Two CUs of four slots (two_cu_device.hpp); A: 32 work-groups of 10 us
// at 0 (alone 40 us); B: 48 of 10 us at 1 us (alone 60 us). R = 4, Total_Blocks 16 and 24.
//
// 0: A fills both CUs. 1 us: B arrives and is to be sampled on CU 0.
// 10: A's first 8 end: A predicts 10 + (16 - 4) * 10 / 4 = 40 on each CU. CU 0 gives B its
//     slots [10,20]; CU 1 runs A [10,20].
// 20: B's 4 and A's 4 end. B: CU 0 10 + (24 - 4) * 10 / 4 = 60, copied to CU 1 as
//     24 * 10 / 4 = 60; remaining max(60 - 10, 60 - 0) = 60, alone 60, elapsed 19.
//     A: CU 0 40 (Active 10), CU 1 20 + (16 - 8) * 10 / 4 = 40 (Active 20); remaining
//     max(30, 20) = 30, alone 40, elapsed 20. A ranks first.
//     Exclusive: A (20 + 30) / 40 = 1.25, B (19 + 30 + 60) / 60 = 1.81667: gap 0.56667.
//     Sharing: A keeps 3 of 4 slots, B gets the 1 left beside them: A ends at 30 / 0.75 = 40,
//     having let B do 40 / 4 = 10, so B ends at 40 + 50 = 90: A 60 / 40 = 1.5, B 1.81667,
//     gap 0.31667 — fairer. So it shares exactly when threshold < 0.56667.
// In sharing mode CUs 0 and 1 each take 3 of A's work-groups and 1 of B's at 20; in exclusive
// mode 4 of A's.
#include <gtest/gtest.h>

#include "tests/queue_sched/block_log.hpp"
#include "tests/queue_sched/two_cu_device.hpp"
#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

using testing::us;

struct AtTwenty {
  int a_per_cu;
  int b_per_cu;
};

AtTwenty starts_at_20(double threshold) {
  testing::BlockLog log;
  auto sim = testing::simulate(std::string(testing::kTwoCuDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
queues:
  - {name: qa, packets: [{name: A, dispatch: k, workgroups: 32}]}
  - {name: qb, packets: [{name: B, dispatch: k, workgroups: 48, at: 1us}]}
scheduling:
  thread_block: srtf-adaptive
  params: {srtf-adaptive: {threshold: )" +
                                   std::to_string(threshold) + "}}\n",
                               {}, {&log});
  EXPECT_EQ(sim->outcome.status, RunStatus::completed);
  const KernelId a = sim->kernel("A").id;
  const KernelId b = sim->kernel("B").id;
  EXPECT_EQ(log.count(a, 0, 20 * us), log.count(a, 1, 20 * us));
  EXPECT_EQ(log.count(b, 0, 20 * us), log.count(b, 1, 20 * us));
  return {log.count(a, 0, 20 * us), log.count(b, 0, 20 * us)};
}

TEST(SrtfAdaptive, SharesWhenTheGapIsJustAboveTheThreshold) {
  const AtTwenty at = starts_at_20(0.566);
  EXPECT_EQ(at.a_per_cu, 3);
  EXPECT_EQ(at.b_per_cu, 1);
}

TEST(SrtfAdaptive, StaysExclusiveWhenTheGapIsJustBelowTheThreshold) {
  const AtTwenty at = starts_at_20(0.567);
  EXPECT_EQ(at.a_per_cu, 4);
  EXPECT_EQ(at.b_per_cu, 0);
}

TEST(SrtfAdaptive, NeverSharesWhenNoWorkGroupOfTheCoRunnerFitsBesideTheFastest) {
  // A: 40 one-wave work-groups (R = 4, alone 50 us); B: 24 two-wave ones (R = 2, alone 60 us)
  // at 1 us. srtf samples B on CU 0 [10,20]; at 20 A has 40 us left (CU 0 stopped at Active 10
  // with Pred 50), B 60: A goes on alone until 50, one B per CU fits beside A's last blocks
  // [50,60], and B's other 20 run two per CU from 60: A ends at 60, B at 110.
  // At 20 the exclusive gap is (19 + 40 + 60) / 60 - (20 + 40) / 50 = 0.78 > 0.5, but sharing
  // would leave one slot per CU beside A's 3 kept work-groups, where a work-group of B does not
  // fit: it would only slow A down. srtf-adaptive must stay exclusive and finish as srtf does.
  for (const std::string policy : {"srtf", "srtf-adaptive"}) {
    auto sim = testing::simulate(std::string(testing::kTwoCuDevice) + R"(
kernels:
  - {name: one, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: two, workgroup_size: 128, vgprs: 1, wg_time: 10us, contention: 0}
queues:
  - {name: qa, packets: [{name: A, dispatch: one, workgroups: 40}]}
  - {name: qb, packets: [{name: B, dispatch: two, workgroups: 24, at: 1us}]}
scheduling: {thread_block: )" + policy +
                                 "}\n");
    ASSERT_EQ(sim->outcome.status, RunStatus::completed) << policy;
    EXPECT_EQ(sim->kernel("A").end, 60 * us) << policy;
    EXPECT_EQ(sim->kernel("B").end, 110 * us) << policy;
  }
}

}  // namespace
}  // namespace aqlsim
