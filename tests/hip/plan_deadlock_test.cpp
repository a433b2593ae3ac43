// Plans that can never complete, found before any executor runs them.
#include "hip_backend/plan_deadlock.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "tests/hip/hand_plan.hpp"

namespace aqlsim::hip {
namespace {

using test_plans::add;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using Ops = std::vector<std::uint32_t>;

// q0: op0 barrier-AND on op3, op1 dispatch; q1: op2 barrier-AND on op1, op3 dispatch. op0 waits
// for op3, which waits (queue order) for op2, which waits for op1, which waits for op0.
LaunchPlan crossed() {
  LaunchPlan plan;
  add(plan, 0, PlanOpKind::barrier_and, {3});
  add(plan, 0, PlanOpKind::dispatch);
  add(plan, 1, PlanOpKind::barrier_and, {1});
  add(plan, 1, PlanOpKind::dispatch);
  return plan;
}

TEST(PlanDeadlock, APlanThatCanFinishPasses) {
  LaunchPlan plan;
  const std::uint32_t a = add(plan, 0, PlanOpKind::dispatch);
  const std::uint32_t b = add(plan, 1, PlanOpKind::dispatch);
  add(plan, 2, PlanOpKind::barrier_and, {a, b});
  add(plan, 2, PlanOpKind::barrier_or, {});  // an OR naming nothing is satisfied
  add(plan, 2, PlanOpKind::dispatch);
  EXPECT_THAT(ops_that_never_complete(plan), ElementsAre());
  EXPECT_NO_THROW(check_plan_completes(plan));
}

TEST(PlanDeadlock, ACycleAndWhatWaitsOnItNeverComplete) {
  LaunchPlan plan = crossed();
  add(plan, 2, PlanOpKind::barrier_and, {1});  // op4 waits on the cycle
  add(plan, 2, PlanOpKind::dispatch);          // op5, behind it in its queue
  add(plan, 3, PlanOpKind::dispatch);          // op6 waits on nothing
  EXPECT_EQ(ops_that_never_complete(plan), (Ops{0, 1, 2, 3, 4, 5}));
}

TEST(PlanDeadlock, TheErrorNamesTheCycle) {
  try {
    check_plan_completes(crossed());
    FAIL() << "no deadlock found";
  } catch (const PlanDeadlock& e) {
    EXPECT_THAT(e.what(), HasSubstr("'op0' (queue 'q0') waits for 'op3' (queue 'q1'), which waits "
                                    "for 'op2' (queue 'q1'), which waits for 'op1' (queue 'q0'), "
                                    "which waits for 'op0'"));
    EXPECT_THAT(e.what(), HasSubstr("4 of its 4 packets"));
  }
}

TEST(PlanDeadlock, AnOrNeedsOnlyOneOfItsOpsToComplete) {
  // op4 ORs the stuck op1 and the free op5, so it and its queue's op6 complete; op7 ORs only
  // stuck ops and never does.
  LaunchPlan plan = crossed();
  add(plan, 2, PlanOpKind::barrier_or, {1, 5});
  const std::uint32_t free = add(plan, 3, PlanOpKind::dispatch);
  ASSERT_EQ(free, 5u);
  add(plan, 2, PlanOpKind::dispatch);
  add(plan, 4, PlanOpKind::barrier_or, {1, 3});
  EXPECT_EQ(ops_that_never_complete(plan), (Ops{0, 1, 2, 3, 7}));
}

TEST(PlanDeadlock, ABarrierOnALaterOpOfItsOwnQueueIsACycle) {
  LaunchPlan plan;
  add(plan, 0, PlanOpKind::barrier_and, {1});
  add(plan, 0, PlanOpKind::dispatch);
  EXPECT_EQ(ops_that_never_complete(plan), (Ops{0, 1}));
  EXPECT_THROW(check_plan_completes(plan), PlanDeadlock);
}

// The same rule as ops_that_never_complete, applied the slow way: sweep every op until a sweep
// settles nothing new.
Ops never_by_sweeps(const LaunchPlan& plan) {
  std::vector<bool> done(plan.ops.size(), false);
  for (bool changed = true; changed;) {
    changed = false;
    for (const PlanQueue& queue : plan.queues) {
      for (std::size_t i = 0; i < queue.ops.size(); ++i) {
        const std::uint32_t op = queue.ops[i];
        const PlanOp& o = plan.ops[op];
        const auto is_done = [&](std::uint32_t dep) { return static_cast<bool>(done[dep]); };
        const bool barrier_met =
            o.kind == PlanOpKind::barrier_or
                ? o.waits_for.empty() ||
                      std::any_of(o.waits_for.begin(), o.waits_for.end(), is_done)
                : std::all_of(o.waits_for.begin(), o.waits_for.end(), is_done);
        if (!done[op] && (i == 0 || done[queue.ops[i - 1]]) && barrier_met) {
          done[op] = true;
          changed = true;
        }
      }
    }
  }
  Ops never;
  for (std::uint32_t op = 0; op < plan.ops.size(); ++op) {
    if (!done[op]) never.push_back(op);
  }
  return never;
}

TEST(PlanDeadlock, AgreesWithSweepsOnRandomPlans) {
  std::mt19937 rng(7);
  int deadlocked = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    LaunchPlan plan;
    const std::uint32_t ops = 2 + rng() % 9;
    for (std::uint32_t i = 0; i < ops; ++i) {
      const std::uint32_t queue = rng() % 4;
      const std::uint32_t kind = rng() % 3;
      std::vector<std::uint32_t> waits;
      // Dependencies on any op, earlier or later (a later one may close a cycle).
      for (std::uint32_t k = rng() % 3; k > 0; --k)
        waits.push_back(rng() % ops);
      if (kind == 0) {
        add(plan, queue, PlanOpKind::dispatch);
      } else {
        add(plan, queue, kind == 1 ? PlanOpKind::barrier_and : PlanOpKind::barrier_or, waits);
      }
    }
    const Ops never = ops_that_never_complete(plan);
    ASSERT_EQ(never, never_by_sweeps(plan)) << "trial " << trial;
    if (!never.empty()) {
      ++deadlocked;
      EXPECT_THROW(check_plan_completes(plan), PlanDeadlock) << "trial " << trial;
    }
  }
  // Both kinds of plan were drawn often.
  EXPECT_GT(deadlocked, 200);
  EXPECT_LT(deadlocked, 1800);
}

}  // namespace
}  // namespace aqlsim::hip
