// The launch plan: geometry, the simulation's own duration draws, and every packet's
// dependencies made explicit (hip_backend/launch_plan.hpp).
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

#include "hip_backend/launch_plan.hpp"
#include "hsa_model/observer.hpp"
#include "scenario/load_scenario.hpp"
#include "tests/support/input_error.hpp"
#include "tests/support/simulate.hpp"
#include "tests/support/tiny_device.hpp"

namespace aqlsim::hip {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

LaunchPlan plan_of(const std::string& body) {
  return make_launch_plan(
      load_scenario_text(std::string(aqlsim::testing::kTinyDevice) + body, "plan.yaml"));
}

const PlanOp& op_named(const LaunchPlan& plan, const std::string& name) {
  for (const PlanOp& op : plan.ops) {
    if (op.name == name) return op;
  }
  ADD_FAILURE() << "no op " << name;
  return plan.ops.front();
}

TEST(LaunchPlan, GeometryComesFromTheKernelAndThePacketsOverrides) {
  const LaunchPlan plan = plan_of(R"(
kernels:
  - {name: k, workgroup_size: 128, workgroups: 6, vgprs: 40, lds_bytes: 1024, wg_time: 2us}
queues:
  - name: q
    priority: 3
    packets:
      - {name: plain, dispatch: k}
      - {name: bigger, dispatch: k, workgroups: 3, workgroup_size: 64, lds_bytes: 4096, at: 5us}
)");
  ASSERT_EQ(plan.dispatches.size(), 2u);
  EXPECT_EQ(plan.compute_units, 1u);
  EXPECT_EQ(plan.device, "tiny");
  const PlannedDispatch& plain = plan.dispatches[0];
  EXPECT_EQ(plain.workgroups, 6u);
  EXPECT_EQ(plain.workgroup_size, 128u);
  EXPECT_EQ(plain.vgprs, 40u);
  EXPECT_EQ(plain.vgpr_bucket, 64u);  // the smallest of 32, 64, 128, 256 that holds 40
  EXPECT_EQ(plain.lds_bytes, 1024u);
  const PlannedDispatch& bigger = plan.dispatches[1];
  EXPECT_EQ(bigger.workgroups, 3u);
  EXPECT_EQ(bigger.workgroup_size, 64u);
  EXPECT_EQ(bigger.lds_bytes, 4096u);
  ASSERT_EQ(plan.queues.size(), 1u);
  EXPECT_EQ(plan.queues[0].priority, 3u);
  EXPECT_THAT(plan.queues[0].ops, ElementsAre(0u, 1u));
  EXPECT_EQ(op_named(plan, "bigger").submit_at, 5 * kMicrosecond);
  EXPECT_EQ(op_named(plan, "bigger").dispatch, 1u);
}

TEST(LaunchPlan, RegisterBucketsAreTheSmallestThatHold) {
  for (const auto& [vgprs, bucket] :
       std::map<int, std::uint32_t>{{0, 32}, {32, 32}, {33, 64}, {128, 128}, {200, 256}}) {
    const LaunchPlan plan =
        plan_of("kernels: [{name: k, wg_time: 1us, vgprs: " + std::to_string(vgprs) + "}]\n" +
                "queues: [{name: q, packets: [{name: p, dispatch: k}]}]\n");
    EXPECT_EQ(plan.dispatches[0].vgpr_bucket, bucket) << vgprs << " VGPRs";
  }
  EXPECT_THROW(plan_of("kernels: [{name: k, wg_time: 1us, vgprs: 257}]\n"
                       "queues: [{name: q, packets: [{name: p, dispatch: k}]}]\n"),
               InputError);
}

TEST(LaunchPlan, WithoutSpreadEveryDurationIsTheMean) {
  const LaunchPlan plan = plan_of(R"(
kernels: [{name: k, workgroups: 5, wg_time: 20us}]
queues: [{name: q, packets: [{name: p, dispatch: k}]}]
)");
  EXPECT_THAT(plan.dispatches[0].durations, ::testing::Each(20 * kMicrosecond));
  EXPECT_EQ(plan.dispatches[0].durations.size(), 5u);
}

// Records each work-group's duration as the simulation ran it.
class DurationRecorder final : public ModelObserver {
 public:
  void on_workgroup_finished(const KernelState&, const WorkgroupRecord& wg) override {
    by_index[wg.index] = wg.end - wg.start;
  }
  std::map<std::uint64_t, Tick> by_index;
};

std::vector<Tick> simulated_durations(const Scenario& s) {
  DurationRecorder recorder;
  const auto sim = aqlsim::testing::simulate(s, {&recorder});
  std::vector<Tick> out;
  for (const auto& [index, duration] : recorder.by_index)
    out.push_back(duration);
  return out;
}

// The tiny device holds 8 one-wave work-groups, so 8 of them all start at the reference load
// (the kernel's maximum residency): the simulation draws exactly what the plan draws.
TEST(LaunchPlan, DurationsAreTheSimulationsDrawsAtTheReferenceLoad) {
  const Scenario s = load_scenario_text(std::string(aqlsim::testing::kTinyDevice) + R"(
seed: 7
kernels: [{name: k, workgroup_size: 64, vgprs: 1, workgroups: 8, wg_time: 10us, rsd: 0.3}]
queues: [{name: q, packets: [{name: spread, dispatch: k}]}]
)",
                                        "draws.yaml");
  const std::vector<Tick> planned = make_launch_plan(s).dispatches[0].durations;
  EXPECT_EQ(planned, simulated_durations(s));
  // Spread is there: not every work-group has the mean.
  EXPECT_NE(*std::min_element(planned.begin(), planned.end()),
            *std::max_element(planned.begin(), planned.end()));
}

