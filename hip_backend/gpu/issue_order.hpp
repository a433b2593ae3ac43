#pragma once
// The order in which one host thread hands a plan's ops to their streams (HIP and CUDA), without
// calling the runtime, so it is tested without a GPU.
//
// A stream can wait only on an event that has been recorded, so an op may be issued only after
// its queue's previous op and the ops it waits on. One host thread per queue does that by
// waiting on the host (IssueBoard), but then the host's scheduling of hundreds of threads sets
// when each op reaches the GPU (on NW's 256 queues, a task's turnaround was 57 us on one
// machine and 248 us on another, for 12 us of work). One thread issuing in a fixed order hands
// the waiting to the GPU, as the model's packet processor does.
#include <cstdint>
#include <vector>

#include "hip_backend/launch_plan.hpp"

namespace aqlsim::hip {

// Whether one host thread can issue the whole plan: the host must poll for a barrier-OR (neither
// runtime has one), and for a persistent dispatch under an eviction period (it evicts and
// relaunches), which would hold up every other queue.
bool issues_from_one_thread(const LaunchPlan& plan, bool evicting);

// Every op once, each after its queue's previous op and after every op its barrier-AND waits
// on. Of the ops that may go next, the earliest submission time goes first, then the one that
// became ready first (the per-queue threads' order without their scheduling noise), then the
// lower op index. Requires issues_from_one_thread; throws PlanDeadlock (plan_deadlock.hpp) if
// ops wait on one another in a cycle (no order exists: the run would never end).
std::vector<std::uint32_t> issue_order(const LaunchPlan& plan);

}  // namespace aqlsim::hip
