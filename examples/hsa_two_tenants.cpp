// Two tenants share a GPU through the HSA-style host API, with more user queues than hardware
// queue slots. A latency-critical tenant (priority 2) runs a short pipeline: two kernels joined
// by a barrier-AND packet; a batch tenant (priority 1) floods two queues with long kernels.
// The program waits on the pipeline's last signal and prints what each kernel saw.
#include <fmt/format.h>

#include "hsa_model/host_api.hpp"
#include "queue_sched/registry.hpp"
#include "scenario/device_presets.hpp"

using namespace aqlsim;

namespace {

KernelProfile kernel(const char* name, std::uint32_t workitems, Tick wg_time, double rsd) {
  KernelProfile k;
  k.name = name;
  k.workgroup_size = workitems;
  k.vgprs = 32;
  k.duration = {.mean = wg_time, .reference_residency = 0, .rsd = rsd, .contention = 0.25};
  return k;
}

AqlPacket dispatch(std::uint64_t kernel_object, std::uint64_t groups, hsa_signal_t done) {
  return make_dispatch_packet({.kernel_object = kernel_object,
                               .workgroup_size = 256,
                               .workgroups = groups,
                               .completion_signal = done});
}

}  // namespace

int main() {
  DeviceSpec device = *find_device_preset("cdna");
  device.compute_units = 8;
  device.front_end.hw_queues = 2;  // three queues, two slots: oversubscribed
  const std::string policy = "rr-idle";
  hsa::Runtime rt(device,
                  make_queue_mapping_policy(policy, PolicyParams(find_policy(policy)->params, {})),
                  make_thread_block_scheduler("fifo-backfill", PolicyParams{}), /*seed=*/7);

  const std::uint64_t stage = rt.register_kernel(kernel("stage", 256, 8 * kMicrosecond, 0.05));
  const std::uint64_t batch = rt.register_kernel(kernel("batch", 256, 40 * kMicrosecond, 0.2));

  hsa::Queue& batch_a = rt.queue_create(64, /*priority=*/1, "batch_a");
  hsa::Queue& batch_b = rt.queue_create(64, /*priority=*/1, "batch_b");
  hsa::Queue& urgent = rt.queue_create(64, /*priority=*/2, "urgent");

  const hsa_signal_t batch_done = rt.signal_create(8, "batch_done");
  for (int i = 0; i < 4; ++i) {
    rt.submit(batch_a, dispatch(batch, 64, batch_done));
    rt.submit(batch_b, dispatch(batch, 64, batch_done));
  }

  // The pipeline: stage 1 on `urgent`, stage 2 after it through a barrier-AND packet.
  const hsa_signal_t first = rt.signal_create(1, "stage1");
  const hsa_signal_t second = rt.signal_create(1, "stage2");
  rt.submit(urgent, dispatch(stage, 32, first));
  const hsa_signal_t deps[] = {first};
  rt.submit(urgent, make_barrier_packet(/*any=*/false, deps, {0}, /*barrier=*/true));
  rt.submit(urgent, dispatch(stage, 32, second));

  rt.signal_wait(second, HSA_SIGNAL_CONDITION_LT, 1);
  fmt::print("pipeline finished at {:.1f} us (policy {}, {} queues on {} slots)\n", to_us(rt.now()),
             policy, 3, device.front_end.hw_queues);
  rt.signal_wait(batch_done, HSA_SIGNAL_CONDITION_EQ, 0);
  fmt::print("with round-robin mapping the urgent queue waits for slots the batch queues hold\n\n");

  fmt::print("{:<8} {:>6} {:>12} {:>12} {:>12}\n", "queue", "packet", "arrival_us", "start_us",
             "end_us");
  for (const KernelState& k : rt.gpu().kernels()) {
    fmt::print("{:<8} {:>6} {:>12.1f} {:>12.1f} {:>12.1f}\n", rt.gpu().queue(k.queue).name(),
               k.packet_index, to_us(k.arrival), to_us(k.start), to_us(k.end));
  }
  fmt::print("\nhardware queues: {} maps, {} unmaps\n", rt.gpu().map_count(),
             rt.gpu().unmap_count());
  return 0;
}
