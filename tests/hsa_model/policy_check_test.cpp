// A thread-block scheduler's answer is checked in every build, not only under assert: a policy
// that picks a kernel which does not fit is reported as a policy error (std::logic_error, as the
// queue-mapping path reports one) instead of corrupting the CU's accounting in Release.
#include <gtest/gtest.h>

#include "hsa_model/host_api.hpp"
#include "queue_sched/rr_timeslice.hpp"

namespace aqlsim {
namespace {

// Picks the oldest kernel with work left, whether or not it fits.
class Careless final : public ThreadBlockScheduler {
 public:
  std::string_view name() const override { return "careless"; }
  std::optional<KernelId> pick(const DispatchView& view, CuIndex) override {
    for (const KernelId k : view.active()) {
      if (view.kernel(k).unissued() > 0) return k;
    }
    return std::nullopt;
  }
};

TEST(PolicyCheck, APickThatDoesNotFitIsAPolicyError) {
  // One CU with 8 work-group slots and a kernel of 9 work-groups: the ninth pick does not fit.
  DeviceSpec d;
  d.compute_units = 1;
  d.cu.max_workgroups = 8;
  hsa::Runtime rt(d, std::make_unique<RrTimeslice>(PolicyParams{}), std::make_unique<Careless>());
  KernelProfile k;
  k.name = "k";
  k.workgroup_size = 64;
  k.vgprs = 1;
  k.duration = {.mean = kMicrosecond, .reference_residency = 0, .rsd = 0, .contention = 0};
  const std::uint64_t kernel = rt.register_kernel(k);
  hsa::Queue& q = rt.queue_create(16, 1, "q");
  rt.submit(q, make_dispatch_packet({.kernel_object = kernel,
                                     .workgroup_size = 64,
                                     .workgroups = 9,
                                     .completion_signal = rt.signal_create(1)}));
  try {
    rt.run();
    FAIL() << "the careless pick was accepted";
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(),
                 "thread-block scheduler 'careless' picked kernel 0 for CU 0, where it "
                 "does not fit");
  }
}

}  // namespace
}  // namespace aqlsim
