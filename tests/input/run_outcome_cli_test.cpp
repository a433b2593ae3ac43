// End-to-end tests of runs that do not complete: a deadlock exits with status 3, a queue error
// with status 4, and each names what stopped it, on standard error and in the JSON outcome.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "tests/support/cli_fixture.hpp"

namespace {

using ::testing::HasSubstr;
using Json = nlohmann::json;

using namespace aqlsim::testing;  // the fixture and its helpers
using Cli = CliFixture;

TEST_F(Cli, DeadlockExitsWithThreeAndNamesQueuePacketAndSignal) {
  const std::string file = write("deadlock.yaml",
                                 "kernels:\n"
                                 "  - {name: k, workgroup_size: 64, wg_time: 10us}\n"
                                 "signals:\n"
                                 "  - {name: never, initial: 1}\n"
                                 "queues:\n"
                                 "  - name: stuck\n"
                                 "    packets:\n"
                                 "      - {name: first, dispatch: k}\n"
                                 "      - {name: wait, barrier_and: [never]}\n"
                                 "      - {name: after, dispatch: k}\n");
  const Result r = aqlsim("run " + quote(file) + " --json " + quote(path("r.json")));
  EXPECT_EQ(r.status, 3);
  EXPECT_THAT(r.err, HasSubstr("deadlock"));
  EXPECT_THAT(r.err, HasSubstr("queue 'stuck', packet 1 (barrier-and)"));
  EXPECT_THAT(r.err, HasSubstr("never = 1"));
  // The kernel before the barrier still ran and is reported.
  EXPECT_TRUE(has_line_starting_with(r.out, "first ")) << r.out;
  const Json j = read_json("r.json");
  EXPECT_EQ(j.at("outcome").at("status"), "deadlock");
  ASSERT_EQ(j.at("outcome").at("blocked").size(), 1u);
  const Json& b = j.at("outcome").at("blocked")[0];
  EXPECT_EQ(b.at("queue"), "stuck");
  EXPECT_EQ(b.at("packet_index"), 1);
  EXPECT_EQ(b.at("signals")[0].at("signal"), "never");
  EXPECT_EQ(b.at("signals")[0].at("value"), 1);
}

TEST_F(Cli, QueueErrorExitsWithFourAndNamesTheQueue) {
  const std::string file = write("raw.yaml",
                                 "kernels:\n"
                                 "  - {name: k, workgroup_size: 64, wg_time: 10us}\n"
                                 "queues:\n"
                                 "  - name: bad\n"
                                 "    packets:\n"
                                 "      - {name: ok, dispatch: k}\n"
                                 "      - {name: odd, raw_type: 4}\n");
  const Result r = aqlsim("run " + quote(file) + " --json " + quote(path("r.json")));
  EXPECT_EQ(r.status, 4);
  // Type 4 is HSA_PACKET_TYPE_AGENT_DISPATCH, which the model does not support.
  EXPECT_THAT(r.err, HasSubstr("queue error: queue 'bad', packet 1"));
  EXPECT_THAT(r.err, HasSubstr("agent-dispatch"));
  const Json j = read_json("r.json");
  EXPECT_EQ(j.at("outcome").at("status"), "queue_error");
  ASSERT_EQ(j.at("outcome").at("errors").size(), 1u);
  EXPECT_EQ(j.at("outcome").at("errors")[0].at("queue"), "bad");
  EXPECT_EQ(j.at("outcome").at("errors")[0].at("packet_index"), 1);
}

// The other queues run on after a queue error; one left waiting for the failed queue's work is
// reported beside the error, in the message and the JSON.
TEST_F(Cli, AQueueErrorReportsTheQueuesItLeftBlocked) {
  const std::string file =
      write("blocked.yaml",
            "kernels:\n"
            "  - {name: k, workgroup_size: 64, wg_time: 10us}\n"
            "queues:\n"
            "  - {name: bad, packets: [{raw_type: 4}, {name: after, dispatch: k}]}\n"
            "  - {name: good, packets: [{name: g, dispatch: k}]}\n"
            "  - {name: waiter, packets: [{barrier_and: [after]}]}\n");
  const Result r = aqlsim("run " + quote(file) + " --no-alone --json " + quote(path("b.json")));
  EXPECT_EQ(r.status, 4);
  EXPECT_THAT(r.out, HasSubstr("g "));  // the good queue's kernel ran
  EXPECT_THAT(r.err, HasSubstr("queue error: queue 'bad', packet 0"));
  EXPECT_THAT(r.err, HasSubstr("and then the other queues' work remained"));
  EXPECT_THAT(r.err, HasSubstr("queue 'waiter', packet 0 (barrier-and): it waits for all of its "
                               "signals to reach 0: after = 1"));
  const Json blocked = read_json("b.json").at("outcome").at("blocked");
  ASSERT_EQ(blocked.size(), 1u);
  EXPECT_EQ(blocked[0].at("queue"), "waiter");
  EXPECT_EQ(blocked[0].at("waits_for_publication"), false);
}

}  // namespace
