// Wu et al.'s SM-centric co-runs: the model's partition on a case worked by hand, and the
// partition applied: exactly the wanted workers per CU, on disjoint CUs, a kernel moved off
// CUs retreating as its tasks end, and the survivor getting every CU back.
#include "queue_sched/kernel_sm_centric.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

using testing::us;

// 4 CUs of 8 one-wave slots; kernel k: persistent, 8 workers per CU, tasks of 10 us.
constexpr const char* kFourCus = R"(
device:
  compute_units: 4
  cu: {simds: 1, waves_per_simd: 8, vgprs_per_simd: 1024, vgpr_granule: 1, sgprs_per_simd: 0,
       max_workgroups: 8}
  front_end: {packet_latency: 1us}
  preemption: {launch_command: 1us, eviction_command: 2us, pending_read: 3us}
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0,
     persistent: {workers_per_cu: 8}}
)";

// Isolated runtimes (us) with w + 1 workers per CU on 4 CUs of 8 slots, 1 us packet:
// A, 64 tasks of 10 us: 1 + ceil(16 / w) * 10; B, 32 tasks: 1 + ceil(8 / w) * 10.
std::vector<Tick> runtimes(int tasks_per_cu) {
  std::vector<Tick> out;
  for (int w = 1; w <= 8; ++w)
    out.push_back((1 + (tasks_per_cu + w - 1) / w * 10) * us);
  return out;
}

// The model's STP estimate, both kernels with all 8 workers (fewer only slow them): A alone 21,
// B alone 11.
//  s = 1: A 84, B 44/3 = 14.67 ends first; A then has 1 - 14.67/84 of its work left on all CUs:
//         14.67 + 0.8254 * 21 = 32. STP = 21/32 + 11/14.67 = 1.406.
//  s = 2: A 42, B 22; A ends at 22 + (1 - 22/42) * 21 = 32. STP = 0.656 + 0.5 = 1.156.
//  s = 3: A 28 ends first, B 44: 28 + (1 - 28/44) * 11 = 32. STP = 0.75 + 0.344 = 1.094.
// So (1, 8, 8): the shorter kernel gets most of the device.
TEST(KernelSmCentric, TheModelPicksThePartitionWithTheHighestEstimatedThroughput) {
  const auto p = KernelSmCentric::predict(4, {}, runtimes(16), 1.0, runtimes(8), 1.0);
  EXPECT_EQ(p.first_cus, 1u);
  EXPECT_EQ(p.first_workers, 8u);
  EXPECT_EQ(p.second_workers, 8u);
}

// Given values are kept and the model chooses the others. Profiles (us) where two workers per
// CU are fastest: first 100 / 60 / 80, second 50 / 40 / 45 for 1 / 2 / 3 workers; alone 60 and
// 40. On 4 CUs with s = 3: a = first[w1] * 4/3, b = second[w2] * 4.
//  (3,2,2): a 80 ends first, b 160: 80 + (1 - 80/160) * 40 = 100. STP = 60/80 + 40/100 = 1.15.
//  (3,2,1): b 200, ends at 80 + 0.6 * 40 = 104: 1.135; (3,2,3): b 180, 102.2: 1.141.
//  (3,1,2): a 133.3, b ends at 140: 0.736; (3,3,2): a 106.7, b ends at 120: 0.896.
// With w1 = 3 also given: w2 = 1 gives b 200, ending at 125.3: 0.882; w2 = 3, b 180, ending at
// 123: 0.888; so w2 = 2 (0.896). Free, the model takes s = 1: (1,2,2), a 240, b 53.3 ending
// first, a at 53.3 + (1 - 53.3/240) * 60 = 100: STP 0.6 + 0.75 = 1.35.
TEST(KernelSmCentric, TheModelChoosesOnlyWhatIsNotGiven) {
  const std::vector<Tick> first{100 * us, 60 * us, 80 * us};
  const std::vector<Tick> second{50 * us, 40 * us, 45 * us};
  using P = KernelSmCentric::Partition;
  const auto as_tuple = [](const P& p) {
    return std::tuple(p.first_cus, p.first_workers, p.second_workers);
  };
  EXPECT_EQ(as_tuple(KernelSmCentric::predict(4, {}, first, 1.0, second, 1.0)),
            std::tuple(1u, 2u, 2u));
  EXPECT_EQ(as_tuple(KernelSmCentric::predict(4, {.first_cus = 3}, first, 1.0, second, 1.0)),
            std::tuple(3u, 2u, 2u));
  EXPECT_EQ(as_tuple(KernelSmCentric::predict(4, {.first_cus = 3, .first_workers = 3}, first, 1.0,
                                              second, 1.0)),
            std::tuple(3u, 3u, 2u));
}

