// workloads/kernels/ercbench.yaml against Pai et al. tables 2 and 3: each kernel's occupancy on
// gtx480 is table 2's maximum residency R, and each kernel alone runs within 10% of table 3's
// simulated runtime, under every one of five seeds. gtx480 uses processor-sharing timing;
// with durations fixed at dispatch instead, JPEG-d and JPEG-e (RSD 30% and 33%, 4.3 waves per
// SM) end 7-17% late, because their last blocks keep the long duration of a full SM (see
// EachKernelAloneWithTimingFixedAtDispatch below).
#include "tests/queue_sched/ercbench.hpp"

#include <gtest/gtest.h>

#include "hsa_model/occupancy.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

using testing::Table23;

// The isolated runtime of `kernel` over table 3's.
double runtime_over_table3(const Table23& row, std::uint64_t seed,
                           const std::vector<std::string>& overrides = {}) {
  std::vector<std::string> all = overrides;
  all.push_back("seed=" + std::to_string(seed));
  auto sim = testing::simulate(testing::ercbench_scenario(
      std::string("queues: [{packets: [{name: only, dispatch: ") + row.kernel + "}]}]\n", all));
  EXPECT_EQ(sim->outcome.status, RunStatus::completed) << row.kernel;
  const KernelState& k = sim->kernel("only");
  return static_cast<double>(k.end - k.start) /
         static_cast<double>(cycles_to_ticks(row.runtime_cycles, 700.0));
}

TEST(Ercbench, OccupancyOnGtx480IsTable2sMaximumResidency) {
  const Scenario s = testing::ercbench_scenario("queues: [{packets: [{dispatch: sad}]}]\n");
  for (const Table23& row : testing::kTable23) {
    const KernelProfile* k = s.find_kernel(row.kernel);
    ASSERT_NE(k, nullptr) << row.kernel;
    const WorkgroupDemand demand =
        workgroup_demand(s.device, k->workgroup_size, k->vgprs, k->sgprs, k->lds_bytes);
    EXPECT_EQ(occupancy(s.device.cu, demand).max_residency, row.residency) << row.kernel;
  }
}

TEST(Ercbench, EachKernelAloneRunsWithinTenPercentOfTable3) {
  for (const Table23& row : testing::kTable23) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed)
      EXPECT_NEAR(runtime_over_table3(row, seed), 1.0, 0.10) << row.kernel << " seed " << seed;
  }
}

// Why gtx480 uses processor sharing: with each block's duration fixed at dispatch, the last
// blocks of JPEG-e keep a full SM's duration after their co-residents have gone, and the kernel
// ends more than 10% late on seed 1 (1.156x).
TEST(Ercbench, EachKernelAloneWithTimingFixedAtDispatch) {
  EXPECT_GT(runtime_over_table3(testing::kTable23[4], 1, {"device.cu.timing=at-dispatch"}), 1.10);
}

}  // namespace
}  // namespace aqlsim
