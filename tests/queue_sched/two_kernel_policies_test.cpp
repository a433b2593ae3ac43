// Every thread-block policy on one two-kernel case worked out by hand. Two CUs of four slots
// (two_cu_device.hpp). A: 16 work-groups of 10 us, launched at 0. B: 16 of 4 us, at 1 us.
// Alone, A takes 20 us (two steps of 8) and B 8 us. At 0 only A exists, so every policy starts
// A's first 8 work-groups; at 1 us every slot is full, so nothing can happen until 10 us.
#include <gtest/gtest.h>

#include "tests/queue_sched/two_cu_device.hpp"
#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

using testing::us;

struct Finish {
  const char* policy;
  Tick a_end;
  Tick b_end;
  const char* params = "{}";
};

const Finish kHandWorked[] = {
    // fifo: at 10 A places its last 8; B may issue only then, and starts when they end:
    // [20,24] and [24,28].
    {"fifo", 20 * us, 28 * us},
    // sjf (B: 8 us alone, A: 20 us) knows B arrives at 1, before a 10 us work-group of A
    // would end: it keeps every CU idle for B, which runs [1,5] and [5,9]; A runs [9,19] and
    // [19,29].
    {"sjf", 29 * us, 9 * us},
    // sjf without foresight: at 10 B takes all 8 slots, [10,14] and [14,18]; A's last 8 run
    // [18,28].
    {"sjf", 28 * us, 18 * us, "{sjf: {foresight: 0}}"},
    // mpmax: with both co-running each may hold 3 per CU (one slot set aside). At 10: A 3 per
    // CU [10,20], B 1 per CU; B refills its slot at 14 and 18. At 20 A places its last 2 (one
    // per CU, [20,30]); then B alone may hold 4: 2 more per CU [20,24], 1 at 22 [22,26] and
    // its last 4 at 24 [24,28].
    {"mpmax", 30 * us, 28 * us},
    // srtf: B is sampled on CU 0 [10,14] while CU 1 runs A [10,20]. At 14 B's prediction
    // (CU 0: 4 + (8 - 4) * 4 / 4 = 8; copied to CU 1: 8 * 4 / 4 = 8) beats A's remaining 10
    // (CU 0: 20 - 10), so CU 0 runs B [14,18], [18,22] and CU 1 hands over at 20 [20,24];
    // A's last 4 run on CU 0 [22,32].
    {"srtf", 32 * us, 24 * us},
    // srtf-adaptive as srtf: B, the fastest, already waited 13 us, and sharing would slow it
    // more. At 14 (after B's 4 ends): remaining 8 and 10, alone 8 and 20, elapsed 13 and 14.
    // Exclusive: B (13 + 8) / 8 = 2.625, A (14 + 18) / 20 = 1.6, gap 1.025. Sharing: B keeps
    // 3/4, A gets 1/4: B ends at 8 / 0.75 = 10.67, A at 10.67 + 10 - 10.67 / 4 = 18:
    // B 2.958, A 1.6, gap 1.358, not fairer.
    {"srtf-adaptive", 32 * us, 24 * us},
};

TEST(TwoKernelPolicies, EachPolicyFinishesTheKernelsWhenWorkedOutByHand) {
  for (const Finish& expected : kHandWorked) {
    const Scenario s = load_scenario_text(std::string(testing::kTwoCuDevice) + R"(
kernels:
  - {name: long, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: short, workgroup_size: 64, vgprs: 1, wg_time: 4us, contention: 0}
queues:
  - {name: qa, packets: [{name: A, dispatch: long, workgroups: 16}]}
  - {name: qb, packets: [{name: B, dispatch: short, workgroups: 16, at: 1us}]}
scheduling: {thread_block: )" + expected.policy +
                                              ", params: " + expected.params + "}\n",
                                          "pair.yaml");
    const RunReport r = testing::run_checked(s);
    SCOPED_TRACE(std::string(expected.policy) + " " + expected.params);
    ASSERT_EQ(r.outcome.status, RunStatus::completed);
    ASSERT_EQ(r.kernels.size(), 2u);
    EXPECT_EQ(r.kernels[0].alone, 20 * us);
    EXPECT_EQ(r.kernels[1].alone, 8 * us);
    EXPECT_EQ(r.kernels[0].end, expected.a_end) << expected.policy << " A";
    EXPECT_EQ(r.kernels[1].end, expected.b_end) << expected.policy << " B";
  }
}

}  // namespace
}  // namespace aqlsim
