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
  KernelId pick(const DispatchView& view, CuIndex) override {
    for (const KernelId k : view.active()) {
      if (view.kernel(k).unissued() > 0) return k;
    }
    return kNoKernel;
  }
};

TEST(PolicyCheck, APickThatDoesNotFitIsAPolicyError) {
  // One CU of 4 x 10 wave slots. Kernel 0 has two 32-wave work-groups of 100 us: the first
  // takes 32 slots, the second cannot fit. Kernel 1 (one wave) arrives one packet later and
  // fits, so the CU is asked again, and the careless policy answers kernel 0.
  DeviceSpec device;
  device.compute_units = 1;
  hsa::Runtime rt(device, std::make_unique<RrTimeslice>(PolicyParams{}),
                  std::make_unique<Careless>());
  KernelProfile k;
  k.name = "k";
  k.vgprs = 1;
  k.duration = {.mean = 100 * kMicrosecond, .reference_residency = 0, .rsd = 0, .contention = 0};
  const std::uint64_t kernel = rt.register_kernel(k);
  hsa::Queue& q = rt.queue_create(16, 1, "q");
  for (const auto& [size, groups] : {std::pair{32 * 64, 2}, std::pair{64, 1}}) {
    rt.submit(q, make_dispatch_packet({.kernel_object = kernel,
                                       .workgroup_size = static_cast<std::uint32_t>(size),
                                       .workgroups = static_cast<std::uint64_t>(groups),
                                       .completion_signal = rt.signal_create(1)}));
  }
  try {
    rt.run();
    FAIL() << "the careless pick was accepted";
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(),
                 "thread-block scheduler 'careless' picked kernel 0 for CU 0: it does not fit");
  }
}

}  // namespace
}  // namespace aqlsim
