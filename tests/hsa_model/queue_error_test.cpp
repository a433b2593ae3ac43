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

TEST(QueueError, UnknownTypeNumbersAreReportedToo) {
  auto sim = with_raw_packet(200);
  ASSERT_EQ(sim->outcome.status, RunStatus::queue_error);
  EXPECT_NE(sim->outcome.errors[0].message.find("200"), std::string::npos);
}

}  // namespace
}  // namespace aqlsim
