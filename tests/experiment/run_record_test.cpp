// Run records (how MPI ranks and shard files carry runs) read back exactly what was written,
// whatever the names hold; slices deal every run to exactly one part.
#include "experiment/run_record.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace aqlsim {
namespace {

using ::testing::HasSubstr;

bool same_bits(double a, double b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

RunSummary awkward_run() {
  RunSummary r;
  r.run = 123456789;
  r.workload = "a,b;c=d %20 \xC3\xA9\n\ttab";  // separators, an escape look-alike, UTF-8
  r.point = {"round-robin:8", "", "[1, 2]"};
  r.policy = "rr-idle+fifo";
  r.status = RunStatus::limit;
  r.makespan_us = 0.1 + 0.2;                              // not the double nearest 0.3
  r.metrics = {1e-300, static_cast<double>(kMaxSimTime),  // the largest a run can write
               std::numeric_limits<double>::denorm_min(), std::nextafter(1.0, 2.0)};
  r.slot_idle_us = -0.0;
  r.map_count = UINT64_MAX;
  r.unmap_count = 0;
  r.application_ntt = {{"va", 1.0 / 3.0}, {"x=y;z", 2.5}};
  return r;
}

TEST(RunRecord, ReadsBackEveryFieldExactly) {
  const RunSummary r = awkward_run();
  const std::string line = encode_run(r);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  const RunSummary back = decode_run(line, r.point.size(), {"f", 1, 0});
  EXPECT_EQ(back.run, r.run);
  EXPECT_EQ(back.workload, r.workload);
  EXPECT_EQ(back.point, r.point);
  EXPECT_EQ(back.policy, r.policy);
  EXPECT_EQ(back.status, r.status);
  for (const auto& [a, b] : {std::pair{back.makespan_us, r.makespan_us},
                             {back.metrics.stp, r.metrics.stp},
                             {back.metrics.antt, r.metrics.antt},
                             {back.metrics.fairness, r.metrics.fairness},
                             {back.metrics.dntt, r.metrics.dntt},
                             {back.slot_idle_us, r.slot_idle_us}})
    EXPECT_TRUE(same_bits(a, b)) << a << " read back as " << b;
  EXPECT_EQ(back.map_count, r.map_count);
  EXPECT_EQ(back.unmap_count, r.unmap_count);
  ASSERT_EQ(back.application_ntt.size(), 2u);
  EXPECT_EQ(back.application_ntt[1].first, "x=y;z");
  EXPECT_TRUE(same_bits(back.application_ntt[0].second, 1.0 / 3.0));
}

TEST(RunRecord, TitlesHaveOneColumnPerField) {
  const RunSummary r = awkward_run();
  const std::string titles = run_record_header({"graph.lowering", "a", "b"});
  EXPECT_EQ(titles,
            "run,workload,graph.lowering,a,b,policy,status,makespan_us,stp,antt,fairness,dntt,"
            "slot_idle_us,map_count,unmap_count,applications");
  const std::string line = encode_run(r);
  EXPECT_EQ(std::count(titles.begin(), titles.end(), ','),
            std::count(line.begin(), line.end(), ','));
}

TEST(RunRecord, ErrorsNameTheColumnOfTheBadField) {
  RunSummary r;
  r.workload = "w";
  r.policy = "fifo";
  const std::string line = encode_run(r);  // 0,w,fifo,completed,0,...
  EXPECT_THAT(
      [&] {
        decode_run(line, 1, {"f", 3, 0});
      },
      ::testing::ThrowsMessage<InputError>(HasSubstr("f:3:1: 13 fields where a run has 14")));
  std::string bad = line;
  bad.replace(bad.find(",completed,"), 11, ",finished,");
  EXPECT_THAT(
      [&] {
        decode_run(bad, 0, {"f", 2, 0});
      },
      ::testing::ThrowsMessage<InputError>(HasSubstr("f:2:10: unknown run status")));
  EXPECT_THAT(
      [&] {
        decode_run("0,w%2,fifo" + line.substr(8), 0, {"f", 2, 0});
      },
      ::testing::ThrowsMessage<InputError>(HasSubstr("f:2:4: expected %XX")));
  EXPECT_THAT(
      [&] {
        decode_run("-1" + line.substr(1), 0, {"f", 2, 0});
      },
      ::testing::ThrowsMessage<InputError>(
          HasSubstr("f:2:1: expected a number from 0 to 4.61169e+18")));
}

// from_chars reads nan, inf and negative numbers, which merge summed into its table; no run
// writes them, nor a policy that is not registered.
TEST(RunRecord, NumbersAreFiniteAndNotNegativeAndPoliciesAreKnown) {
  const auto error = [](const std::string& line) {
    try {
      decode_run(line, 0, {"f", 2, 0});
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("0,w,fifo,completed,0,0,0,0,0,0,0,0,a=1"), "no error");
  EXPECT_EQ(error("0,w,fifo,completed,nan,0,0,0,0,0,0,0,"),
            "f:2:20: expected a number from 0 to 4.61169e+18 for makespan_us, found 'nan'");
  EXPECT_EQ(error("0,w,fifo,completed,0,-inf,0,0,0,0,0,0,"),
            "f:2:22: expected a number from 0 to 4.61169e+18 for stp, found '-inf'");
  EXPECT_EQ(error("0,w,fifo,completed,0,0,0,0,0,-5,0,0,"),
            "f:2:30: expected a number from 0 to 1.79769e+308 for slot_idle_us, found '-5'");
  EXPECT_EQ(
      error("0,w,fifo,completed,0,0,0,0,0,0,0,0,a=inf"),
      "f:2:38: expected a number from 0 to 4.61169e+18 for an application's NTT, found 'inf'");
  // slot_idle_us is a total over the slots: it may pass 2^62 (32 slots idle for 10^12 us).
  EXPECT_EQ(error("0,w,fifo,completed,0,0,0,0,0,3.2e13,0,0,"), "no error");
  // What no run writes: past 2^62 (a makespan of 1e308 us printed 300 digits).
  EXPECT_EQ(error("0,w,fifo,completed,1e308,0,0,0,0,0,0,0,"),
            "f:2:20: expected a number from 0 to 4.61169e+18 for makespan_us, found '1e308'");
  EXPECT_EQ(error("0,w,fifo,completed,0,4.7e18,0,0,0,0,0,0,"),
            "f:2:22: expected a number from 0 to 4.61169e+18 for stp, found '4.7e18'");
  EXPECT_EQ(error("0,w,nosuch,completed,0,0,0,0,0,0,0,0,"),
            "f:2:5: unknown policy 'nosuch' (`aqlsim policies` lists them)");
  EXPECT_EQ(error("0,w,rr-idle+nosuch,completed,0,0,0,0,0,0,0,0,"),
            "f:2:5: unknown policy 'rr-idle+nosuch' (`aqlsim policies` lists them)");
  // A workload's own policies: a queue-mapping, a thread-block, then a kernel policy, each of
  // its kind in its place (a second thread-block policy in the kernel's place was accepted).
  EXPECT_EQ(error("0,w,rr-idle+fifo-backfill+kernel-sjf,completed,0,0,0,0,0,0,0,0,"), "no error");
  EXPECT_EQ(error("0,w,rr-idle+fifo-backfill+fifo,completed,0,0,0,0,0,0,0,0,"),
            "f:2:5: unknown policy 'rr-idle+fifo-backfill+fifo' (`aqlsim policies` lists them)");
  EXPECT_EQ(error("0,w,fifo+rr-idle,completed,0,0,0,0,0,0,0,0,"),
            "f:2:5: unknown policy 'fifo+rr-idle' (`aqlsim policies` lists them)");
  EXPECT_EQ(error("0,w,rr-idle+fifo+kernel-sjf+kernel-rr,completed,0,0,0,0,0,0,0,0,"),
            "f:2:5: unknown policy 'rr-idle+fifo+kernel-sjf+kernel-rr' (`aqlsim policies` lists "
            "them)");
}

TEST(Slice, DealsEveryRunToExactlyOnePart) {
  const Slice shard{1, 3};
  std::vector<int> holders(40, 0);
  for (std::size_t rank = 0; rank < 4; ++rank) {
    const Slice part = shard.part(rank, 4);
    std::size_t held = 0;
    for (std::size_t run = 0; run < holders.size(); ++run) {
      if (part.holds(run)) {
        ++holders[run];
        ++held;
        EXPECT_TRUE(shard.holds(run));
      }
    }
    EXPECT_EQ(part.size(holders.size()), held) << rank;
  }
  for (std::size_t run = 0; run < holders.size(); ++run)
    EXPECT_EQ(holders[run], shard.holds(run) ? 1 : 0) << run;
  EXPECT_EQ(Slice({5, 9}).size(5), 0u);
  EXPECT_EQ(Slice({5, 9}).size(6), 1u);
}

}  // namespace
}  // namespace aqlsim
