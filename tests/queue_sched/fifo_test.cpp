// Strict FIFO against FIFO with backfill on a case worked out by hand: on one CU of 8 wave
// slots, kernel A (4 work-groups of 3 waves, 10 us) and kernel B (2 one-wave work-groups,
// 5 us) are launched together at 1 us. A places 2 groups (6 waves) and its third does not fit.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "hsa_model/host_api.hpp"
#include "queue_sched/registry.hpp"
#include "queue_sched/rr_timeslice.hpp"
#include "tests/queue_sched/block_log.hpp"
#include "tests/queue_sched/two_cu_device.hpp"
#include "tests/support/microseconds.hpp"
#include "tests/support/simulate.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim {
namespace {

using testing::us;

std::string fifo_workload(const std::string& policy) {
  return std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: wide, workgroup_size: 192, vgprs: 1, wg_time: 10us, contention: 0}
  - {name: narrow, workgroup_size: 64, vgprs: 1, wg_time: 5us, contention: 0}
queues:
  - {name: qa, packets: [{name: A, dispatch: wide, workgroups: 4}]}
  - {name: qb, packets: [{name: B, dispatch: narrow, workgroups: 2}]}
scheduling: {thread_block: )" +
         policy + "}\n";
}

TEST(Fifo, StrictFifoMakesBWaitUntilAHasIssuedEveryGroup) {
  // A's last two groups are placed when its first two end at 11 us; only then may B go.
  auto sim = testing::simulate(fifo_workload("fifo"));
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("B").start, 11 * us);
  EXPECT_EQ(sim->kernel("B").end, 16 * us);
  EXPECT_EQ(sim->kernel("A").end, 21 * us);
}

TEST(Fifo, BackfillLetsBUseTheTwoWaveSlotsALeavesFree) {
  auto sim = testing::simulate(fifo_workload("fifo-backfill"));
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("B").start, 1 * us);
  EXPECT_EQ(sim->kernel("B").end, 6 * us);
  EXPECT_EQ(sim->kernel("A").end, 21 * us);
}

// Strictness holds where the earlier kernel may run. Two CUs of four one-wave slots: A (8
// work-groups of 100 us) is masked to CU 0 and takes its four slots at 0; B (8 of 10 us)
// arrives at 1 us and takes CU 1, where A may not go: 4 [1,11], 4 [11,21]. Waiting for A to
// issue everything would start B only at 100 us and end it at 120.
TEST(Fifo, StrictFifoDoesNotHoldACuForAKernelBarredFromIt) {
  auto sim = testing::simulate(std::string(testing::kTwoCuDevice) + testing::kAMaskedToCu0ThenB +
                               "scheduling: {thread_block: fifo}\n");
  ASSERT_EQ(sim->outcome.status, RunStatus::completed);
  EXPECT_EQ(sim->kernel("B").start, 1 * us);
  EXPECT_EQ(sim->kernel("B").end, 21 * us);
  EXPECT_EQ(sim->kernel("A").end, 200 * us);
}

// The policy it wraps, except that the dispatcher reconsiders every CU whenever a kernel has
// issued everything or finishes (the default, which the FIFO policies opt out of).
class RescanAlways final : public ThreadBlockScheduler {
 public:
  explicit RescanAlways(std::unique_ptr<ThreadBlockScheduler> inner) : inner_(std::move(inner)) {}
  std::string_view name() const override { return inner_->name(); }
  KernelId pick(const DispatchView& view, CuIndex cu) override { return inner_->pick(view, cu); }
  Rescans rescans() const override { return {}; }

 private:
  std::unique_ptr<ThreadBlockScheduler> inner_;
};

// 60 dispatches of three shapes (1 to 12 waves, up to 24 work-groups, durations spread 30%) on
// three queues of a 4-CU device: kernels end while others wait for room, at all times.
std::vector<testing::BlockLog::Start> fifo_starts(std::unique_ptr<ThreadBlockScheduler> policy) {
  DeviceSpec device;
  device.compute_units = 4;
  hsa::Runtime rt(device, std::make_unique<RrTimeslice>(PolicyParams{}), std::move(policy), 7);
  testing::BlockLog log;
  rt.gpu().add_observer(&log);
  constexpr std::uint32_t kWaves[] = {1, 5, 12};  // per work-group, by shape
  std::vector<std::uint64_t> kernels;
  for (const std::uint32_t waves : kWaves) {
    KernelProfile k;
    k.name = "k" + std::to_string(waves);
    k.vgprs = 16;
    k.duration = {.mean = (3 + waves) * us, .reference_residency = 0, .rsd = 0.3, .contention = 0};
    kernels.push_back(rt.register_kernel(k));
  }
  std::vector<hsa::Queue*> queues;
  for (int q = 0; q < 3; ++q)
    queues.push_back(&rt.queue_create(64, 1, "q" + std::to_string(q)));
  for (std::uint32_t i = 0; i < 60; ++i) {
    const std::uint32_t shape = (i * 7) % 3;
    rt.submit(*queues[i % 3], make_dispatch_packet({.kernel_object = kernels[shape],
                                                    .workgroup_size = 64 * kWaves[shape],
                                                    .workgroups = 1 + (i * 5) % 24,
                                                    .completion_signal = rt.signal_create(1)}));
  }
  EXPECT_EQ(rt.run().status, RunStatus::completed);
  return log.starts();
}

// The FIFO policies say a kernel's end (and, with backfill, a kernel issuing its last work-group)
// changes none of their choices, so the dispatcher does not reconsider every CU then: every
// work-group must still start where and when it would if it did.
TEST(Fifo, SkippedRescansChangeNoChoice) {
  for (const char* name : {"fifo", "fifo-backfill"}) {
    const std::vector<testing::BlockLog::Start> skipping =
        fifo_starts(make_thread_block_scheduler(name, {}));
    const std::vector<testing::BlockLog::Start> rescanning =
        fifo_starts(std::make_unique<RescanAlways>(make_thread_block_scheduler(name, {})));
    EXPECT_GT(skipping.size(), 600u) << name;
    EXPECT_TRUE(skipping == rescanning) << name;
  }
}

}  // namespace
}  // namespace aqlsim
