// An unsupported packet is reported on its queue, which stops there; an unpublished one (its
// header INVALID) is waited for, as HSA requires: never a crash.
#include <gtest/gtest.h>

#include "tests/support/simulate.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim {
namespace {

std::unique_ptr<testing::Simulation> with_raw_packet(int type) {
  return testing::simulate(std::string(testing::kTinyDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us}
queues:
  - name: bad
    packets:
      - {name: ok, dispatch: k}
      - {name: odd, raw_type: )" +
                           std::to_string(type) + "}\n");
}

TEST(QueueError, AnAgentDispatchPacketIsReportedOnItsQueue) {
  auto sim = with_raw_packet(HSA_PACKET_TYPE_AGENT_DISPATCH);
  ASSERT_EQ(sim->outcome.status, RunStatus::queue_error);
  ASSERT_EQ(sim->outcome.errors.size(), 1u);
  const QueueError& e = sim->outcome.errors[0];
  EXPECT_EQ(e.queue_name, "bad");
  EXPECT_EQ(e.packet_index, 1u);
  EXPECT_EQ(e.status, HSA_STATUS_ERROR_INVALID_PACKET_FORMAT);
  EXPECT_NE(e.message.find("agent-dispatch"), std::string::npos) << e.message;
}

// Nothing publishes it here, so the run ends in a deadlock that names the wait.
TEST(QueueError, AnInvalidHeaderIsWaitedForNotProcessed) {
  auto sim = with_raw_packet(HSA_PACKET_TYPE_INVALID);
  ASSERT_EQ(sim->outcome.status, RunStatus::deadlock);
  EXPECT_TRUE(sim->outcome.errors.empty());
  ASSERT_EQ(sim->outcome.blocked.size(), 1u);
  EXPECT_EQ(sim->outcome.blocked[0].packet_index, 1u);
  EXPECT_TRUE(sim->outcome.blocked[0].wait.unpublished);
}

// The failing queue stops at its error; the others run on, and what then stops them is
// reported beside the error. All three queues are mapped at 0: `bad` fails at 1 us, `good`'s
// kernels run [1,11] and [2,12], and `waiter` waits for the completion of a packet behind the
// error, which never comes.
constexpr const char* kErrorAndOthers = R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, rsd: 0, contention: 0}
queues:
  - name: bad
    packets: [{name: odd, raw_type: 4}, {name: after, dispatch: k}]
  - name: good
    packets: [{name: g0, dispatch: k}, {name: g1, dispatch: k}]
  - name: waiter
    packets: [{name: w, barrier_and: [after]}]
)";

TEST(QueueError, TheOtherQueuesRunOnAndWhatBlocksThemIsReported) {
  auto sim = testing::simulate(std::string(testing::kTinyDevice) + kErrorAndOthers);
  ASSERT_EQ(sim->outcome.status, RunStatus::queue_error);
  ASSERT_EQ(sim->outcome.errors.size(), 1u);
  EXPECT_EQ(sim->outcome.errors[0].time, 1 * kMicrosecond);
  EXPECT_EQ(sim->kernel("g0").end, 11 * kMicrosecond);
  EXPECT_EQ(sim->kernel("g1").end, 12 * kMicrosecond);
  // The failed queue is reported by its error, not again as blocked.
  ASSERT_EQ(sim->outcome.blocked.size(), 1u);
  EXPECT_EQ(sim->outcome.blocked[0].queue, "waiter");
  ASSERT_EQ(sim->outcome.blocked[0].signal_values.size(), 1u);
  EXPECT_EQ(sim->outcome.blocked[0].signal_values[0].first, "after");
}

// A limit reached after the error is the run's status, and the error is still listed.
TEST(QueueError, ALimitReachedAfterAnErrorIsReportedAsTheLimit) {
  const Scenario scenario =
      load_scenario_text(std::string(testing::kTinyDevice) + kErrorAndOthers, "w.yaml");
  BuiltModel model = build_model(scenario, {});
  model.gpu->engine().set_limits(11'500'000, UINT64_MAX);  // 11.5 us: g1 ends at 12
  const RunOutcome outcome = model.gpu->run();
  ASSERT_EQ(outcome.status, RunStatus::limit);
  EXPECT_EQ(outcome.errors.size(), 1u);
  EXPECT_NE(outcome.limit.find("11.5"), std::string::npos) << outcome.limit;
  ASSERT_EQ(outcome.unfinished.size(), 1u);
  EXPECT_EQ(outcome.unfinished[0], (std::pair<std::string, std::uint64_t>{"good", 1}));
}

TEST(QueueError, UnknownTypeNumbersAreReportedToo) {
  auto sim = with_raw_packet(200);
  ASSERT_EQ(sim->outcome.status, RunStatus::queue_error);
  EXPECT_NE(sim->outcome.errors[0].message.find("200"), std::string::npos);
}

}  // namespace
}  // namespace aqlsim
