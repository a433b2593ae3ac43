// The kernel-level schedulers of Lopez-Albelda et al. on two persistent kernels worked out by
// hand. The tiny device (one CU) with one worker per kernel, so tasks of 10 us run one after
// another. Packets take 1 us, so a kernel submitted at s reaches the scheduler at s + 1. The
// transfers: launch command 1 us, eviction command 2 us, pending-work read 3 us.
//   A: 10 tasks, submitted at 0: alone it reaches the scheduler at 1, its launch lands at 2 and
//      its tasks run [2,102]: isolated runtime 102 us.
//   B: 2 tasks: alone 1 + 1 + 20 = 22 us.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "queue_sched/kernel_frs.hpp"
#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim {
namespace {

using testing::us;

std::string policy_workload(const std::string& policy, const std::string& params, Tick b_at,
                            std::uint64_t b_tasks,
                            const std::string& thread_block = "fifo-backfill",
                            const std::string& latencies =
                                "launch_command: 1us, eviction_command: 2us, pending_read: 3us") {
  return std::string(testing::kTinyDevice) + "  preemption: {mechanism: drain, " + latencies +
         "}\n"
         "kernels:\n"
         "  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, "
         "persistent: {workers_per_cu: 1}}\n"
         "queues:\n"
         "  - {name: qa, packets: [{name: A, dispatch: k, workgroups: 10}]}\n"
         "  - {name: qb, packets: [{name: B, dispatch: k, workgroups: " +
         std::to_string(b_tasks) + ", at: " + std::to_string(b_at / kNanosecond) +
         "ns}]}\n"
         "scheduling: {kernel: " +
         policy + ", thread_block: " + thread_block + ", params: " + params + "}\n";
}

struct Ends {
  Tick a = 0;
  Tick b = 0;
};

Ends ends(const RunReport& r) {
  EXPECT_EQ(r.outcome.status, RunStatus::completed);
  std::map<std::string, Tick> end;
  for (const KernelResult& k : r.kernels)
    end[k.name] = k.end;
  return {end["A"], end["B"]};
}

Ends run_policy(const std::string& policy, const std::string& params, Tick b_at,
                std::uint64_t b_tasks = 2, const std::string& thread_block = "fifo-backfill") {
  return ends(testing::run_checked(
      load_scenario_text(policy_workload(policy, params, b_at, b_tasks, thread_block), "k.yaml")));
}

// Each kernel's end under kernel-srt on the tiny device (the transfers as above), queue qb's
// packet B of `b_tasks` tasks at 0, then queue qa's `qa_packets` (YAML list items).
std::map<std::string, Tick> srt_ends(std::uint64_t b_tasks, const std::string& qa_packets) {
  const std::string yaml = std::string(testing::kTinyDevice) +
                           "  preemption: {mechanism: drain, launch_command: 1us, "
                           "eviction_command: 2us, pending_read: 3us}\n"
                           "kernels:\n"
                           "  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, "
                           "contention: 0, persistent: {workers_per_cu: 1}}\n"
                           "queues:\n"
                           "  - {name: qb, packets: [{name: B, dispatch: k, workgroups: " +
                           std::to_string(b_tasks) +
                           "}]}\n"
                           "  - name: qa\n"
                           "    packets:\n" +
                           qa_packets + "scheduling: {kernel: kernel-srt}\n";
  std::map<std::string, Tick> end;
  for (const KernelResult& k : testing::run_checked(load_scenario_text(yaml, "srt.yaml")).kernels)
    end[k.name] = k.end;
  return end;
}

// FCFS never evicts: B, arriving at 25, waits held until A's end [2,102] is read at 105; its
// launch lands at 106: B [106,126]. The same under the sjf thread-block policy, whose order
// puts the shorter B first but which must not issue a held kernel's work-groups (it once
// started B's at 32, beside A).
TEST(KernelSchedulers, FcfsRunsOneKernelAtATimeUnderEveryThreadBlockPolicy) {
  for (const char* thread_block : {"fifo", "fifo-backfill", "mpmax", "srtf", "sjf"}) {
    SCOPED_TRACE(thread_block);
    const Ends e = run_policy("kernel-fcfs", "{sjf: {foresight: 0}}", 24 * us, 2, thread_block);
    EXPECT_EQ(e.a, 102 * us);
    EXPECT_EQ(e.b, 126 * us);
  }
  // sjf's foresight does not hold the CU for B, which FCFS will hold: it once idled from A's
  // task end at 22 to just after B's submission at 24, and A ended 2 us late.
  const Ends e = run_policy("kernel-fcfs", "{sjf: {foresight: 1}}", 24 * us, 2, "sjf");
  EXPECT_EQ(e.a, 102 * us);
  EXPECT_EQ(e.b, 126 * us);
}

// The same with launches that land at once: A [1,101], read at 104, B [104,124]. A release in
// the tick the kernel reached the dispatcher held once left srtf's ranking of that tick
// without it, and a lone kernel never ran (a deadlock).
TEST(KernelSchedulers, ALaunchLandingInItsArrivalTickRunsUnderEveryThreadBlockPolicy) {
  for (const char* thread_block :
       {"fifo", "fifo-backfill", "mpmax", "srtf", "srtf-adaptive", "sjf"}) {
    SCOPED_TRACE(thread_block);
    const Ends e = ends(testing::run_checked(load_scenario_text(
        policy_workload("kernel-fcfs", "{sjf: {foresight: 0}}", 24 * us, 2, thread_block,
                        "launch_command: 0us, eviction_command: 2us, pending_read: 3us"),
        "k.yaml")));
    EXPECT_EQ(e.a, 101 * us);
    EXPECT_EQ(e.b, 124 * us);
  }
}

// An application of four kernels of 3 x 1e6 s tasks: alone, each takes 3e18 ps, and their sum
// is beyond a Tick. B (one 10 us task) arrives at 25, and SJF kills A's first kernel: the
// command lands at 27, read at 30, B [31,41]. The run then stops at the 2^62 ps limit. The sum
// once wrapped negative, ranking A first, and B never ran.
TEST(KernelSchedulers, AnApplicationsTimeBeyondATickStillRanksLongest) {
  const Scenario s = load_scenario_text(
      std::string(testing::kTinyDevice) +
          "  preemption: {mechanism: kill, launch_command: 1us, eviction_command: 2us, "
          "pending_read: 3us}\n"
          "kernels:\n"
          "  - {name: big, workgroup_size: 64, vgprs: 1, wg_time: 1000000s, contention: 0, "
          "workgroups: 3, persistent: {workers_per_cu: 1}}\n"
          "  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0}\n"
          "queues:\n"
          "  - {name: qa, packets: [{name: A0, dispatch: big}, {name: A1, dispatch: big}, "
          "{name: A2, dispatch: big}, {name: A3, dispatch: big}]}\n"
          "  - {name: qb, packets: [{name: B, dispatch: k, at: 24us}]}\n"
          "scheduling: {kernel: kernel-sjf}\n",
      "long.yaml");
  const RunReport r = run_scenario(s);
  EXPECT_EQ(r.outcome.status, RunStatus::limit);
  const auto b = std::ranges::find(r.kernels, "B", &KernelResult::name);
  ASSERT_NE(b, r.kernels.end());
  EXPECT_EQ(b->end, 41 * us);
}

// B (22 us) arrives at 25 while A runs task 2 [22,32]. SJF evicts A: the command lands at 27,
// task 2 ends at 32, the counter is read at 35, B's launch lands at 36: B [36,56]; its end is
// read at 59, A's relaunch lands at 60: tasks 3-9 [60,130].
TEST(KernelSchedulers, SjfEvictsTheLongerApplicationWhenAShorterOneArrives) {
  const Ends e = run_policy("kernel-sjf", "{}", 24 * us);
  EXPECT_EQ(e.b, 56 * us);
  EXPECT_EQ(e.a, 130 * us);
}

// B arrives at 85, while A runs task 8 [82,92] with two tasks left. SJF compares totals
// (22 < 102) and evicts: lands 87, task 8 ends 92, read 95, B [96,116], read 119, A's last
// task [120,130]. SRT compares remaining times: A's 102 * 2/10 = 20.4 < B's 22, so A runs on
// to 102 (read at 105) and B runs [106,126].
TEST(KernelSchedulers, SrtKeepsAnAlmostFinishedKernelThatSjfWouldEvict) {
  const Ends sjf = run_policy("kernel-sjf", "{}", 84 * us);
  EXPECT_EQ(sjf.b, 116 * us);
  EXPECT_EQ(sjf.a, 130 * us);
  const Ends srt = run_policy("kernel-srt", "{}", 84 * us);
  EXPECT_EQ(srt.a, 102 * us);
  EXPECT_EQ(srt.b, 126 * us);
}

// SRT charges a kernel with the isolated runtimes of its queue's later kernels, in packet order,
// which is submission order: A2 (12 us alone) is planned at 0 but comes behind A1 (at 50, 102 us
// alone), so A1's key at its arrival (51) is 102 + 12 = 114. B (20 tasks, 202 us alone) has
// done 4 (tasks [2,12] .. [32,42]): key 202 * 16/20 = 161.6, so A1 preempts B. The command
// lands at 53, B's task [52,62] ends, read at 65, where A1 still beats B (202 * 14/20 = 141.4):
// A1 [66,166]; its end is read at 169, when A2 (barrier on A1, arrived at 167, key 12) beats B:
// A2 [170,180], read at 183, B's 14 other tasks [184,324]. (Ordering the known runtimes by `at`
// made A2 come first and A1's key 102 + 102 = 204: no preemption.)
TEST(KernelSchedulers, SrtCountsAQueuesLaterKernelsInSubmissionOrder) {
  std::map<std::string, Tick> end =
      srt_ends(20,
               "      - {name: A1, dispatch: k, workgroups: 10, at: 50us}\n"
               "      - {name: A2, dispatch: k, workgroups: 1, at: 0us, barrier: true}\n");
  EXPECT_EQ(end["A1"], 166 * us);
  EXPECT_EQ(end["A2"], 180 * us);
  EXPECT_EQ(end["B"], 324 * us);
}

// SRT's key is the application's remaining time, the sum of its kernels' (López §IV-B), so
// kernels of one application share it. Queue qa submits K1 (25 tasks, 252 us alone) and K2 (5
// tasks, 52 us alone) at 55 without a barrier: they arrive at 56 and 57. B (30 tasks, [2,302]
// alone: 302 us) has done 5 by then: key 302 * 25/30 = 251.7, below qa's 252 + 52 = 304 at both
// arrivals, so B runs on to 302. Read at 305, K1 and K2 tie at 304 and K1 was ready first: K1
// [306,556], read at 559, K2 [560,610]. (K2 once had only its own 52 us as key and preempted B.)
TEST(KernelSchedulers, SrtGivesAnApplicationsKernelsItsWholeRemainingTime) {
  std::map<std::string, Tick> end =
      srt_ends(30,
               "      - {name: K1, dispatch: k, workgroups: 25, at: 55us}\n"
               "      - {name: K2, dispatch: k, workgroups: 5, at: 55us}\n");
  EXPECT_EQ(end["B"], 302 * us);
  EXPECT_EQ(end["K1"], 556 * us);
  EXPECT_EQ(end["K2"], 610 * us);
}

// A work-group that ends as the eviction command lands has finished: kill does not waste it.
// With a 15 us eviction command, B (2 tasks) at 16 reaches SJF at 17, which evicts A; A's task
// 2 starts at 22, after the command was sent, and ends at 32 as it lands: 3 tasks done, none
// running, read at 35; B [36,56], read at 59, A's other 7 tasks [60,130]. (The landing ran
// before that end, scheduled later: the task was killed, 10 us wasted, and A ran to 140.)
TEST(KernelSchedulers, AWorkGroupEndingAsTheEvictionLandsIsNotKilled) {
  std::string yaml =
      policy_workload("kernel-sjf", "{}", 16 * us, 2, "fifo-backfill",
                      "launch_command: 1us, eviction_command: 15us, pending_read: 3us");
  yaml.replace(yaml.find("mechanism: drain"), 16, "mechanism: kill");
  const RunReport r = testing::run_checked(load_scenario_text(yaml, "kill.yaml"));
  const Ends e = ends(r);
  EXPECT_EQ(e.b, 56 * us);
  EXPECT_EQ(e.a, 130 * us);
  for (const KernelResult& k : r.kernels)
    EXPECT_EQ(k.wasted, 0) << k.name;
}

// Round robin with a 33 us quantum. A runs alone without a timer; B's arrival at 25 gives A a
// quantum to 58: the command lands at 60, task 5 [52,62] ends, read at 65, B's launch lands at
// 66 with a timer at 99: B [66,86], read at 89, A's launch lands at 90: tasks 6-9 [90,130].
// CFS with a 66 us epoch gives each of the two kernels 66 / 2 = 33 us and, at 65, picks B (it
// waited 40 us; A had the device for all but 1 us of its 64), so it does the same.
TEST(KernelSchedulers, RoundRobinAndCfsSliceTime) {
  const Ends rr = run_policy("kernel-rr", "{kernel-rr: {quantum_ms: 0.033}}", 24 * us);
  EXPECT_EQ(rr.b, 86 * us);
  EXPECT_EQ(rr.a, 130 * us);
  const Ends cfs = run_policy("kernel-cfs", "{kernel-cfs: {epoch_ms: 0.066}}", 24 * us);
  EXPECT_EQ(cfs.b, 86 * us);
  EXPECT_EQ(cfs.a, 130 * us);
}

// Each kernel's end under CFS with a 66 us epoch: A and B as above, and C (2 tasks) submitted
// at `c_at`.
std::map<std::string, Tick> cfs_with_c_at(const std::string& c_at) {
  std::string yaml = policy_workload("kernel-cfs", "{kernel-cfs: {epoch_ms: 0.066}}", 24 * us, 2);
  yaml.insert(yaml.find("scheduling:"),
              "  - {name: qc, packets: [{name: C, dispatch: k, "
              "workgroups: 2, at: " +
                  c_at + "}]}\n");
  std::map<std::string, Tick> end;
  for (const KernelResult& k : testing::run_checked(load_scenario_text(yaml, "cfs.yaml")).kernels)
    end[k.name] = k.end;
  return end;
}

// CFS, 66 us epoch, C (2 tasks, submitted at 30) beside A and B as above. B's arrival at 25
// gives A 66 / 2 = 33 us from 25; C's at 31 shortens it to 66 / 3 = 22, from the same start:
// timer 47, the command lands at 49, task 4 [42,52] ends, read at 55. B waited 30 us, C 24: B
// [56,76] (quantum 22 for three active kernels), read at 79. C waited 48 us, A 79 - 1 - 53 =
// 25: C [80,100], read at 103; A's tasks 5-9 [104,154]. (With A's quantum fixed at 33 us, B
// ended at 86 and C at 110.)
TEST(KernelSchedulers, CfsShortensTheRunningQuantumWhenAKernelArrives) {
  const auto end = cfs_with_c_at("30us");
  EXPECT_EQ(end.at("B"), 76 * us);
  EXPECT_EQ(end.at("C"), 100 * us);
  EXPECT_EQ(end.at("A"), 154 * us);
}

// C arriving at 50 shortens A's quantum to end at 25 + 22 = 47, already past: it ends at once.
// The command lands at 52 as task 4 [42,52] ends (that task finishes), read at 55: B [56,76],
// read at 79; C waited 29 us, A 25: C [80,100], read at 103; A [104,154].
TEST(KernelSchedulers, ACfsQuantumShortenedBelowWhatItRanEndsAtOnce) {
  const auto end = cfs_with_c_at("49us");
  EXPECT_EQ(end.at("B"), 76 * us);
  EXPECT_EQ(end.at("C"), 100 * us);
  EXPECT_EQ(end.at("A"), 154 * us);
}

// Under kernel-rr one kernel has the device at a time, so the thread-block policy cannot change
// the schedule: srtf and srtf-adaptive must end every kernel when fifo-backfill does. They once
// left a kernel released again (its stage unchanged since its last run) out of the ranking of
// that tick, where a drained kernel's last work-group had sorted the kernels just before: the
// kernel idled until its quantum ended and the makespan grew from 836 to 1066 us.
TEST(KernelSchedulers, AKernelReleasedAgainRunsUnderEveryThreadBlockPolicy) {
  const Scenario base = load_scenario_text(R"(
device: titanx
kernels:
  - {name: long, workgroup_size: 256, vgprs: 32, wg_time: 40us, rsd: 0.05, contention: 0,
     workgroups: 2000, persistent: {workers_per_cu: 8}}
queues:
  - {name: a, packets: [{name: L, dispatch: long}]}
  - {name: b, packets: [{name: S, dispatch: long, at: 100us}]}
scheduling: {kernel: kernel-rr, params: {kernel-rr: {quantum_ms: 0.2}}}
)",
                                           "rr.yaml");
  const auto ends = [&](const char* thread_block) {
    Scenario s = base;
    s.policies.thread_block = thread_block;
    std::map<std::string, Tick> end;
    for (const KernelResult& k : testing::run_checked(s).kernels)
      end[k.name] = k.end;
    return end;
  };
  const auto fifo = ends("fifo-backfill");
  ASSERT_EQ(fifo.size(), 2u);
  EXPECT_EQ(ends("srtf"), fifo);
  EXPECT_EQ(ends("srtf-adaptive"), fifo);
}

