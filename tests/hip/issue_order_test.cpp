// The order in which the HIP and CUDA executors' one host thread issues a plan's ops.
#include "hip_backend/gpu/issue_order.hpp"

#include <gtest/gtest.h>

#include <string>

#include "hip_backend/plan_deadlock.hpp"
#include "tests/hip/hand_plan.hpp"

namespace aqlsim::hip {
namespace {

using test_plans::add;

// An n x n Needleman-Wunsch wavefront, one queue per block, as graph lowering `per-task` makes
// it: block (i, j) is a barrier-AND on (i-1, j) and (i, j-1), then its dispatch; block (0, 0) is
// a dispatch alone. Queues row by row.
LaunchPlan wavefront(std::uint32_t n) {
  LaunchPlan plan;
  std::vector<std::uint32_t> dispatch(n * n);
  for (std::uint32_t i = 0; i < n; ++i) {
    for (std::uint32_t j = 0; j < n; ++j) {
      const std::uint32_t q = i * n + j;
      std::vector<std::uint32_t> deps;
      if (i > 0) deps.push_back(dispatch[q - n]);
      if (j > 0) deps.push_back(dispatch[q - 1]);
      if (!deps.empty()) add(plan, q, PlanOpKind::barrier_and, deps);
      dispatch[q] = add(plan, q, PlanOpKind::dispatch);
    }
  }
  return plan;
}

TEST(IssueOrder, IssuesAWavefrontAsItsDependenciesAreIssuedFirstReadyFirst) {
  // Ops: 0 = (0,0) dispatch; 1, 2 = (0,1) barrier on 0, dispatch; 3, 4 = (1,0) barrier on 0,
  // dispatch; 5, 6 = (1,1) barrier on 2 and 4, dispatch. Issuing 0 readies 1 then 3 (the order
  // of 0's dependants); 1 readies 2, 3 readies 4; 2 and 4 ready 5, then 6.
  EXPECT_EQ(issue_order(wavefront(2)), (std::vector<std::uint32_t>{0, 1, 3, 2, 4, 5, 6}));
}

TEST(IssueOrder, EveryOpComesOnceAfterItsQueuesPreviousOpAndWhatItWaitsOn) {
  const LaunchPlan plan = wavefront(8);
  const std::vector<std::uint32_t> order = issue_order(plan);
  ASSERT_EQ(order.size(), plan.ops.size());
  std::vector<std::size_t> position(plan.ops.size(), order.size());
  for (std::size_t p = 0; p < order.size(); ++p) {
    ASSERT_EQ(position[order[p]], order.size()) << "op " << order[p] << " issued twice";
    position[order[p]] = p;
  }
  for (const PlanQueue& queue : plan.queues) {
    for (std::size_t i = 1; i < queue.ops.size(); ++i)
      EXPECT_LT(position[queue.ops[i - 1]], position[queue.ops[i]]);
  }
  for (std::uint32_t op = 0; op < plan.ops.size(); ++op) {
    for (std::uint32_t dep : plan.ops[op].waits_for)
      EXPECT_LT(position[dep], position[op]) << "op " << op << " before its dependency " << dep;
  }
}

TEST(IssueOrder, EarlierSubmissionGoesFirstWhateverTheOpIndex) {
  LaunchPlan plan;
  add(plan, 0, PlanOpKind::dispatch, {}, 100 * kMicrosecond);
  add(plan, 1, PlanOpKind::dispatch, {}, 5 * kMicrosecond);
  add(plan, 2, PlanOpKind::dispatch, {}, 5 * kMicrosecond);  // as early: the lower index first
  EXPECT_EQ(issue_order(plan), (std::vector<std::uint32_t>{1, 2, 0}));
}

TEST(IssueOrder, AnOpWaitsForADependencyInALaterQueue) {
  // Queue 0: a barrier-AND on queue 1's dispatch, then a dispatch of its own.
  LaunchPlan plan;
  add(plan, 0, PlanOpKind::barrier_and, {2});
  add(plan, 0, PlanOpKind::dispatch);
  add(plan, 1, PlanOpKind::dispatch);
  EXPECT_EQ(issue_order(plan), (std::vector<std::uint32_t>{2, 0, 1}));
}

TEST(IssueOrder, ACycleOfDependenciesIsADeadlockNotAHang) {
  // Each queue's barrier waits on the other queue's dispatch, which comes after that barrier.
  LaunchPlan plan;
  add(plan, 0, PlanOpKind::barrier_and, {3});
  add(plan, 0, PlanOpKind::dispatch);
  add(plan, 1, PlanOpKind::barrier_and, {1});
  add(plan, 1, PlanOpKind::dispatch);
  EXPECT_THROW(issue_order(plan), PlanDeadlock);
}

TEST(IssueOrder, OneThreadUnlessTheHostMustPoll) {
  LaunchPlan plan = wavefront(2);
  EXPECT_TRUE(issues_from_one_thread(plan, false));
  EXPECT_TRUE(issues_from_one_thread(plan, true));  // nothing persistent to evict

  plan.dispatches[0].persistent_workers_per_cu = 1;
  EXPECT_TRUE(issues_from_one_thread(plan, false));
  EXPECT_FALSE(issues_from_one_thread(plan, true));  // the host evicts and relaunches it

  LaunchPlan with_or = wavefront(2);
  with_or.ops[5].kind = PlanOpKind::barrier_or;  // the host polls for an OR
  EXPECT_FALSE(issues_from_one_thread(with_or, false));
}

}  // namespace
}  // namespace aqlsim::hip
