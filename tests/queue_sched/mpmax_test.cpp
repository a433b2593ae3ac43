// Just-in-time MPMax (Pai et al. §5.2.2) on cases worked out by hand. Two CUs of four one-wave
// slots (two_cu_device.hpp).
#include <gtest/gtest.h>

#include "tests/queue_sched/block_log.hpp"
#include "tests/queue_sched/two_cu_device.hpp"
#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

using testing::us;

std::unique_ptr<testing::Simulation> run_mpmax(const std::string& kernels_and_queues,
                                               testing::BlockLog& log) {
  auto sim = testing::simulate(std::string(testing::kTwoCuDevice) + kernels_and_queues +
                                   "scheduling: {thread_block: mpmax}\n",
                               {}, {&log});
  EXPECT_EQ(sim->outcome.status, RunStatus::completed);
  return sim;
}

TEST(MpMax, EachKernelSetsAsideOneWorkGroupOfTheOtherAndReoccupiesWhenAlone) {
  // A: 8 work-groups of 2 waves (R = 2), B: 16 of 1 wave (R = 4), both 10 us; B at 1 us.
  // Together A may hold what fits beside one B (3 slots: 1 of A) and B what fits beside one A
  // (2 slots: 2 of B).
  // 0: A alone, limit R = 2: 2 per CU [0,10]. 1 us: B arrives; the CUs are full.
  // 10: per CU A 1 (its limit), then B 2 [10,20]. A has 2 left, B 12.
  // 20: per CU A 1 — A has issued everything, so B alone may now hold 4: B 2 beside it.
  // 30: A ends; B takes all four slots [30,40] and ends at 40.
  testing::BlockLog log;
  auto sim = run_mpmax(R"(
kernels:
  - {name: wide, workgroup_size: 128, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: narrow, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
queues:
  - {name: qa, packets: [{name: A, dispatch: wide, workgroups: 8}]}
  - {name: qb, packets: [{name: B, dispatch: narrow, workgroups: 16, at: 1us}]}
)",
                       log);
  const KernelId a = sim->kernel("A").id;
  const KernelId b = sim->kernel("B").id;
  for (CuIndex cu = 0; cu < 2; ++cu) {
    EXPECT_EQ(log.count(a, cu, 0), 2) << cu;
    EXPECT_EQ(log.count(a, cu, 10 * us), 1) << cu;
    EXPECT_EQ(log.count(b, cu, 10 * us), 2) << cu;
    EXPECT_EQ(log.count(a, cu, 20 * us), 1) << cu;
    EXPECT_EQ(log.count(b, cu, 20 * us), 2) << cu;
    EXPECT_EQ(log.count(b, cu, 30 * us), 4) << cu;
  }
  EXPECT_EQ(sim->kernel("A").end, 30 * us);
  EXPECT_EQ(sim->kernel("B").end, 40 * us);
}

TEST(MpMax, AKernelWithNoRoomBesideTheSetAsideStillGetsOneWorkGroup) {
  // A: 4 work-groups of 3 waves (R = 1), B: 2 of 2 waves (R = 2), 10 us; B at 1 us. Beside one
  // B only 2 slots are left, too few for A (and beside one A too few for B): both limits would
  // be 0, which would stop everything, so each is at least 1. A keeps its work-group per CU;
  // B's does not fit beside it and waits, strictly: [0,10] and [10,20] A, then B [20,30].
  testing::BlockLog log;
  auto sim = run_mpmax(R"(
kernels:
  - {name: a3, workgroup_size: 192, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: b2, workgroup_size: 128, vgprs: 1, wg_time: 10us, contention: 0}
queues:
  - {name: qa, packets: [{name: A, dispatch: a3, workgroups: 4}]}
  - {name: qb, packets: [{name: B, dispatch: b2, workgroups: 2, at: 1us}]}
)",
                       log);
  EXPECT_EQ(sim->kernel("A").end, 20 * us);
  EXPECT_EQ(sim->kernel("B").start, 20 * us);
  EXPECT_EQ(sim->kernel("B").end, 30 * us);
}

