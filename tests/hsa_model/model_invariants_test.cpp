// The invariant checker itself (tests/support/model_invariants.hpp), fed event sequences the
// model must never produce, each built by hand: it must report every one, from its own counts
// and not the model's. (A dispatcher that counted a killed work-group as done, and one that
// dropped the queue's CU mask, passed the checker before it counted for itself.)
#include "tests/support/model_invariants.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace aqlsim {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::ModelInvariants;

std::vector<std::string> reports;  // what the checker under test reported, in order

class Invariants : public ::testing::Test {
 protected:
  Invariants() : queue(0, "q", 4, 1), cu(spec) {
    reports.clear();
    spec.max_workgroups = 2;
    kernel.id = 0;
    kernel.queue = 0;
    kernel.total_workgroups = 2;
    kernel.resident_per_cu.assign(2, 0);
  }
  // The queue's packet retires and its kernel launches at `now`, as the packet processor does.
  void launch(Tick now) {
    kernel.queue_mask = queue.cu_mask();
    checker.on_packet_retired(queue, next_packet++, {}, now);
    checker.on_kernel_launched(kernel, now);
  }
  WorkgroupRecord start(std::uint64_t index, CuIndex on, Tick at) {
    WorkgroupRecord wg;
    wg.kernel = kernel.id;
    wg.cu = on;
    wg.index = index;
    wg.start = at;
    checker.on_workgroup_started(kernel, wg, cu);
    return wg;
  }
  void finish(WorkgroupRecord wg, Tick at) {
    wg.end = at;
    checker.on_workgroup_finished(kernel, wg);
  }

  ModelInvariants checker{[](const std::string& what) { reports.push_back(what); }};
  ComputeUnitSpec spec;
  UserQueue queue;
  ComputeUnit cu;  // empty whatever is started: only the checker's own count sees the load
  KernelState kernel;
  std::uint64_t next_packet = 0;
};

TEST_F(Invariants, ACleanRunReportsNothing) {
  launch(0);
  const WorkgroupRecord first = start(0, 0, 1);
  const WorkgroupRecord second = start(1, 1, 1);
  finish(first, 5);
  finish(second, 6);
  checker.on_kernel_completed(kernel, 6);
  checker.check_completed();
  EXPECT_THAT(reports, ElementsAre());
}

TEST_F(Invariants, AKernelCompletingWithAWorkGroupNeverFinishedIsReported) {
  launch(0);
  finish(start(0, 0, 1), 5);
  checker.on_kernel_completed(kernel, 5);  // work-group 1 never ran
  EXPECT_THAT(reports, ElementsAre("kernel 0 completed with 1 of its 2 work-groups finished and 0 "
                                   "on the device"));
}

TEST_F(Invariants, ALaunchedKernelThatNeverCompletesIsReportedAtTheEnd) {
  launch(0);
  finish(start(0, 0, 1), 5);
  checker.check_completed();
  EXPECT_THAT(reports, ElementsAre("1 launched kernels never completed in a completed run"));
}

TEST_F(Invariants, TheQueuesMaskIsReadFromTheQueueNotFromTheKernel) {
  queue.set_cu_mask({1, 0});
  launch(0);
  kernel.queue_mask.clear();  // as a dispatcher that dropped it would leave it
  start(0, 1, 1);
  EXPECT_THAT(reports, ElementsAre("work-group 0 of kernel 0 was placed on CU 1, which its "
                                   "queue's mask bars"));
}

TEST_F(Invariants, ACuOverItsWorkGroupsIsCountedHere) {
  kernel.total_workgroups = 3;
  launch(0);
  start(0, 0, 1);
  EXPECT_THAT(reports, ElementsAre());
  start(1, 0, 1);
  start(2, 0, 1);  // a third on a CU of two: the model's own CU (empty here) says nothing
  EXPECT_THAT(reports, ElementsAre("CU 0 holds more than its totals (counted here)"));
}

TEST_F(Invariants, OrderAndTimeAreChecked) {
  launch(10);
  start(0, 0, 5);  // before its kernel's launch, and back in time
  EXPECT_THAT(reports, ElementsAre("time ran back from 10 to 5 ps",
                                   "work-group 0 of kernel 0 started before its kernel's launch"));
  reports.clear();
  checker.on_packet_retired(queue, 3, {}, 20);  // packet 1 was next
  EXPECT_THAT(reports, ElementsAre("queue q retired packet 3 where packet 1 was next"));
}

TEST_F(Invariants, AWorkGroupRunTwiceOrFinishedWhileNotRunningIsReported) {
  launch(0);
  const WorkgroupRecord wg = start(0, 0, 1);
  start(0, 1, 1);
  finish(wg, 5);
  finish(wg, 6);
  EXPECT_THAT(reports,
              ElementsAre(HasSubstr("work-group 0 of kernel 0 started twice at once"),
                          HasSubstr("work-group 0 of kernel 0 finished while not running")));
}

}  // namespace
}  // namespace aqlsim
