// Alone runs (T_SP): identical ones are simulated once, and the shared result must be what each
// dispatch alone gives when simulated by itself.
#include "scenario/alone_runs.hpp"

#include <gtest/gtest.h>

#include "queue_sched/registry.hpp"
#include "scenario/load_scenario.hpp"
#include "scenario/single_wave.hpp"
#include "tests/support/microseconds.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim {
namespace {

using testing::us;

// Fixed kernel f (rsd 0): alone, 1 us of packet processing, then ceil(N / 8) steps of 10 us.
// Random kernel r (rsd 0.5): each dispatch draws its own durations, keyed by its name.
const std::string kMixed = std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: f, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 8}
  - {name: r, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, rsd: 0.5, workgroups: 8}
queues:
  - name: a
    packets:
      - {name: f1, dispatch: f}
      - {name: f2, dispatch: f, at: 30us, barrier: true}
      - {name: f16, dispatch: f, workgroups: 16}
      - {name: r1, dispatch: r}
  - name: b
    packets:
      - {name: f3, dispatch: f, at: 7us}
      - {name: r2, dispatch: r, at: 9us}
      - {name: f24, dispatch: f, workgroups: 24, at: 9us}
)";

TEST(AloneRuns, SharedRunsEqualEachDispatchSimulatedByItself) {
  const Scenario s = load_scenario_text(kMixed, "mixed.yaml");
  const IsolatedRuntimes alone = isolated_runtimes(s);
  ASSERT_EQ(alone.size(), 7u);
  // Worked by hand from the tiny device: 1 us of packet latency, then 10 us per 8 work-groups.
  EXPECT_EQ(alone.at("f1"), 11 * us);
  EXPECT_EQ(alone.at("f2"), 11 * us);
  EXPECT_EQ(alone.at("f3"), 11 * us);
  EXPECT_EQ(alone.at("f16"), 21 * us);
  EXPECT_EQ(alone.at("f24"), 31 * us);
  for (std::size_t q = 0; q < s.queues.size(); ++q) {
    for (std::size_t p = 0; p < s.queues[q].packets.size(); ++p) {
      const std::string& name = s.queues[q].packets[p].name;
      EXPECT_EQ(alone.at(name), turnaround_of(alone_scenario(s, q, p))) << name;
    }
  }
  // The random kernel's dispatches draw differently, so they are not shared: with rsd 0.5 over
  // 8 work-groups two equal maxima would be a coincidence of the draws.
  EXPECT_NE(alone.at("r1"), alone.at("r2"));
  EXPECT_NE(alone.at("r1"), 11 * us);
}

// Every queue exists from time 0 and a queue is mapped by map_latency (1 us here), in the shared
// run and alone: a dispatch submitted at 0 waits for the map ([0,1] map, [1,2] packet, [2,12]
// work-groups: 12 us), one at 0.5 us for half of it (11.5 us), one at 100 us for none of it
// (11 us; it was once simulated at 0 regardless and took 12 us alone, 11 us shared: NTT 0.92).
TEST(AloneRuns, ADispatchSubmittedAfterTheMapFindsItsQueueMappedAloneToo) {
  const Scenario s = load_scenario_text(std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: f, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 8}
queues:
  - {name: a, packets: [{name: f0, dispatch: f}]}
  - {name: b, packets: [{name: f05, dispatch: f, at: 500ns}]}
  - {name: c, packets: [{name: f100, dispatch: f, at: 100us}]}
)",
                                        "mapped.yaml", {"device.front_end.map_latency=1us"});
  const IsolatedRuntimes alone = isolated_runtimes(s);
  EXPECT_EQ(alone.at("f0"), 12 * us);
  EXPECT_EQ(alone.at("f05"), 11 * us + 500 * kNanosecond);
  EXPECT_EQ(alone.at("f100"), 11 * us);
  EXPECT_EQ(AloneRuns(s).queue_turnaround(2, {}), 11 * us);
}

// 24 dispatches of two kernels (below) on the tiny device widened to 4 CUs of two SIMDs.
Scenario many_dispatches() {
  std::string yaml = std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: one, workgroup_size: 64, vgprs: 8, wg_time: 10us, contention: 0.3, rsd: 0.4}
  - {name: two, workgroup_size: 128, vgprs: 8, wg_time: 7us, contention: 0.2, rsd: 0.2}