TEST(MpMax, AThirdCoRunnerGetsTheWorkGroupSetAsideForIt) {
  // A and B: 40 one-wave work-groups each, C: 4; 10 us; B at 1 us, C at 2 us. With all three
  // co-running each may hold what fits beside one of each other: 2 of 4 slots (together 6).
  // 0: A alone, 4 per CU [0,10]. 10: per CU A 2 (its limit), B 1; a second B would leave no
  // slot for C, which has none there, so B counts as at its limit and C takes the slot. The same
  // at 20: C has issued its 4 and ends at 30. From 30 A and B may hold 3 each: per CU A 3, B 1
  // (A first) until A has issued its 40 at 60 and ends at 70; B's other 28 follow, four per CU
  // [70,80], [80,90], [90,100] and the last two per CU [100,110].
  // Without the set-aside B would take C's slot at 10 and C would wait until A had issued all.
  testing::BlockLog log;
  auto sim = run_mpmax(R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
queues:
  - {name: qa, packets: [{name: A, dispatch: k, workgroups: 40}]}
  - {name: qb, packets: [{name: B, dispatch: k, workgroups: 40, at: 1us}]}
  - {name: qc, packets: [{name: C, dispatch: k, workgroups: 4, at: 2us}]}
)",
                       log);
  const KernelId a = sim->kernel("A").id;
  const KernelId b = sim->kernel("B").id;
  const KernelId c = sim->kernel("C").id;
  for (CuIndex cu = 0; cu < 2; ++cu) {
    for (const Tick t : {10 * us, 20 * us}) {
      EXPECT_EQ(log.count(a, cu, t), 2) << cu << " at " << t;
      EXPECT_EQ(log.count(b, cu, t), 1) << cu << " at " << t;
      EXPECT_EQ(log.count(c, cu, t), 1) << cu << " at " << t;
    }
    EXPECT_EQ(log.count(a, cu, 30 * us), 3) << cu;
    EXPECT_EQ(log.count(b, cu, 30 * us), 1) << cu;
  }
  EXPECT_EQ(sim->kernel("C").start, 10 * us);
  EXPECT_EQ(sim->kernel("C").end, 30 * us);
  EXPECT_EQ(sim->kernel("A").end, 70 * us);
  EXPECT_EQ(sim->kernel("B").end, 110 * us);
}

TEST(MpMax, AKernelBarredFromACuDoesNotHoldItIdle) {
  // A: 8 work-groups of 100 us, its queue masked to CU 0; B: 8 of 10 us at 1 us. On CU 0 each
  // may hold 3 beside one of the other; on CU 1, where A's mask bars it, nothing is set aside
  // for A and B may hold R = 4. 0: A takes CU 0's four slots [0,100]. 1: on CU 1 A may not
  // run, so B, next in order, takes 4 [1,11] and its last 4 [11,21]: B ends at 21.
  // (Strictness is for a kernel that may run on the CU and does not fit: taking A's mask for
  // "does not fit" left CU 1 idle while A had work-groups to issue, and B, given CU 0's slots one
  // by one from 100, ended at 180. Keeping A's set-aside on CU 1 held B to 3 there: 3, 3, 2,
  // ending at 31.) B has issued everything by 11, so A is alone again and takes all four slots
  // at 100 too: 4 [0,100], 4 [100,200]; A ends at 200.
  testing::BlockLog log;
  auto sim = run_mpmax(testing::kAMaskedToCu0ThenB, log);
  const KernelId b = sim->kernel("B").id;
  EXPECT_EQ(log.count(b, 1, 1 * us), 4);
  EXPECT_EQ(log.count(b, 1, 11 * us), 4);
  EXPECT_EQ(sim->kernel("B").end, 21 * us);
  EXPECT_EQ(sim->kernel("A").end, 200 * us);
}

TEST(MpMax, NothingIsSetAsideForACoRunnerBarredFromTheCu) {
  // As AThirdCoRunnerGetsTheWorkGroupSetAsideForIt, but C (2 work-groups of 100 us) is masked
  // to CU 0. 0: A alone, 4 per CU [0,10]. At 10 all three co-run, none issuing its last:
  // - CU 0 admits all three: each may hold 2; A 2, B 1 (a second would take C's slot), C 1.
  // - CU 1 admits A and B only: each may hold what fits beside one of the other, 3. A 3, then
  //   B 1: no slot is kept for C, which may never run there.
  // Keeping C's set-aside on CU 1 held A to 2 and then B to 1 (its second would take C's
  // slot), and the fourth slot stayed idle.
  testing::BlockLog log;
  auto sim = run_mpmax(R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: long, workgroup_size: 64, vgprs: 1, wg_time: 100us, contention: 0}
queues:
  - {name: qa, packets: [{name: A, dispatch: k, workgroups: 40}]}
  - {name: qb, packets: [{name: B, dispatch: k, workgroups: 40, at: 1us}]}
  - {name: qc, cu_mask: [0], packets: [{name: C, dispatch: long, workgroups: 2, at: 2us}]}
)",
                       log);
  const KernelId a = sim->kernel("A").id;
  const KernelId b = sim->kernel("B").id;
  const KernelId c = sim->kernel("C").id;
  EXPECT_EQ(log.count(a, 0, 10 * us), 2);
  EXPECT_EQ(log.count(b, 0, 10 * us), 1);
  EXPECT_EQ(log.count(c, 0, 10 * us), 1);
  EXPECT_EQ(log.count(a, 1, 10 * us), 3);
  EXPECT_EQ(log.count(b, 1, 10 * us), 1);
  EXPECT_EQ(log.count(c, 1, 10 * us), 0);
}

}  // namespace
}  // namespace aqlsim
