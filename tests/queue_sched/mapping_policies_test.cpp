// The five queue-mapping policies on hand-analysed cases with one hardware slot: quantum
// 100 us, no map or unmap cost, 1 us per packet, one-work-group kernels of exact duration.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>

#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim {
namespace {

using testing::us;
const char* const kPolicies[] = {"rr-timeslice", "rr-idle", "rr-ready", "priority-static",
                                 "priority-dynamic"};

Tick makespan(const std::string& yaml, const std::string& policy) {
  auto sim = testing::simulate(
      yaml, {"device.front_end.hw_queues=1", "scheduling.queue_mapping=" + policy});
  EXPECT_EQ(sim->outcome.status, RunStatus::completed) << policy;
  Tick end = 0;
  for (const KernelState& k : sim->gpu().kernels())
    end = std::max(end, k.end);
  return end;
}

const std::string kKernels = R"(
kernels:
  - {name: k10, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: k50, workgroup_size: 64, vgprs: 1, wg_time: 50us, contention: 0}
)";

// q1's barrier waits for c in q2. q0 is mapped at creation: a runs [1,11].
// rr-timeslice: 100 q1 (barrier blocked), 200 q2 (c [201,211]), 300 q0 (empty),
//   400 q1 (barrier passes [400,401], b processed [401,402], runs [402,412]) -> 412.
// rr-idle: the same swaps (every slot is idle at each quantum) -> 412.
// rr-ready: 100 q2 (q1 not ready): c [101,111]; 200 q1: b [202,212] -> 212.
// priority-static (q1 3 > q2 2 > q0 1) and -dynamic: q1 is not ready at 100, so q2 first,
//   then q1 at 200 -> 212.
TEST(MappingPolicies, ReadinessAwarePoliciesSkipTheBlockedQueue) {
  const std::string yaml = std::string(testing::kTinyDevice) + kKernels + R"(
queues:
  - {name: q0, priority: 1, packets: [{name: a, dispatch: k10}]}
  - {name: q1, priority: 3, packets: [{name: wait, barrier_and: [c]}, {name: b, dispatch: k10}]}
  - {name: q2, priority: 2, packets: [{name: c, dispatch: k10}]}
)";
  const Tick expected[] = {412 * us, 412 * us, 212 * us, 212 * us, 212 * us};
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(makespan(yaml, kPolicies[i]), expected[i]) << kPolicies[i];
}

// x, y take 10 us and z 50 us; q2 has the highest queue priority, but the packet at q1's head
// has priority 9. q0 is mapped at creation: x runs [1,11].
// rr-timeslice, rr-idle, rr-ready: 100 q1 (y [101,111]), 200 q2 (z [201,251]) -> 251.
// priority-static: 100 q2 (priority 5): z [101,151]; 200 q1: y [201,211] -> 211.
// priority-dynamic: 100 q1 (head priority 9 > 5): y; 200 q2: z [201,251] -> 251.
TEST(MappingPolicies, PriorityPoliciesFollowQueueOrHeadPriority) {
  const std::string yaml = std::string(testing::kTinyDevice) + kKernels + R"(
queues:
  - {name: q0, priority: 1, packets: [{name: x, dispatch: k10}]}
  - {name: q1, priority: 1, packets: [{name: y, dispatch: k10, priority: 9}]}
  - {name: q2, priority: 5, packets: [{name: z, dispatch: k50}]}
)";
  const Tick expected[] = {251 * us, 251 * us, 251 * us, 211 * us, 251 * us};
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(makespan(yaml, kPolicies[i]), expected[i]) << kPolicies[i];
}

// With max_unfinished_per_queue 1, q0's a1 cannot be fetched while a0 runs (a 150 us kernel,
// [1,151]): q0 is not ready, as a queue whose head waits on the barrier bit is not, although its
// priority is the higher. At 100: rr-ready and both priority policies swap q1 in: b [101,111];
// at 200 q0 again: a1 [201,211]. rr-timeslice swaps at 100 anyway (the same times); rr-idle keeps
// q0 (a kernel in flight is not idle): a1 [152,162], then b [201,211]. Counted ready, q0 kept
// its slot, blocked, under every policy but rr-timeslice, and b ended at 211.
TEST(MappingPolicies, AQueueAtItsUnfinishedLimitIsNotReady) {
  const std::string yaml = std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: k10, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: k150, workgroup_size: 64, vgprs: 1, wg_time: 150us, contention: 0}
