// Wu et al.'s SM-centric co-runs: the model's partition on a case worked by hand, and the
// partition applied: exactly the wanted workers per CU, on disjoint CUs, a kernel moved off
// CUs retreating as its tasks end, and the survivor getting every CU back.
#include "queue_sched/kernel_sm_centric.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

constexpr Tick us = kMicrosecond;

// Isolated runtimes (us) with w + 1 workers per CU on 4 CUs of 8 slots, 1 us packet:
// A, 64 tasks of 10 us: 1 + ceil(16 / w) * 10; B, 32 tasks: 1 + ceil(8 / w) * 10.
std::vector<Tick> runtimes(int tasks_per_cu) {
  std::vector<Tick> out;
  for (int w = 1; w <= 8; ++w)
    out.push_back((1 + (tasks_per_cu + w - 1) / w * 10) * us);
  return out;
}

// s = 1: A 21 * 4 = 84. s = 2: A 21 * 2 = 42, B needs 11 * 2 <= 42 -> the fewest workers with
// 21 us (4): 42. s = 3: A 28, B 11 * 4 = 44. So (2, 8, 4).
TEST(KernelSmCentric, TheModelSplitsTheCusToShortenTheLongerKernel) {
  const auto p = KernelSmCentric::predict(4, runtimes(16), 1.0, runtimes(8), 1.0);
  EXPECT_EQ(p.first_cus, 2u);
  EXPECT_EQ(p.first_workers, 8u);
  EXPECT_EQ(p.second_workers, 4u);
}

// Both reach the scheduler at 1. A alone: every CU, 8 workers, launch lands at 2. B arrives at
// the same tick: A is moved to CUs 0-1 (eviction command, lands at 3), B gets CUs 2-3 with 4
// workers each (lands at 2, but A filled every slot at 2: 32 tasks [2,12]). At 12 A runs 16
// tasks on CUs 0-1 [12,22] and [22,32]; B 8 tasks on CUs 2-3 at 12, 22 and 32. A's end is
// read at 35; B alone gets every CU and 8 workers (launch commands, at 36): its last 8 tasks
// start at 36 on all four CUs, two each [36,46].
TEST(KernelSmCentric, CoRunnersKeepToTheirCusWithTheWantedWorkersEach) {
  struct Starts final : ModelObserver {
    void on_workgroup_started(const KernelState& k, const WorkgroupRecord& wg,
                              const ComputeUnit&) override {
      ++count[{k.id, wg.start, wg.cu}];
    }
    std::map<std::tuple<KernelId, Tick, CuIndex>, int> count;
  } starts;
  const Scenario s = load_scenario_text(R"(
device:
  compute_units: 4
  cu: {simds: 1, waves_per_simd: 8, vgprs_per_simd: 1024, vgpr_granule: 1, sgprs_per_simd: 0,
       max_workgroups: 8}
  front_end: {packet_latency: 1us}
  preemption: {launch_command: 1us, eviction_command: 2us, pending_read: 3us}
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0,
     persistent: {workers_per_cu: 8}}
queues:
  - {name: qa, packets: [{name: A, dispatch: k, workgroups: 64}]}
  - {name: qb, packets: [{name: B, dispatch: k, workgroups: 32}]}
scheduling: {kernel: kernel-smc}
)",
                                        "smc.yaml");
  testing::InvariantChecker checker;
  RunOptions options;
  options.observers = {&starts, &checker};
  const RunReport r = run_scenario(s, options);
  ASSERT_EQ(r.outcome.status, RunStatus::completed);
  std::map<std::tuple<KernelId, Tick, CuIndex>, int> expected;
  for (CuIndex cu = 0; cu < 4; ++cu) {
    expected[{0, 2 * us, cu}] = 8;
    expected[{1, 36 * us, cu}] = 2;
  }
  for (CuIndex cu : {0u, 1u}) {
    expected[{0, 12 * us, cu}] = 8;
    expected[{0, 22 * us, cu}] = 8;
  }
  for (CuIndex cu : {2u, 3u}) {
    for (const Tick t : {12 * us, 22 * us, 32 * us})
      expected[{1, t, cu}] = 4;
  }
  EXPECT_EQ(starts.count, expected);
  ASSERT_EQ(r.kernels.size(), 2u);
  EXPECT_EQ(r.kernels[0].end, 32 * us);
  EXPECT_EQ(r.kernels[1].end, 46 * us);
}

}  // namespace
}  // namespace aqlsim
