// One eviction and relaunch per preemption mechanism, worked out by hand on the tiny device
// (one CU, work-groups of one wave, contention 0, rsd 0: every work-group takes exactly its
// wg_time). The packet is processed in 1 us, so the kernel reaches the scheduler at 1 us. The
// transfers: launch command 1 us, eviction command 2 us, pending-work read 3 us. A scripted
// scheduler launches on arrival, evicts at a set time and relaunches as soon as it hears of
// the eviction.
#include <gtest/gtest.h>

#include "hsa_model/kernel_control.hpp"
#include "tests/queue_sched/two_cu_device.hpp"
#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim {
namespace {

using testing::us;

// Launches its kernel on arrival and acts on it once, at a set time (on_timer).
class TimedScript : public KernelScheduler {
 public:
  explicit TimedScript(Tick at) : at_(at) {}
  void on_arrival(KernelControl& c, KernelId k) override {
    kernel_ = k;
    c.launch(k);
    c.set_timer(at_);
  }
  void on_evicted(KernelControl&, KernelId) override {}
  void on_completed(KernelControl&, KernelId) override {}

 protected:
  KernelId kernel_ = 0;

 private:
  Tick at_;
};

class EvictOnce final : public TimedScript {
 public:
  using TimedScript::TimedScript;
  std::string_view name() const override { return "evict-once"; }
  void on_timer(KernelControl& c) override { c.evict(kernel_); }
  void on_evicted(KernelControl& c, KernelId k) override {
    evicted_at = c.now();
    c.launch(k);
  }
  void on_completed(KernelControl& c, KernelId) override { completed_at = c.now(); }