queues:
  - {name: q0, priority: 2, packets: [{name: a0, dispatch: k150}, {name: a1, dispatch: k10}]}
  - {name: q1, priority: 1, packets: [{name: b, dispatch: k10}]}
)";
  const Tick b_end[] = {111 * us, 211 * us, 111 * us, 111 * us, 111 * us};
  const Tick a1_end[] = {211 * us, 162 * us, 211 * us, 211 * us, 211 * us};
  for (int i = 0; i < 5; ++i) {
    auto sim = testing::simulate(
        yaml, {"device.front_end.hw_queues=1", "device.front_end.max_unfinished_per_queue=1",
               std::string("scheduling.queue_mapping=") + kPolicies[i]});
    ASSERT_EQ(sim->outcome.status, RunStatus::completed) << kPolicies[i];
    std::map<std::pair<QueueId, std::uint64_t>, Tick> end;  // by (queue, packet)
    for (const KernelState& k : sim->gpu().kernels())
      end[{k.queue, k.packet_index}] = k.end;
    EXPECT_EQ(end.at({1, 0}), b_end[i]) << kPolicies[i];
    EXPECT_EQ(end.at({0, 1}), a1_end[i]) << kPolicies[i];
  }
}

// A queue in its error state keeps its packets and never runs them: counted as work, it kept the
// timer ticking every quantum (100 of them here, rotating the failed and empty queues in and
// out under rr-idle) until b's submission at 10 ms, where a run whose queue a holds a valid
// dispatch sleeps. b ends when it does in that run.
TEST(MappingPolicies, AFailedQueueDoesNotKeepTheTimerAwake) {
  const auto run = [](const std::string& a_packet) {
    return testing::simulate(std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: k10, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}
queues:
  - {name: a, packets: [)" + a_packet +
                                 R"(]}
  - {name: b, packets: [{name: b, dispatch: k10, at: 10ms}]}
  - {name: c, packets: [{name: c, dispatch: k10}]}
scheduling: {queue_mapping: rr-idle}
)",
                             {"device.front_end.hw_queues=1"});
  };
  const auto failed = run("{name: bad, raw_type: 0}");
  const auto valid = run("{name: fine, dispatch: k10}");
  ASSERT_EQ(failed->outcome.errors.size(), 1u);
  EXPECT_EQ(failed->kernel("b").end, valid->kernel("b").end);
  EXPECT_LE(failed->gpu().engine().events_processed(), valid->gpu().engine().events_processed());
}

// With no more queues than slots nothing is ever unmapped, so every policy gives the same
// timeline: a Needleman-Wunsch 4x4 wavefront, one queue per task, 16 slots, with spread.
TEST(MappingPolicies, WithEnoughSlotsAllPoliciesAgree) {
  const std::string yaml = R"(
device: {preset: cdna, compute_units: 4, front_end: {hw_queues: 16}}
kernels:
  - {name: block, workgroup_size: 256, workgroups: 8, vgprs: 32, wg_time: 10us, rsd: 0.2}
graph:
  generate: {kind: nw, n: 4, kernel: block}
)";
  std::vector<std::vector<Tick>> ends;
  for (const char* policy : kPolicies) {
    auto sim = testing::simulate(yaml, {std::string("scheduling.queue_mapping=") + policy});
    ASSERT_EQ(sim->outcome.status, RunStatus::completed) << policy;
    EXPECT_EQ(sim->gpu().unmap_count(), 0u) << policy;
    std::vector<Tick> e;
    for (const KernelState& k : sim->gpu().kernels())
      e.push_back(k.end);
    ends.push_back(e);
  }
  for (std::size_t i = 1; i < ends.size(); ++i)
    EXPECT_EQ(ends[i], ends[0]) << kPolicies[i];
}

// The foundation's invariants (checked by the simulation helper: CU limits, every work-group
// once, every signal at 0) hold under every policy with far more queues than slots, and no
// policy loses a packet: every task of the graph runs.
TEST(MappingPolicies, InvariantsHoldForEveryPolicyWhenOversubscribed) {
  const std::string yaml = R"(
device: {preset: cdna, compute_units: 8, front_end: {hw_queues: 4, quantum: 20us}}
kernels:
  - {name: block, workgroup_size: 256, workgroups: 16, vgprs: 32, wg_time: 10us, rsd: 0.3}
graph:
  generate: {kind: nw, n: 6, kernel: block}
)";
  for (const char* policy : kPolicies) {
    auto sim = testing::simulate(yaml, {std::string("scheduling.queue_mapping=") + policy});
    ASSERT_EQ(sim->outcome.status, RunStatus::completed) << policy;
    EXPECT_EQ(sim->gpu().kernels().size(), 36u) << policy;
    EXPECT_GT(sim->gpu().unmap_count(), 0u) << policy;
  }
}

}  // namespace
}  // namespace aqlsim
