// Invariants of taking work back, over random workloads: under every kernel scheduler, every
// thread-block scheduler, every preemption mechanism and both timing models, every work-group
// (task) finishes exactly once, none is on the device twice at a time, none runs outside its
// queue's CU mask or over its kernel's workers per CU, none of a held kernel starts, and every
// application completes.
#include <gtest/gtest.h>

#include <random>

#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

// A device of 3 CUs with room for 4 one-wave work-groups each, cheap transfers.
constexpr const char* kDevice = R"(
device:
  name: small
  clock_mhz: 1000
  compute_units: 3
  wave_size: 64
  cu: {simds: 1, waves_per_simd: 4, vgprs_per_simd: 1024, vgpr_granule: 1, sgprs_per_simd: 0,
       lds_bytes: 65536, max_workgroups: 4, timing: TIMING}
  front_end: {hw_queues: 8, quantum: 100us, packet_latency: 1us, max_concurrent_kernels: 8}
  preemption: {mechanism: MECHANISM, launch_command: 2us, eviction_command: 3us,
               pending_read: 2us, save_gbps: 0.5}
)";

std::string replace(std::string text, const std::string& from, const std::string& to) {
  return text.replace(text.find(from), from.size(), to);
}

// Four to six applications of one or two kernels, persistent with 1-3 workers per CU,
// 3-40 tasks of 2-20 us, arriving in the first 60 us, some restricted to a CU mask.
std::string random_workload(std::uint64_t seed, const std::string& timing,
                            const std::string& mechanism, const std::string& policy,
                            const std::string& thread_block) {
  std::mt19937_64 rng(seed);
  const auto pick = [&](int lo, int hi) { return static_cast<int>(lo + rng() % (hi - lo + 1)); };
  std::string yaml = replace(replace(kDevice, "TIMING", timing), "MECHANISM", mechanism);
  yaml += "kernels:\n";
  // One draw per statement: the operands of one + chain are evaluated in an order the compiler
  // chooses (GCC and clang made different workloads of one seed).
  for (int k = 0; k < 4; ++k) {
    const int wg_time = pick(2, 20);
    const int workers = pick(1, 3);
    yaml += "  - {name: k" + std::to_string(k) +
            ", workgroup_size: 64, vgprs: 1, wg_time: " + std::to_string(wg_time) +
            "us, rsd: 0.3, persistent: {workers_per_cu: " + std::to_string(workers) + "}}\n";
  }
  yaml += "queues:\n";
  const int apps = pick(4, 6);
  for (int a = 0; a < apps; ++a) {
    yaml += "  - name: app" + std::to_string(a) + "\n";
    if (pick(0, 2) == 0) yaml += "    cu_mask: [" + std::to_string(pick(0, 2)) + "]\n";
    yaml += "    packets:\n";
    const int at = pick(0, 60);
    for (int i = 0, n = pick(1, 2); i < n; ++i) {
      const int kernel = pick(0, 3);
      const int workgroups = pick(3, 40);
      yaml += "      - {dispatch: k" + std::to_string(kernel) +
              ", workgroups: " + std::to_string(workgroups) + ", at: " + std::to_string(at) + "us" +
              (i > 0 ? ", barrier: true" : "") + "}\n";
    }
  }
  // CFS's quantum is the epoch over the active kernels. At 0.05 ms (4 us among twelve) a kernel
  // under kill can be evicted before any of its work-groups ends, for ever: the model reports
  // that livelock, a right answer but not the invariant this test checks.
  yaml += "scheduling: {kernel: " + policy + ", thread_block: " + thread_block +
          ", params: {kernel-rr: {quantum_ms: 0.02}, kernel-cfs: {epoch_ms: 0.2}, "
          "kernel-frs: {min_quantum_ms: 0.01}}}\n";
  return yaml;
}

TEST(KernelSchedulerInvariants, EveryTaskRunsExactlyOnceUnderEverySchedulerAndMechanism) {
  std::uint64_t evictions = 0;
  for (const char* policy : {"kernel-fcfs", "kernel-sjf", "kernel-srt", "kernel-rr", "kernel-cfs",
                             "kernel-frs", "kernel-adaptive", "kernel-smc"}) {
    for (const char* mechanism : {"drain", "context-save", "kill"}) {
      for (const char* timing : {"at-dispatch", "processor-sharing"}) {
        for (const char* thread_block :
             {"fifo", "fifo-backfill", "mpmax", "srtf", "srtf-adaptive", "sjf"}) {
          for (std::uint64_t seed = 1; seed <= 4; ++seed) {
            SCOPED_TRACE(std::string(policy) + " " + mechanism + " " + timing + " " + thread_block +
                         " seed " + std::to_string(seed));
            const std::string yaml = random_workload(seed, timing, mechanism, policy, thread_block);
            const Scenario s = load_scenario_text(yaml, "random.yaml");
            testing::InvariantChecker checker;
            RunOptions options;
            options.observers.push_back(&checker);
            const RunReport r = run_scenario(s, options);
            ASSERT_EQ(r.outcome.status, RunStatus::completed) << yaml;
            std::uint64_t dispatches = 0;
            std::uint64_t tasks = 0;
            for (const QueueSpec& q : s.queues) {
              for (const PacketSpec& p : q.packets) {
                ++dispatches;
                tasks += *p.workgroups;
              }
            }
            EXPECT_EQ(r.kernels.size(), dispatches);
            EXPECT_EQ(checker.finished(), tasks);
            EXPECT_TRUE(checker.nothing_on_device());
            evictions += checker.evictions();
          }
        }
      }
    }
  }
  // context-save and kill did stop running work-groups somewhere.
  EXPECT_GT(evictions, 0u);
}

}  // namespace
}  // namespace aqlsim