// A timer that is cancelled is gone: it neither ends the run at its time nor runs into a time
// limit. With a 100 ms quantum, B's arrival at 25 gives A a quantum to 100.025 ms; A's tasks
// [2,102] end first, read at 105; B's launch lands at 106 with no timer (it is alone): B [106,
// 126], read at 129, the run's last event.
TEST(KernelSchedulers, ACancelledQuantumLeavesNoEventBehind) {
  Scenario scenario = load_scenario_text(
      policy_workload("kernel-rr", "{kernel-rr: {quantum_ms: 100}}", 24 * us, 2), "rr.yaml");
  const RunReport r = testing::run_checked(scenario);
  const Ends e = ends(r);
  EXPECT_EQ(e.a, 102 * us);
  EXPECT_EQ(e.b, 126 * us);
  EXPECT_EQ(r.end, 129 * us);
  scenario.limits.max_sim_time = 1000 * us;
  EXPECT_EQ(run_scenario(scenario).outcome.status, RunStatus::completed);
}

// A quantum starts when the launch lands. Launch command 10 us, eviction command and read 1
// us each; CFS with a 12 us epoch (6 us quanta for two kernels). A's launch at 1 lands at 11;
// B arrives at 2, which gives A a quantum from 11 (not from 2, which evicted A at 8, before it
// had run, and counted -1 us as its run time): timer at 17, task 0 [11,21], read at 22. B [32,
// 42] (timer 38), read 43; A [53,63], read 64; B [74,84] ends as its eviction lands, read at
// 85; A's 8 other tasks [95,175].
TEST(KernelSchedulers, AQuantumStartsWhenTheLaunchLands) {
  const Ends e = ends(testing::run_checked(load_scenario_text(
      policy_workload("kernel-cfs", "{kernel-cfs: {epoch_ms: 0.012}}", 1 * us, 2, "fifo-backfill",
                      "launch_command: 10us, eviction_command: 1us, pending_read: 1us"),
      "cfs.yaml")));
  EXPECT_EQ(e.b, 84 * us);
  EXPECT_EQ(e.a, 175 * us);
}