  Tick evicted_at = kNever;
  Tick completed_at = kNever;
};

struct Outcome {
  Tick end = 0;
  Tick evicted_report = 0;
  Tick completed_report = 0;
  std::uint64_t evicted_workgroups = 0;
  TickSum wasted = 0;
  TickSum context_time = 0;
  std::uint64_t evictions = 0;    // completed kernel evictions
  std::vector<double> work_left;  // what observers heard at each work-group's eviction
};

struct WorkLeft final : ModelObserver {
  void on_workgroup_evicted(const KernelState&, const WorkgroupRecord&, double left) override {
    shares.push_back(left);
  }
  std::vector<double> shares;
};

// `kernel` is the kernels: entry; the queue dispatches it once; `timing` is "ps" or not.
Scenario scenario(const std::string& mechanism, const std::string& kernel,
                  const std::string& timing,
                  const std::string& latencies =
                      "launch_command: 1us, eviction_command: 2us, pending_read: 3us") {
  Scenario s = load_scenario_text(
      std::string(testing::kTinyDevice) + "  preemption: {mechanism: " + mechanism + ", " +
          latencies +
          ", save_gbps: 0.128}\n"
          "kernels:\n  - " +
          kernel + "\nqueues:\n  - {name: q, packets: [{name: K, dispatch: k}]}\n",
      "eviction.yaml");
  s.device.cu.timing =
      timing == "ps" ? WorkgroupTiming::processor_sharing : WorkgroupTiming::at_dispatch;
  return s;
}

Outcome run(const std::string& mechanism, const std::string& kernel, Tick evict_at,
            const std::string& timing,
            const std::string& latencies =
                "launch_command: 1us, eviction_command: 2us, pending_read: 3us") {
  auto scheduler = std::make_unique<EvictOnce>(evict_at);
  EvictOnce& script = *scheduler;
  WorkLeft work_left;
  auto sim = testing::simulate(scenario(mechanism, kernel, timing, latencies), {&work_left},
                               std::move(scheduler));
  EXPECT_EQ(sim->outcome.status, RunStatus::completed);
  const KernelState& k = sim->kernel("K");
  return {k.end,    script.evicted_at, script.completed_at, k.evicted_workgroups,
          k.wasted, k.context_time,    k.evictions,         work_left.shares};
}

class Eviction : public ::testing::TestWithParam<const char*> {};

// The persistent kernel most cases use: 6 tasks of 10 us on 2 workers.
constexpr const char* kSixTasks =
    "{name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 6, "
    "persistent: {workers_per_cu: 2}}";

// The run of kSixTasks under `drain` and a scripted kernel scheduler.
std::unique_ptr<testing::Simulation> drained(std::unique_ptr<KernelScheduler> script,
                                             const std::string& timing) {
  return testing::simulate(scenario("drain", kSixTasks, timing), {}, std::move(script));
}

// Persistent kernel: 6 tasks of 10 us on 2 workers. Launch lands at 2: tasks 0,1 [2,12], 2,3
// [12,22]. Eviction at 15 lands at 17: no new task; 2,3 end at 22; counter read at 25;
// relaunch lands at 26: tasks 4,5 [26,36]. Nothing is stopped, nothing lost.
TEST_P(Eviction, DrainLetsTasksInFlightFinishAndContinuesFromTheCounter) {
  const Outcome o = run("drain", kSixTasks, 15 * us, GetParam());
  EXPECT_EQ(o.evicted_report, 25 * us);
  EXPECT_EQ(o.evictions, 1u);
  EXPECT_EQ(o.end, 36 * us);
  EXPECT_EQ(o.completed_report, 39 * us);
  EXPECT_EQ(o.evicted_workgroups, 0u);
  EXPECT_EQ(o.wasted, 0);
}

// Two work-groups of 10 us, 256 bytes of context each (1 wave x 64 lanes x 1 VGPR x 4 bytes)
// at 128 B/us: 2 us a transfer, one after another on the CU. Run [2,7), stopped at 7 with half
// left; saved [7,9] and [9,11]; idle at 11, read at 14, relaunch lands at 15; restored [15,17]
// and [17,19]; the halves run [17,22] and [19,24].
TEST_P(Eviction, ContextSaveKeepsProgressAndPaysTheTransfers) {
  const Outcome o = run("context-save",
                        "{name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, "
                        "workgroups: 2}",
                        5 * us, GetParam());
  EXPECT_EQ(o.evicted_report, 14 * us);
  EXPECT_EQ(o.evictions, 1u);
  EXPECT_EQ(o.end, 24 * us);
  EXPECT_EQ(o.evicted_workgroups, 2u);
  EXPECT_EQ(o.wasted, 0);
  EXPECT_EQ(o.context_time, (2 + 4 + 2 + 4) * us);
  EXPECT_EQ(o.work_left, (std::vector<double>{0.5, 0.5}));
}

// The same kernel killed at 7: 5 us of each work-group lost; idle at once, read at 10,
// relaunch lands at 11, both run from scratch [11,21]. Their old end events (due at 12) find
// the slots reused and must not end the new runs.
TEST_P(Eviction, KillLosesProgressAndNoStaleEndFinishesAReusedSlot) {
  const Outcome o = run("kill",
                        "{name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, "
                        "workgroups: 2}",
                        5 * us, GetParam());
  EXPECT_EQ(o.evicted_report, 10 * us);
  EXPECT_EQ(o.evictions, 1u);
  EXPECT_EQ(o.end, 21 * us);
  EXPECT_EQ(o.evicted_workgroups, 2u);
  EXPECT_EQ(o.wasted, 10 * us);
  EXPECT_EQ(o.context_time, 0);
  // Half of each was done, and all of it is lost (the trace once said 0.5).
  EXPECT_EQ(o.work_left, (std::vector<double>{1.0, 1.0}));
}

// Evicted before its launch lands: the timer at 1 us (its arrival) evicts; the launch landing
// at 2 is void, the eviction lands at 3 on a kernel that never ran and is idle at once; read at
// 6, relaunch lands at 7: tasks [7,17], [17,27], [27,37]. It was never on the device, so it was
// not evicted (it once counted 1).
TEST_P(Eviction, AKernelEvictedBeforeItsLaunchLandsIsReportedAndRelaunched) {
  const Outcome o = run("drain", kSixTasks, 1 * us, GetParam());
  EXPECT_EQ(o.evicted_report, 6 * us);
  EXPECT_EQ(o.evictions, 0u);
  EXPECT_EQ(o.end, 37 * us);
}

// With a launch command slower than an eviction and a read, the kernel is relaunched before
// its first launch lands: launch at 1 (lands at 11), evicted at 3 (lands at 4, idle at once),
// read at 5, relaunched (lands at 15): tasks [15,25], [25,35], [35,45]. The first launch's
// arrival at 11 once released the kernel early, as if the relaunch had landed: end 41.
TEST_P(Eviction, OnlyTheLatestLaunchReleasesAKernel) {
  const Outcome o = run("drain", kSixTasks, 3 * us, GetParam(),
                        "launch_command: 10us, eviction_command: 1us, pending_read: 1us");
  EXPECT_EQ(o.evicted_report, 5 * us);
  EXPECT_EQ(o.evictions, 0u);
  EXPECT_EQ(o.end, 45 * us);
}

// Evicts at a set time and relaunches at once, before the command lands; evicts again later.
class ChangeOfMind final : public TimedScript {
 public:
  using TimedScript::TimedScript;
  std::string_view name() const override { return "change-of-mind"; }
  void on_timer(KernelControl& c) override {
    c.evict(kernel_);
    if (timers++ > 0) return;
    c.launch(kernel_);
    c.set_timer(15 * us);
  }
  void on_evicted(KernelControl& c, KernelId k) override {
    reports.push_back(c.now());
    c.launch(k);
  }
  int timers = 0;
  std::vector<Tick> reports;
};

// Tasks 0,1 [2,12]. At 5 an eviction (lands at 7) and a relaunch (lands at 6): the eviction
// lands void. At 15 a second eviction lands at 17: tasks 2,3 [12,22] drain, read at 25,
// relaunch lands at 26: tasks 4,5 [26,36]. The first eviction once stayed "under way" for good,
// so the second was ignored and the kernel ran to 32.
TEST_P(Eviction, ARelaunchGivesUpAnEvictionOnItsWayAndALaterOneStillWorks) {
  auto scheduler = std::make_unique<ChangeOfMind>(5 * us);
  ChangeOfMind& script = *scheduler;
  auto sim = drained(std::move(scheduler), GetParam());
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(script.reports, std::vector<Tick>{25 * us});
  EXPECT_EQ(sim->kernel("K").end, 36 * us);
}

// Evicts at a set time; when it first hears of the eviction it relaunches and at once evicts
// again, so the second eviction lands on a kernel whose relaunch never landed; it relaunches
// for good when it hears of that one.
class EvictTwice final : public TimedScript {
 public:
  using TimedScript::TimedScript;
  std::string_view name() const override { return "evict-twice"; }
  void on_timer(KernelControl& c) override { c.evict(kernel_); }
  void on_evicted(KernelControl& c, KernelId k) override {
    reports.push_back(c.now());
    c.launch(k);
    if (reports.size() == 1) c.evict(k);
  }
  std::vector<Tick> reports;
};

// Tasks 0,1 [2,12], 2,3 [12,22]; evicted at 15 (lands 17), idle at 22, read at 25. The
// relaunch sent at 25 would land at 26, but the eviction sent with it lands at 27 on a kernel
// still held: idle at once, read at 30; the relaunch lands at 31: tasks 4,5 [31,41]. The kernel
// left the device once, so one eviction, though the scheduler heard of two.
TEST_P(Eviction, AnEvictionOfAKernelWhoseRelaunchNeverLandedIsNotCounted) {
  auto scheduler = std::make_unique<EvictTwice>(15 * us);
  EvictTwice& script = *scheduler;
  auto sim = drained(std::move(scheduler), GetParam());
  EXPECT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(script.reports, (std::vector<Tick>{25 * us, 30 * us}));
  EXPECT_EQ(sim->kernel("K").evictions, 1u);
  EXPECT_EQ(sim->kernel("K").end, 41 * us);
}

// Two CUs of 8 work-groups of 1e6 s each, launched at 2 us and killed when the command lands
// at 990,000 s + 2 us: 16 x 990,000 s lost, 1.584e19 ps, beyond a Tick (the sum once wrapped
// negative). The relaunch lands 4 us later and the work-groups run whole again.
TEST_P(Eviction, TimeLostByKillsIsSummedBeyondATick) {
  Scenario s = scenario("kill",
                        "{name: k, workgroup_size: 64, vgprs: 1, wg_time: 1000000s, contention: 0, "
                        "workgroups: 16}",
                        GetParam());
  s.device.compute_units = 2;
  auto sim = testing::simulate(s, {}, std::make_unique<EvictOnce>(990'000 * kSecond));
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  const KernelState& k = sim->kernel("K");
  EXPECT_EQ(k.wasted, TickSum{16} * 990'000 * kSecond);
  EXPECT_EQ(k.end, 1'990'000 * kSecond + 6 * us);
}

INSTANTIATE_TEST_SUITE_P(BothTimings, Eviction, ::testing::Values("at-dispatch", "ps"));

// The end of one persistent kernel K of 10 us tasks (`tasks`: its workgroups and persistent
// keys) on `device`, driven by `script`.
Tick end_under_script(const char* device, const std::string& tasks,
                      std::unique_ptr<KernelScheduler> script) {
  const Scenario s = load_scenario_text(
      std::string(device) +
          "  preemption: {launch_command: 1us, eviction_command: 2us, pending_read: 3us}\n"
          "kernels:\n  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, " +
          tasks + "}\nqueues:\n  - {name: q, packets: [{name: K, dispatch: k}]}\n",
      "script.yaml");
  auto sim = testing::simulate(s, {}, std::move(script));
  EXPECT_EQ(sim->outcome.status, RunStatus::completed);
  return sim->kernel("K").end;
}

// Launches its kernel on arrival and at `at` asks for 2 workers per CU, then at once for 8.
class ShrinkThenGrow final : public TimedScript {
 public:
  using TimedScript::TimedScript;
  std::string_view name() const override { return "shrink-then-grow"; }
  void on_timer(KernelControl& c) override {
    c.resize(kernel_, 2);
    EXPECT_EQ(c.workers_per_cu(kernel_), 2u);  // asked for, not landed
    c.resize(kernel_, 8);
  }
};

// 64 tasks of 10 us on 4 workers: launch lands at 2, tasks [2,12] and [12,22]. At 15 the shrink
// to 2 is sent (it lands after the eviction command, at 17) and then the grow to 8 (after the
// launch command, at 16). The later request wins: 8 workers from 16, when 4 more tasks start,
// and the shrink arriving at 17 is stale. From then on two groups of 4 alternate: 52 tasks left
// in 13 groups at 22, 26, 32, 36, ..., 82: the last ends at 92. (The shrink once landed last
// and held the kernel to 2 workers.)
TEST(Resize, ALaterRequestOvertakenByAnEarlierOneStillWins) {
  EXPECT_EQ(
      end_under_script(testing::kTinyDevice, "workgroups: 64, persistent: {workers_per_cu: 4}",
                       std::make_unique<ShrinkThenGrow>(15 * us)),
      92 * us);
}

// Launches its kernel on CU 0 alone and at `at` asks to move it to both CUs, then at once to
// CU 1 alone.
class GrowThenMove final : public TimedScript {
 public:
  using TimedScript::TimedScript;
  std::string_view name() const override { return "grow-then-move"; }
  void on_arrival(KernelControl& c, KernelId k) override {
    TimedScript::on_arrival(c, k);
    c.set_cu_mask(k, {1, 0});
  }
  void on_timer(KernelControl& c) override {
    c.move_to(kernel_, {1, 1});
    c.move_to(kernel_, {0, 1});
  }
};

// 6 tasks of 10 us, one worker per CU, on CU 0: launch lands at 1, tasks [1,11] and [11,21]. At
// 19.5 the grow to both CUs is sent (it gives nothing up: it lands after the launch command, at
// 20.5) and then the move to CU 1 (it gives CU 0 up: after the eviction command, at 21.5). Only
// the later lands: CU 0 starts task 3 at 21 [21,31] and then stops; CU 1 runs tasks 4-6 from
// 21.5: the last ends at 51.5. (The grow's landing once applied the later move early, at 20.5:
// CU 0 stopped at 21 and CU 1 ran tasks 3-6 [20.5,60.5].)
TEST(Move, OnlyTheLatestMoveLands) {
  EXPECT_EQ(
      end_under_script(testing::kTwoCuDevice, "workgroups: 6, persistent: {workers_per_cu: 1}",
                       std::make_unique<GrowThenMove>(19'500 * kNanosecond)),
      51'500 * kNanosecond);
}

}  // namespace
}  // namespace aqlsim