// Without contention the load does not matter, so 40 work-groups in five waves match too; a
// different seed draws different durations.
TEST(LaunchPlan, WithoutContentionEveryWaveMatchesTheSimulation) {
  const std::string body = R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, workgroups: 40, wg_time: 10us, rsd: 0.5,
     contention: 0}
queues: [{name: q, packets: [{name: p, dispatch: k}]}]
)";
  const Scenario s =
      load_scenario_text(std::string(aqlsim::testing::kTinyDevice) + body, "waves.yaml");
  const std::vector<Tick> planned = make_launch_plan(s).dispatches[0].durations;
  EXPECT_EQ(planned, simulated_durations(s));
  Scenario reseeded = s;
  reseeded.seed = s.seed + 1;
  EXPECT_NE(make_launch_plan(reseeded).dispatches[0].durations, planned);
}

TEST(LaunchPlan, BarriersWaitForTheOpsTheyName) {
  const LaunchPlan plan = plan_of(R"(
kernels: [{name: k, wg_time: 1us}]
queues:
  - name: a
    packets: [{name: a0, dispatch: k}, {name: a1, dispatch: k, barrier: true}]
  - name: b
    packets:
      - {name: b0, dispatch: k}
      - {name: both, barrier_and: [a1, b0]}
      - {name: either, barrier_or: [a0, both]}
)");
  EXPECT_FALSE(op_named(plan, "a0").barrier_bit);
  EXPECT_TRUE(op_named(plan, "a1").barrier_bit);
  // Ops are numbered queue by queue: a0 0, a1 1, b0 2, both 3, either 4.
  const PlanOp& both = op_named(plan, "both");
  EXPECT_EQ(both.kind, PlanOpKind::barrier_and);
  EXPECT_EQ(both.dispatch, kNoDispatch);
  EXPECT_THAT(both.waits_for, ElementsAre(1u, 2u));
  const PlanOp& either = op_named(plan, "either");
  EXPECT_EQ(either.kind, PlanOpKind::barrier_or);
  EXPECT_THAT(either.waits_for, ElementsAre(0u, 3u));
  EXPECT_EQ(either.queue, 1u);
}

TEST(LaunchPlan, ADeclaredSignalIsEveryPacketThatDecrementsIt) {
  const LaunchPlan plan = plan_of(R"(
signals: [{name: two, initial: 2}, {name: done, initial: 0}]
kernels: [{name: k, wg_time: 1us}]
queues:
  - name: a
    packets:
      - {name: a0, dispatch: k, completion_signal: two}
      - {name: c0, dispatch: k}
  - name: b
    packets:
      - {name: b0, dispatch: k, completion_signal: two}
      - {name: after, barrier_and: [two]}
      - {name: set_and, barrier_and: [done, c0]}
      - {name: set_or, barrier_or: [done, c0]}
)");
  // a0 is op 0, c0 op 1, b0 op 2.
  EXPECT_THAT(op_named(plan, "after").waits_for, ElementsAre(0u, 2u));
  // A signal already at 0 adds nothing to an AND and satisfies an OR at once.
  EXPECT_THAT(op_named(plan, "set_and").waits_for, ElementsAre(1u));
  EXPECT_THAT(op_named(plan, "set_or").waits_for, IsEmpty());
}