queues:
  - name: q
    packets:
)";
  for (int i = 0; i < 24; ++i) {
    const int workgroups = 1 + (i * 7) % 40;
    yaml += "      - {name: d" + std::to_string(i) + ", dispatch: " + (i % 3 ? "one" : "two") +
            ", workgroups: " + std::to_string(workgroups % 2 ? 13 : workgroups) + "}\n";
  }
  Scenario s = load_scenario_text(yaml, "many.yaml");
  s.device.compute_units = 4;
  s.device.cu.simds = 2;
  s.device.cu.waves_per_simd = 4;
  return s;
}

// Many dispatches of the same kernels that differ only in their draws, on 4 CUs of 8 one-wave
// slots: grids of up to 32 work-groups fit at once (a single wave, replayed after the first is
// simulated), larger ones do not (each simulated), and with contention the load each work-group
// starts under matters. Whatever the policy, every dispatch's isolated runtime must be exactly
// its own simulation, and a processor-sharing device (never replayed) too.
TEST(AloneRuns, ReplayedSingleWavesEqualTheirSimulations) {
  for (const char* policy : {"fifo-backfill", "fifo", "mpmax", "srtf", "sjf"}) {
    for (const char* timing : {"at-dispatch", "processor-sharing"}) {
      Scenario s = many_dispatches();
      s.policies.thread_block = policy;
      s.device.cu.timing = timing == std::string("at-dispatch")
                               ? WorkgroupTiming::at_dispatch
                               : WorkgroupTiming::processor_sharing;
      const IsolatedRuntimes alone = isolated_runtimes(s);
      for (std::size_t p = 0; p < s.queues[0].packets.size(); ++p) {
        const std::string& name = s.queues[0].packets[p].name;
        EXPECT_EQ(alone.at(name), turnaround_of(alone_scenario(s, 0, p)))
            << name << " under " << policy << ", " << timing;
      }
    }
  }
}

// Under a time limit, a replayed alone run must say what its simulation says: 0 (the limit was
// reached) whenever the simulated run passes the limit, counting what it does after the end.
TEST(AloneRuns, ReplaysKeepToTheTimeLimit) {
  for (Tick limit = 10 * us; limit <= 30 * us; limit += us / 4) {
    Scenario s = many_dispatches();
    s.limits.max_sim_time = limit;
    const IsolatedRuntimes alone = isolated_runtimes(s);
    for (std::size_t p = 0; p < s.queues[0].packets.size(); ++p) {
      const std::string& name = s.queues[0].packets[p].name;
      EXPECT_EQ(alone.at(name), turnaround_of(alone_scenario(s, 0, p)))
          << name << " with a limit of " << limit << " ps";
    }
  }
}

// Dispatches that differ only in priorities share one alone run (simulated or replayed): only
// mapping policies read priorities, to choose among queues, and an alone run's one queue takes a
// free slot when it is created. Under every mapping policy, with packet and queue priorities all
// different, each dispatch's isolated runtime must still be its own simulation, with random
// durations (replays) and without (one run per shape). (It fails if a lone queue waited for the
// policy and a policy read priorities as absolute values.)
TEST(AloneRuns, PrioritiesChangeNoAloneRun) {
  for (const PolicyInfo& policy : all_policies()) {
    if (policy.kind != PolicyKind::queue_mapping) continue;
    for (const double rsd : {0.4, 0.0}) {
      Scenario s = many_dispatches();
      s.policies.queue_mapping = std::string(policy.name);
      s.kernels[0].duration.rsd = rsd;
      QueueSpec high = s.queues[0];
      high.name = "high";
      high.priority = 9;
      for (std::size_t p = 0; p < high.packets.size(); ++p) {
        high.packets[p].name = "h" + std::to_string(p);
        high.packets[p].priority = static_cast<std::uint32_t>(7 + p % 5);
        s.queues[0].packets[p].priority = static_cast<std::uint32_t>(p % 3);
      }
      s.queues.push_back(high);
      const IsolatedRuntimes alone = isolated_runtimes(s);
      for (std::size_t q = 0; q < s.queues.size(); ++q) {
        for (std::size_t p = 0; p < s.queues[q].packets.size(); ++p) {
          const std::string& name = s.queues[q].packets[p].name;
          EXPECT_EQ(alone.at(name), turnaround_of(alone_scenario(s, q, p)))
              << name << " under " << policy.name << ", rsd " << rsd;
        }
      }
    }
  }
}

