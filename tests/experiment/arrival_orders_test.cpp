// The arrival-order experiments of Lopez-Albelda et al.: how the workloads are generated, and
// every kernel scheduler under every preemption mechanism giving the same results with one job
// or two.
#include "experiment/arrival_orders.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "experiment/compare.hpp"

namespace aqlsim {
namespace {

namespace fs = std::filesystem;

class ArrivalOrders : public ::testing::Test {
 protected:
  fs::path dir = fs::path(::testing::TempDir()) /
                 ("aqlsim_orders_" +
                  std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
  void SetUp() override {
    fs::create_directories(dir);
    std::ofstream(dir / "apps.yaml") << R"(
kernels:
  - {name: a, workgroup_size: 64, vgprs: 1, wg_time: 8us, rsd: 0.2, persistent: {workers_per_cu: 2}}
  - {name: b, workgroup_size: 64, vgprs: 1, wg_time: 3us, rsd: 0.2, persistent: {workers_per_cu: 1}}
  - {name: c, workgroup_size: 64, vgprs: 1, wg_time: 5us, rsd: 0.2, persistent: {workers_per_cu: 3}}
)";
  }
  void TearDown() override { fs::remove_all(dir); }

  ExperimentSpec experiment(int orders) {
    std::ofstream(dir / "e.yaml") << R"(
experiment:
  arrival_orders:
    device:
      compute_units: 2
      cu: {simds: 1, waves_per_simd: 4, vgprs_per_simd: 1024, vgpr_granule: 1, max_workgroups: 4}
      front_end: {packet_latency: 1us}
      preemption: {launch_command: 2us, eviction_command: 2us, pending_read: 2us}
    kernels: apps.yaml
    applications:
      - {name: x, kernels: [a, b]}
      - {name: y, kernels: [c]}
      - {name: z, kernels: [b]}
      - {name: w, kernels: [a]}
    spacing: 20us
    orders: )" + std::to_string(orders) +
                                         R"(
  policies: [kernel-fcfs, kernel-sjf, kernel-srt, kernel-rr, kernel-cfs, kernel-frs,
             kernel-adaptive, kernel-smc]
  set: ["scheduling.params.kernel-rr.quantum_ms=0.02", "scheduling.params.kernel-cfs.epoch_ms=0.04",
        "scheduling.params.kernel-frs.min_quantum_ms=0.01"]
)";
    return load_experiment((dir / "e.yaml").string());
  }
};

// The queue lines of a generated workload, in order.
std::vector<std::string> queue_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("  - {name: ")) out.push_back(line);
  }
  return out;
}

TEST_F(ArrivalOrders, OrderOneIsTheListAndTheOthersArePermutationsSpacedApart) {
  const ExperimentSpec spec = experiment(3);
  ASSERT_EQ(spec.workloads.size(), 3u);
  EXPECT_EQ(spec.workloads[0].name, "order-001");
  const auto first = queue_lines(spec.workloads[0].text);
  ASSERT_EQ(first.size(), 4u);
  // Application x is a pipeline: its second kernel waits for the first (barrier bit).
  EXPECT_EQ(first[0],
            "  - {name: x, packets: [{name: x_0, dispatch: a, at: 0ps}, {name: x_1, dispatch: b, "
            "at: 0ps, barrier: true}]}");
  EXPECT_EQ(first[3], "  - {name: w, packets: [{name: w_0, dispatch: a, at: 60000000ps}]}");
  EXPECT_NE(spec.workloads[0].text.find("metrics_per: queue"), std::string::npos);
  std::set<std::vector<std::string>> names;
  for (const WorkloadSource& w : spec.workloads) {
    std::vector<std::string> order;
    const auto lines = queue_lines(w.text);
    for (std::size_t slot = 0; slot < lines.size(); ++slot) {
      order.push_back(lines[slot].substr(11, 1));
      EXPECT_NE(lines[slot].find(", at: " + std::to_string(slot * 20'000'000) + "ps"),
                std::string::npos)
          << lines[slot];
    }
    std::vector<std::string> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (std::vector<std::string>{"w", "x", "y", "z"}));
    names.insert(order);
  }
  EXPECT_GT(names.size(), 1u) << "the orders should differ";
  // The same file gives the same orders.
  const ExperimentSpec again = experiment(3);
  for (std::size_t i = 0; i < 3; ++i)
    EXPECT_EQ(again.workloads[i].text, spec.workloads[i].text);
}

// Four applications have 4! = 24 orders: more would count some twice in every mean (orders: 3
// of two applications made orders 1 and 2 the same). An application named twice was reported
// in the generated workload, as a queue defined twice, at a place in no file.
TEST_F(ArrivalOrders, OrdersAreAtMostThePermutationsAndNamesAreDistinct) {
  EXPECT_EQ(experiment(24).workloads.size(), 24u);
  try {
    experiment(25);
    ADD_FAILURE() << "25 orders of 4 applications were accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("e.yaml:16:13: 4 applications have only 24 arrival "
                                         "orders"),
              std::string::npos)
        << e.what();
  }
  std::ofstream(dir / "twice.yaml") << "experiment:\n  arrival_orders:\n    device: cdna\n"
                                       "    kernels: apps.yaml\n    applications:\n"
                                       "      - {name: x, kernels: [a]}\n"
                                       "      - {name: x, kernels: [b]}\n";
  try {
    load_experiment((dir / "twice.yaml").string());
    ADD_FAILURE() << "an application named twice was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("twice.yaml:7:16: application 'x' is listed twice"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(ArrivalOrders, OneJobAndTwoJobsGiveIdenticalResultsForEverySchedulerAndMechanism) {
  ExperimentSpec spec = experiment(2);
  spec.sweeps.push_back({"device.preemption.mechanism", {"drain", "context-save", "kill"}});
  const auto serial =
      run_experiment(spec, {.seed = std::nullopt, .jobs = 1, .limits = {}, .progress = {}});
  const auto parallel =
      run_experiment(spec, {.seed = std::nullopt, .jobs = 2, .limits = {}, .progress = {}});
  ASSERT_EQ(serial.size(), 2u * 8 * 3);
  ASSERT_EQ(parallel.size(), serial.size());
  for (std::size_t i = 0; i < serial.size(); ++i) {
    SCOPED_TRACE(serial[i].workload + " " + serial[i].policy + " run " + std::to_string(i));
    EXPECT_EQ(serial[i].status, RunStatus::completed);
    EXPECT_GT(serial[i].metrics.stp, 0);
    EXPECT_EQ(serial[i].policy, parallel[i].policy);
    EXPECT_EQ(serial[i].point, parallel[i].point);
    EXPECT_EQ(serial[i].makespan_us, parallel[i].makespan_us);
    EXPECT_EQ(serial[i].metrics.stp, parallel[i].metrics.stp);
    EXPECT_EQ(serial[i].metrics.antt, parallel[i].metrics.antt);
    EXPECT_EQ(serial[i].metrics.dntt, parallel[i].metrics.dntt);
  }
}

}  // namespace
}  // namespace aqlsim