// Equations 1 and 2 (with NT * tpt in eq. 1's denominator, see kernel_frs.hpp).
TEST(KernelSchedulers, FrsSlowdownAndQuantumFollowEquationsOneAndTwo) {
  // A at 25: t = 24, 2 of 10 tasks done, tpt = 102 / 10: (24 + 8 * 10.2) / 102.
  EXPECT_DOUBLE_EQ(KernelFrs::instantaneous_slowdown(24 * us, 10, 2, 10.2 * us), 105.6 / 102);
  // Raising B (t = 10, none of 12 done, tpt 122 / 12) to IS 1.1: 1.1 * 122 - 122 - 10 = 2.2.
  EXPECT_EQ(KernelFrs::quantum_to_reach(1.1, 10 * us, 12, 0, 122.0 / 12 * us),
            std::llround(2.2 * us));
}

// FRS, B of 12 tasks (alone 122 us, tpt 122/12), min quantum 6 us (the transfers' sum).
//  25: B arrives. IS(A) = (24 + 8 * 10.2) / 102 = 1.0353, IS(B) = 1; quantum for A =
//      1.0353 * 122 - 122 - 0 = 4.3 us, raised to 6: timer 31, lands 33; task 3 [32,42] ends,
//      read at 45. A had the device 43 us for 4 tasks: tpt 10.75.
//  45: IS(A) = (44 + 6 * 10.75) / 107.5 = 1.0093, IS(B) = (20 + 122) / 122 = 1.1639: B runs.
//      Quantum = 1.1639 * 107.5 - 6 * 10.75 - 44 = 16.62 us from its launch at 46: lands at
//      64.62, during B's second task [56,66]; read at 69.
//  69: tpt(B) = 23 / 2 = 11.5; IS(A) = (68 + 64.5) / 107.5 = 1.2326, IS(B) = (44 + 115) / 138 =
//      1.1522: A's launch lands at 70.
// The 6 us floor alone would give B one task; eq. 1 with Nt below would make B's IS infinite.
TEST(KernelSchedulers, FrsPicksTheHighestSlowdownForTheQuantumOfEquationTwo) {
  struct Starts final : ModelObserver {
    void on_workgroup_started(const KernelState& k, const WorkgroupRecord& wg,
                              const ComputeUnit&) override {
      log.emplace_back(k.id, wg.start);
    }
    std::vector<std::pair<KernelId, Tick>> log;
  } starts;
  const Scenario s = load_scenario_text(
      policy_workload("kernel-frs", "{kernel-frs: {min_quantum_ms: 0.006}}", 24 * us, 12),
      "frs.yaml");
  RunOptions options;
  options.observers.push_back(&starts);
  testing::InvariantChecker checker;
  options.observers.push_back(&checker);
  const RunReport r = run_scenario(s, options);
  ASSERT_EQ(r.outcome.status, RunStatus::completed);
  const std::vector<std::pair<KernelId, Tick>> expected{{0, 2 * us},  {0, 12 * us}, {0, 22 * us},
                                                        {0, 32 * us}, {1, 46 * us}, {1, 56 * us},
                                                        {0, 70 * us}};
  ASSERT_GE(starts.log.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(starts.log[i], expected[i]) << "start " << i;
}

// FRS's tpt is measured at an eviction (time on the device / tasks finished by its report),
// also while the kernel runs again. One CU, one worker per kernel, 10 us tasks, no packet time,
// every transfer 10 us, 50 us minimum quantum. A (100 tasks, alone 1010) runs [10,...]; B (10,
// alone 110) arrives at 105: A's quantum is raised to 50, the command lands at 165, task
// [160,170] ends, read at 180: 170 us for 16 tasks, tpt 10.625. B runs [190,290], read 300, A's
// relaunch lands at 310. C (100 tasks, alone 1010) arrives at 605, A having finished 45:
// IS(A) = (605 + 55 * 10.625) / 1062.5 = 1.11941, quantum 1.11941 * 1010 - 1010 = 120.6 us:
// lands at 735.6, task [730,740] ends, read at 750: tpt(A) = 610 / 59 = 10.339, IS(A) = (750 +
// 41 * 10.339) / 1033.9 = 1.1354 < IS(C) = (145 + 1010) / 1010 = 1.1436: C starts at 760. (With
// 170 us over the 45 tasks finished at 605, tpt 3.78, A's quantum ran past its end: C at 1170.)
TEST(KernelSchedulers, FrsMeasuresTimePerTaskAtEvictionsOnly) {
  const std::string yaml =
      "device:\n"
      "  compute_units: 1\n"
      "  cu: {max_workgroups: 1}\n"
      "  front_end: {packet_latency: 0}\n"
      "  preemption: {mechanism: drain, eviction_command: 10us, pending_read: 10us, "
      "launch_command: 10us}\n"
      "kernels:\n"
      "  - {name: K, workgroup_size: 64, wg_time: 10us, contention: 0, "
      "persistent: {workers_per_cu: 1}}\n"
      "queues:\n"
      "  - {name: a, packets: [{name: A, dispatch: K, workgroups: 100}]}\n"
      "  - {name: b, packets: [{name: B, dispatch: K, workgroups: 10, at: 105us}]}\n"
      "  - {name: c, packets: [{name: C, dispatch: K, workgroups: 100, at: 605us}]}\n"
      "scheduling: {kernel: kernel-frs, params: {kernel-frs: {min_quantum_ms: 0.05}}}\n";
  const RunReport r = testing::run_checked(load_scenario_text(yaml, "frs.yaml"));
  std::map<std::string, const KernelResult*> by_name;
  for (const KernelResult& k : r.kernels)
    by_name[k.name] = &k;
  EXPECT_EQ(by_name["B"]->start, 190 * us);
  EXPECT_EQ(by_name["B"]->end, 290 * us);
  EXPECT_EQ(by_name["C"]->start, 760 * us);
}

// Two kernels of two tasks under round robin with 10 us slices, each evicted at every slice's
// end: after 1000 evictions in a row without progress a run stops as a deadlock that names the
// livelock (it would otherwise go on for ever).
RunReport run_in_slices(const std::string& mechanism, const std::string& wg_time,
                        const std::string& save_gbps = "600") {
  RunOptions no_alone;
  no_alone.measure_alone = false;
  return run_scenario(
      load_scenario_text(
          std::string(testing::kTinyDevice) + "  preemption: {mechanism: " + mechanism +
              ", launch_command: 1us, eviction_command: 2us, pending_read: 3us, save_gbps: " +
              save_gbps +
              "}\n"
              "kernels:\n"
              "  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: " +
              wg_time +
              ", contention: 0, persistent: {workers_per_cu: 1}}\n"
              "queues:\n"
              "  - {name: qa, packets: [{name: A, dispatch: k, workgroups: 2}]}\n"
              "  - {name: qb, packets: [{name: B, dispatch: k, workgroups: 2}]}\n"
              "scheduling: {kernel: kernel-rr, params: {kernel-rr: {quantum_ms: 0.01}}}\n",
          "slices.yaml"),
      no_alone);
}

// Killed every slice, a 100 us task never finishes. Drained instead, each task finishes before
// its kernel leaves the device, so the same run completes.
TEST(KernelSchedulers, KillWithSlicesShorterThanATaskIsReportedAsALivelock) {
  const RunReport killed = run_in_slices("kill", "100us");
  EXPECT_EQ(killed.outcome.status, RunStatus::deadlock);
  EXPECT_NE(killed.outcome.livelock.find("evicted 1000 times in a row"), std::string::npos)
      << killed.outcome.livelock;
  const RunReport drained = run_in_slices("drain", "100us");
  EXPECT_EQ(drained.outcome.status, RunStatus::completed);
  EXPECT_TRUE(drained.outcome.livelock.empty());
}

// Context-save keeps what a slice did: a 20 ms task takes about 2000 slices of 10 us, more than
// 1000 in a row without a task finishing, and still completes. A context of 256 bytes (one
// 64-lane wave of one VGPR) at 1 B/us takes 256 us to restore, longer than a slice: no slice
// gets past the restore, which is a livelock.
TEST(KernelSchedulers, ContextSaveMakesProgressWithoutFinishingATaskUnlessRestoresTakeASlice) {
  const RunReport saved = run_in_slices("context-save", "20ms");
  EXPECT_EQ(saved.outcome.status, RunStatus::completed) << saved.outcome.livelock;
  ASSERT_EQ(saved.kernels.size(), 2u);
  const RunReport stuck = run_in_slices("context-save", "100us", "0.001");
  EXPECT_EQ(stuck.outcome.status, RunStatus::deadlock);
  EXPECT_NE(stuck.outcome.livelock.find("evicted 1000 times in a row"), std::string::npos)
      << stuck.outcome.livelock;
}

// Context-save on one CU: A and B, two tasks of 100 us each with two workers, under round robin
// with 15 us slices; a context (256 bytes at 25.6 B/us) takes 10 us to save or restore, one at a
// time on the CU. Both reach the scheduler at 1: A's launch lands at 2, its slice ends at 17 and
// the eviction lands at 19; its two saves [19,29] and [29,39] are read at 42. B [43,60], saved
// by 80. A's relaunch lands at 84: its restores queue [84,94] and [94,104], and its slice's
// eviction lands at 101, while the second restore is under way. That restore is withdrawn and
// gives the channel back, so the first work-group's save takes [101,111] and A is off the device
// at 111. (The withdrawn restore once kept the channel to 104, and A left it at 114.)
TEST(KernelSchedulers, AWithdrawnContextRestoreGivesItsChannelBack) {
  struct Evictions final : ModelObserver {
    void on_kernel_evicted(const KernelState& k, Tick now) override { at.emplace_back(k.id, now); }
    std::vector<std::pair<KernelId, Tick>> at;
  } evictions;
  const Scenario s = load_scenario_text(
      std::string(testing::kTinyDevice) +
          "  preemption: {mechanism: context-save, launch_command: 1us, eviction_command: 2us, "
          "pending_read: 3us, save_gbps: 0.0256}\n"
          "kernels:\n"
          "  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 100us, contention: 0, "
          "persistent: {workers_per_cu: 2}}\n"
          "queues:\n"
          "  - {name: qa, packets: [{name: A, dispatch: k, workgroups: 2}]}\n"
          "  - {name: qb, packets: [{name: B, dispatch: k, workgroups: 2}]}\n"
          "scheduling: {kernel: kernel-rr, params: {kernel-rr: {quantum_ms: 0.015}}}\n",
      "restores.yaml");
  testing::InvariantChecker checker;
  RunOptions options;
  options.observers = {&evictions, &checker};
  options.measure_alone = false;
  ASSERT_EQ(run_scenario(s, options).outcome.status, RunStatus::completed);
  ASSERT_GE(evictions.at.size(), 3u);
  EXPECT_EQ(evictions.at[0], std::make_pair(KernelId{0}, 39 * us));
  EXPECT_EQ(evictions.at[1], std::make_pair(KernelId{1}, 80 * us));
  EXPECT_EQ(evictions.at[2], std::make_pair(KernelId{0}, 111 * us));
}

}  // namespace
}  // namespace aqlsim