// On the tiny device (one CU of 8 slots): 8 work-groups are one wave, 9 are not, and a single
// wave replays to its simulated turnaround under its own draws and to another dispatch's under
// that one's.
TEST(AloneRuns, ARunIsASingleWaveWhenEveryWorkgroupStartsAtOnce) {
  const Scenario s = load_scenario_text(kMixed, "mixed.yaml");
  const std::size_t r1 = 3;  // queue a: f1, f2, f16, r1
  ASSERT_EQ(s.queues[0].packets[r1].name, "r1");
  for (const std::uint64_t workgroups : {8u, 9u}) {
    Scenario alone = alone_scenario(s, 0, r1);
    alone.queues[0].packets[0].workgroups = workgroups;
    SingleWaveRecorder recorder;
    const AloneRun run = run_alone(alone, &recorder);
    const std::optional<SingleWave> wave = recorder.wave();
    if (workgroups == 9) {
      EXPECT_FALSE(wave);
      continue;
    }
    ASSERT_TRUE(wave);
    EXPECT_EQ(wave->workgroups(), 8u);
    EXPECT_EQ(wave->turnaround(RandomStream::kernel_seed(s.seed, stable_hash("r1"))),
              run.turnaround);
    Scenario other = alone;
    other.queues[0].packets[0].name = "r2";
    EXPECT_EQ(wave->turnaround(RandomStream::kernel_seed(s.seed, stable_hash("r2"))),
              turnaround_of(other));
  }
}

// A replay turns only the largest uniform draws among work-groups of equal mean into durations.
// For grids that leave one or two distinct means (loads) on 4 CUs of 8 slots, and two
// spreads, it must give exactly the common start plus the longest of every work-group's
// duration, for 3,000 dispatches each.
TEST(AloneRuns, AReplayGivesTheLongestOfEveryDuration) {
  const Scenario s = many_dispatches();
  for (const std::uint64_t workgroups : {4u, 13u, 30u}) {
    for (const double rsd : {0.4, 0.02}) {
      Scenario alone = alone_scenario(s, 0, 1);  // kernel one: contention 0.3
      alone.kernels[0].duration.rsd = rsd;
      alone.queues[0].packets[0].workgroups = workgroups;
      SingleWaveRecorder recorder;
      run_alone(alone, &recorder);
      const std::optional<SingleWave> wave = recorder.wave();
      ASSERT_TRUE(wave);
      ASSERT_EQ(wave->workgroups(), workgroups);
      for (std::uint64_t d = 0; d < 3000; ++d) {
        const auto seed = RandomStream::kernel_seed(s.seed, d);
        Tick longest = 0;
        for (std::uint64_t i = 0; i < workgroups; ++i) {
          RandomStream stream(seed, i);
          const double spread = wave->sampler().spread(stream);
          longest = std::max(longest, wave->sampler().duration(wave->means()[i], spread));
        }
        ASSERT_EQ(wave->turnaround(seed), wave->start() + longest)
            << workgroups << " work-groups, rsd " << rsd << ", dispatch " << d;
      }
    }
  }
}

TEST(AloneRuns, TheQueueAloneStartsAtZeroAndKeepsItsSpacing) {
  const Scenario s = load_scenario_text(kMixed, "mixed.yaml");
  const Scenario b = alone_queue_scenario(s, 1);
  ASSERT_EQ(b.queues.size(), 1u);
  EXPECT_EQ(b.queues[0].name, "b");
  ASSERT_EQ(b.queues[0].packets.size(), 3u);
  EXPECT_EQ(b.queues[0].packets[0].at, 0);
  EXPECT_EQ(b.queues[0].packets[1].at, 2 * us);
  EXPECT_EQ(b.queues[0].packets[2].at, 2 * us);
  EXPECT_EQ(b.queues[0].packets[2].name, "f24");
  EXPECT_EQ(b.kernels.size(), 2u);
  EXPECT_EQ(b.seed, s.seed);
}

}  // namespace
}  // namespace aqlsim