// Both reach the scheduler at 1. A alone: every CU, 8 workers, launch lands at 2. B arrives at
// the same tick: A is moved to CU 0 (eviction command, lands at 3), B gets CUs 1-3 with 8
// workers each (lands at 2, but A filled every slot at 2: 32 tasks [2,12]). From 12 A runs 8
// tasks at a time on CU 0 (at 12, 22, 32); B 24 on CUs 1-3 at 12 and its last 8 at 22, ending
// at 32. B's end is read at 35; A alone gets every CU back (launch command, at 36): its last 8
// tasks start at 36 on CUs 1-3 [36,46].
TEST(KernelSmCentric, CoRunnersKeepToTheirCusWithTheWantedWorkersEach) {
  struct Starts final : ModelObserver {
    void on_workgroup_started(const KernelState& k, const WorkgroupRecord& wg,
                              const ComputeUnit&) override {
      ++at[{k.id, wg.start}];
      ++on[{k.id, wg.start, wg.cu}];
      if (k.id == 1) b_cus.insert(wg.cu);
      if (k.id == 0 && wg.start >= 12 * us && wg.start < 36 * us) a_cus.insert(wg.cu);
    }
    std::map<std::pair<KernelId, Tick>, int> at;
    std::map<std::tuple<KernelId, Tick, CuIndex>, int> on;
    std::set<CuIndex> a_cus, b_cus;
  } starts;
  const Scenario s = load_scenario_text(std::string(kFourCus) + R"(
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
  const std::map<std::pair<KernelId, Tick>, int> expected{
      {{0, 2 * us}, 32}, {{0, 12 * us}, 8},  {{0, 22 * us}, 8}, {{0, 32 * us}, 8},
      {{0, 36 * us}, 8}, {{1, 12 * us}, 24}, {{1, 22 * us}, 8}};
  EXPECT_EQ(starts.at, expected);
  for (CuIndex cu = 0; cu < 4; ++cu)
    EXPECT_EQ((starts.on[{0, 2 * us, cu}]), 8) << "filling: 8 on CU " << cu;
  for (CuIndex cu = 1; cu < 4; ++cu)
    EXPECT_EQ((starts.on[{1, 12 * us, cu}]), 8) << "B's 8 wanted workers on CU " << cu;
  EXPECT_EQ(starts.a_cus, std::set<CuIndex>{0});
  EXPECT_EQ(starts.b_cus, (std::set<CuIndex>{1, 2, 3}));
  ASSERT_EQ(r.kernels.size(), 2u);
  EXPECT_EQ(r.kernels[0].name, "A");
  EXPECT_EQ(r.kernels[0].end, 46 * us);
  EXPECT_EQ(r.kernels[1].end, 32 * us);
}

// A queue's CU mask is the application's limit: the partition may narrow it, never widen it.
// Alone, A would get every CU; its queue allows CUs 2-3 only, 8 workers each: 64 tasks of 10 us
// in four rounds from its launch at 2 (packet 1 us, launch command 1 us): [2,42].
TEST(KernelSmCentric, APartitionStaysWithinTheQueuesCuMask) {
  struct Cus final : ModelObserver {
    void on_workgroup_started(const KernelState&, const WorkgroupRecord& wg,
                              const ComputeUnit&) override {
      used.insert(wg.cu);
    }
    std::set<CuIndex> used;
  } cus;
  const Scenario s = load_scenario_text(std::string(kFourCus) + R"(
queues:
  - {name: qa, cu_mask: [2, 3], packets: [{name: A, dispatch: k, workgroups: 64}]}
scheduling: {kernel: kernel-smc}
)",
                                        "mask.yaml");
  testing::InvariantChecker checker;
  RunOptions options;
  options.observers = {&cus, &checker};
  options.measure_alone = false;
  const RunReport r = run_scenario(s, options);
  ASSERT_EQ(r.outcome.status, RunStatus::completed);
  EXPECT_EQ(cus.used, (std::set<CuIndex>{2, 3}));
  EXPECT_EQ(r.kernels.at(0).end, 42 * us);
}