TEST(LaunchPlan, WhatHasNoPlanFormIsAnInputError) {
  // A signal that reaches 0 after one of its two packets: "whichever finishes first".
  EXPECT_THROW(plan_of(R"(
signals: [{name: one, initial: 1}]
kernels: [{name: k, wg_time: 1us}]
queues:
  - name: a
    packets:
      - {name: a0, dispatch: k, completion_signal: one}
      - {name: a1, dispatch: k, completion_signal: one}
      - {name: w, barrier_and: [one]}
)"),
               InputError);
  EXPECT_THROW(plan_of(R"(
kernels: [{name: k, wg_time: 1us}]
queues: [{name: a, packets: [{name: bad, raw_type: 7}]}]
)"),
               InputError);
}

// A signal at 0 that a packet decrements is satisfied or never, as the barrier comes before or
// after that packet (the model then deadlocks at -1): no plan form.
TEST(LaunchPlan, ABarrierOnASignalAtZeroThatAPacketDecrementsIsAnInputError) {
  for (const char* barrier : {"barrier_and", "barrier_or"}) {
    EXPECT_THROW(plan_of(fmt::format(R"(
signals: [{{name: s, initial: 0}}]
kernels: [{{name: k, wg_time: 1us}}]
queues:
  - {{name: a, packets: [{{name: a0, dispatch: k, completion_signal: s}}]}}
  - {{name: b, packets: [{{name: w, {}: [s]}}, {{name: b0, dispatch: k}}]}}
)",
                                     barrier)),
                 InputError)
        << barrier;
  }
}

// The host writes a queue's packets in order: a packet listed after a later one is submitted
// no earlier than it, as the model has it arrive.
TEST(LaunchPlan, APacketIsSubmittedNoEarlierThanTheOneAheadOfIt) {
  const LaunchPlan plan = plan_of(R"(
kernels: [{name: k, wg_time: 1us}]
queues:
  - {name: a, packets: [{name: k0, dispatch: k, at: 500us}, {name: k1, dispatch: k},
                        {name: k2, dispatch: k, at: 600us}]}
)");
  EXPECT_EQ(op_named(plan, "k0").submit_at, 500 * kMicrosecond);
  EXPECT_EQ(op_named(plan, "k1").submit_at, 500 * kMicrosecond);
  EXPECT_EQ(op_named(plan, "k2").submit_at, 600 * kMicrosecond);
}

// A block of 1025 work-items fits a CDNA CU (17 of its 40 waves) and the model runs it, but HIP
// and CUDA launch at most 1024: an error at the line that set the size, the kernel's or the
// packet's.
TEST(LaunchPlan, AWorkGroupLargerThanAGpuBlockIsAnErrorWhereItsSizeIsSet) {
  const auto plan_on_cdna = [](const std::string& kernel_size, const std::string& packet_size) {
    return make_launch_plan(load_scenario_text(fmt::format(R"(device: {{preset: cdna}}
kernels:
  - {{name: k, wg_time: 1us{}}}
queues:
  - name: q
    packets:
      - {{name: p, dispatch: k{}}}
)",
                                                           kernel_size, packet_size),
                                               "big.yaml"));
  };
  EXPECT_EQ(plan_on_cdna(", workgroup_size: 1024", "").dispatches[0].workgroup_size, 1024u);
  const InputError in_kernel =
      aqlsim::testing::error_of([&] { plan_on_cdna(", workgroup_size: 1025", ""); });
  EXPECT_EQ(in_kernel.where().line, 3);
  EXPECT_EQ(in_kernel.detail(),
            "packet 'p' launches work-groups of 1025 work-items; HIP and CUDA launch blocks of "
            "at most 1024");
  const InputError in_packet =
      aqlsim::testing::error_of([&] { plan_on_cdna("", ", workgroup_size: 2048"); });
  EXPECT_EQ(in_packet.where().line, 7);
}

}  // namespace
}  // namespace aqlsim::hip
