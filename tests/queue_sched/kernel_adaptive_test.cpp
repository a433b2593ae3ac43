// Bashizade et al.'s adaptive multi-tenancy: the pruned profile, the greedy allocation on a
// three-kernel case worked by hand, and the service resizing a running kernel for a newcomer.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "queue_sched/greedy_allocation.hpp"
#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim {
namespace {

using testing::us;

TEST(KernelAdaptive, ProfilesArePrunedToRuntimesThatFall) {
  const std::vector<Tick> runtimes{100, 60, 70, 45, 45, 40};
  const std::vector<ConfigPoint> kept = prune_profile(runtimes);
  ASSERT_EQ(kept.size(), 4u);
  EXPECT_EQ(kept[0].workers, 1u);
  EXPECT_EQ(kept[1].workers, 2u);
  EXPECT_EQ(kept[2].workers, 4u);  // 3 workers (70) are slower than 2; 5 (45) no faster than 4
  EXPECT_EQ(kept[3].workers, 6u);
  EXPECT_EQ(kept[3].runtime, 40);
}

// One CU of 8 one-wave slots. K1: 1..4 workers take 100, 60, 45, 40; K2: 1..3 take 80, 50, 40;
// K3 (half done): 1..2 take 30, 20, so it has 15 and 10 left.
//   start (1,1,1); longest K1 100 -> 2 (60); K2 80 -> 2 (50); K1 60 -> 3 (45); K2 50 -> 3 (40);
//   K1 45 -> 4 (40), 8 workers in all; K1 40 and K2 40 (tie: K1 first) are at their last points
//   and are marked; K3 15 -> 2 would make 9 > 8: rolled back and marked. Result (4, 3, 1).
TEST(KernelAdaptive, GreedyAllocationOnThreeKernelsWorkedByHand) {
  ComputeUnitSpec cu;
  cu.simds = 1;
  cu.waves_per_simd = 8;
  cu.vgprs_per_simd = 1024;
  cu.vgpr_granule = 1;
  cu.sgprs_per_simd = 0;
  cu.max_workgroups = 8;
  const WorkgroupDemand one_wave{
      .waves = 1, .vgprs_per_wave = 1, .sgprs_per_wave = 0, .lds_bytes = 0};
  const std::vector<AllocationCandidate> candidates{
      {one_wave, {{1, 100}, {2, 60}, {3, 45}, {4, 40}}, 1.0},
      {one_wave, {{1, 80}, {2, 50}, {3, 40}}, 1.0},
      {one_wave, {{1, 30}, {2, 20}}, 0.5},
  };
  EXPECT_EQ(greedy_allocation(cu, candidates), (std::vector<std::uint32_t>{4, 3, 1}));
  // A fourth kernel whose first point does not fit beside the others' first points waits.
  std::vector<AllocationCandidate> crowded(9, candidates[2]);
  const auto workers = greedy_allocation(cu, crowded);
  EXPECT_EQ(workers[8], 0u);
  EXPECT_EQ(workers[7], 1u);
}

// The tiny device (one CU, 8 one-wave slots), 1 us packets; launch command 1 us, eviction
// command 2 us, pending read 3 us. A: 16 tasks of 10 us on up to 8 workers; B: 4 tasks on up to
// 4, submitted at 4 us. Profiles (alone, no scheduler, 1 us packet): A with w workers
// 1 + ceil(16 / w) * 10 -> points 1, 2, 3, 4, 6, 8 (5 and 7 are no faster); B 41, 21, 21, 11 ->
// points 1, 2, 4.
//  At 1 A alone gets 8 workers: launch lands at 2, 8 tasks [2,12].
//  At 5 B arrives: from (1,1): A 161 -> 2, 81 -> 3, 61 -> 4, 41 ties B's 41 and goes first -> 6
//  (31); B 41 -> 2 (21), 8 in all; A 31 -> 8 no longer fits: marked; B 21 -> 4 does not fit:
//  marked. A shrinks to 6 (lands at 7, its 8 tasks run on), B gets 2 (lands at 6, no room).
//  At 12: A takes 6 slots and B 2 [12,22]; at 22 A's last 2 tasks and B's last 2 [22,32].
TEST(KernelAdaptive, TheServiceShrinksARunningKernelToMakeRoomForANewcomer) {
  struct Starts final : ModelObserver {
    void on_workgroup_started(const KernelState& k, const WorkgroupRecord& wg,
                              const ComputeUnit&) override {
      ++count[{k.id, wg.start}];
    }
    std::map<std::pair<KernelId, Tick>, int> count;
  } starts;
  const Scenario s = load_scenario_text(
      std::string(testing::kTinyDevice) +
          "  preemption: {launch_command: 1us, eviction_command: 2us, pending_read: 3us}\n"
          "kernels:\n"
          "  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, "
          "persistent: {workers_per_cu: 8}}\n"
          "  - {name: j, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, "
          "persistent: {workers_per_cu: 4}}\n"
          "queues:\n"
          "  - {name: qa, packets: [{name: A, dispatch: k, workgroups: 16}]}\n"
          "  - {name: qb, packets: [{name: B, dispatch: j, workgroups: 4, at: 4us}]}\n"
          "scheduling: {kernel: kernel-adaptive}\n",
      "adaptive.yaml");
  testing::InvariantChecker checker;
  RunOptions options;
  options.observers = {&starts, &checker};
  const RunReport r = run_scenario(s, options);
  ASSERT_EQ(r.outcome.status, RunStatus::completed);
  const std::map<std::pair<KernelId, Tick>, int> expected{
      {{0, 2 * us}, 8}, {{0, 12 * us}, 6}, {{1, 12 * us}, 2}, {{0, 22 * us}, 2}, {{1, 22 * us}, 2}};
  EXPECT_EQ(starts.count, expected);
  ASSERT_EQ(r.kernels.size(), 2u);
  EXPECT_EQ(r.kernels[0].end, 32 * us);
  EXPECT_EQ(r.kernels[1].end, 32 * us);
}

// The decision when a kernel's last block starts. As above, but B has 24 tasks on up to 8
// workers (profile 241, 121, 81, 61, 51, 41, 41, 31 -> points 1-6 and 8). At 5, from (1,1):
// B 241 -> 2; A 161 -> 2; B 121 -> 3; A 81 ties B 81 -> 3; B 81 -> 4; A 61 ties -> 4 (8 in
// all); B 61 -> 5 does not fit, marked; A 41 -> 6 does not fit, marked: (4, 4). A shrinks to 4
// (lands at 7), B's 4 land at 6; both start 4 tasks at 12 and at 22, when A's last task starts.
// The host hears of that at 25: A is left out and B alone grows to 8 (lands at 26), so at 32,
// when A's last tasks end, B starts 8 [32,42] and its last 8 [42,52]. Deciding only at A's
// completion (read at 35) would start B's tasks 4 at a time and end it at 56.
TEST(KernelAdaptive, TheServiceDecidesAgainWhenAKernelsLastBlockStarts) {
  struct Starts final : ModelObserver {
    void on_workgroup_started(const KernelState& k, const WorkgroupRecord& wg,
                              const ComputeUnit&) override {
      if (k.id == 1) ++b[wg.start];
    }
    std::map<Tick, int> b;
  } starts;
  const Scenario s = load_scenario_text(
      std::string(testing::kTinyDevice) +
          "  preemption: {launch_command: 1us, eviction_command: 2us, pending_read: 3us}\n"
          "kernels:\n"
          "  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, "
          "persistent: {workers_per_cu: 8}}\n"
          "queues:\n"
          "  - {name: qa, packets: [{name: A, dispatch: k, workgroups: 16}]}\n"
          "  - {name: qb, packets: [{name: B, dispatch: k, workgroups: 24, at: 4us}]}\n"
          "scheduling: {kernel: kernel-adaptive}\n",
      "adaptive.yaml");
  testing::InvariantChecker checker;
  RunOptions options;
  options.observers = {&starts, &checker};
  const RunReport r = run_scenario(s, options);
  ASSERT_EQ(r.outcome.status, RunStatus::completed);
  EXPECT_EQ(starts.b,
            (std::map<Tick, int>{{12 * us, 4}, {22 * us, 4}, {32 * us, 8}, {42 * us, 8}}));
  ASSERT_EQ(r.kernels.size(), 2u);
  EXPECT_EQ(r.kernels[0].end, 32 * us);
  EXPECT_EQ(r.kernels[1].end, 52 * us);
}

}  // namespace
}  // namespace aqlsim