// Ends of each kernel by name.
std::map<std::string, Tick> ends_of(const std::string& yaml, const std::string& name) {
  const RunReport r = run_scenario(load_scenario_text(yaml, name));
  EXPECT_EQ(r.outcome.status, RunStatus::completed);
  std::map<std::string, Tick> end;
  for (const KernelResult& k : r.kernels)
    end[k.name] = k.end;
  return end;
}

constexpr const char* kTwoKernelsOnFourCus = R"(
device:
  compute_units: 4
  front_end: {packet_latency: 0}
  preemption: {mechanism: kill, eviction_command: 10us, pending_read: 10us, launch_command: 10us}
kernels:
  - {name: A, workgroup_size: 64, lds_bytes: 32768, wg_time: 100us, rsd: 0, contention: 0,
     workgroups: 40}
  - {name: B, workgroup_size: 64, lds_bytes: 32768, wg_time: 100us, rsd: 0, contention: 0,
     workgroups: 8}
queues:
  - {name: a, packets: [{name: A, dispatch: A}]}
  - {name: b, packets: [{name: B, dispatch: B}]}
scheduling:
  kernel: kernel-smc
  params: {kernel-smc: {first_cus: 2, first_workers: 1, second_workers: 1}}
)";

// Non-persistent kernels (no worker profiles) whose LDS lets 2 work-groups share a CU, given one
// each: A on CUs 0-1, B on 2-3, from the launch at 10. B's 8 run in 4 rounds [10,410]; A has 8
// done and 2 started at 410. B's end is read at 420 and A's move to every CU with the most
// workers that fit (2, not the partition's 1) lands at 430: 6 start then. From there A does 8
// per 100 us (2 at x10, 6 at x30): its last 6 start at 730 and end at 830. A survivor kept at 1
// per CU ended at 1230.
TEST(KernelSmCentric, TheSurvivorGetsTheMostWorkersThatFitNotThePartitionsCount) {
  const auto end = ends_of(kTwoKernelsOnFourCus, "survivor.yaml");
  EXPECT_EQ(end.at("B"), 410 * us);
  EXPECT_EQ(end.at("A"), 830 * us);
}

// A (4 tasks, one worker per CU) runs [10,110], but its end is read only at 410. B (12 tasks),
// arriving at 115, has the device to itself: A needs no CU. Its launch lands at 125 and its
// tasks run in three rounds of 4 to 425. Once B was placed on half the CUs (the model's
// estimate was 0 / 0 for the finished A) and ended at 620.
TEST(KernelSmCentric, AKernelWhoseWorkIsDoneLeavesTheOtherEveryCu) {
  const auto end = ends_of(R"(
device:
  compute_units: 4
  front_end: {packet_latency: 0}
  preemption: {eviction_command: 10us, pending_read: 300us, launch_command: 10us}
kernels:
  - {name: A, workgroup_size: 64, wg_time: 100us, rsd: 0, contention: 0, workgroups: 4,
     persistent: {workers_per_cu: 1}}
  - {name: B, workgroup_size: 64, wg_time: 100us, rsd: 0, contention: 0, workgroups: 12,
     persistent: {workers_per_cu: 1}}
queues:
  - {name: a, packets: [{name: A, dispatch: A}]}
  - {name: b, packets: [{name: B, dispatch: B, at: 115us}]}
scheduling: {kernel: kernel-smc}
)",
                           "done.yaml");
  EXPECT_EQ(end.at("A"), 110 * us);
  EXPECT_EQ(end.at("B"), 425 * us);
}

}  // namespace
}  // namespace aqlsim
