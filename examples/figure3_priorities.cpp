// Puthoor et al. figure 3 built by hand through the HSA-style API: one queue per task, created
// with its HEFT upward rank as priority (the paper's extra hsa_queue_create argument), each
// dependency a barrier-AND packet on the predecessor's completion signal. The same program runs
// under blind round-robin and under priority mapping with one hardware queue slot.
#include <fmt/format.h>

#include <map>
#include <string>
#include <vector>

#include "hsa_model/host_api.hpp"
#include "queue_sched/registry.hpp"
#include "scenario/device_presets.hpp"

using namespace aqlsim;

namespace {

struct Task {
  std::string name;
  std::uint32_t rank;              // upward rank with unit costs (figure 3c)
  std::vector<std::string> after;  // predecessors
};

const std::vector<Task> kFigure3 = {
    {"A", 5, {}},    {"B", 4, {"A"}}, {"C", 3, {"A"}},      {"D", 3, {"B"}},
    {"E", 2, {"C"}}, {"F", 2, {"D"}}, {"G", 1, {"E", "F"}},
};

Tick run(const std::string& policy) {
  DeviceSpec device = *find_device_preset("cdna");
  device.compute_units = 8;
  device.front_end.hw_queues = 1;
  const PolicyInfo& info = *find_policy(policy);
  hsa::Runtime rt(device, make_queue_mapping_policy(policy, PolicyParams(info.params, {})),
                  make_thread_block_scheduler("fifo-backfill", PolicyParams{}));
  KernelProfile task;
  task.name = "task";
  task.workgroup_size = 256;
  task.vgprs = 32;
  task.duration = {
      .mean = 150 * kMicrosecond, .reference_residency = 0, .rsd = 0, .contention = 0.25};
  const std::uint64_t kernel = rt.register_kernel(task);

  std::map<std::string, hsa_signal_t> done;
  for (const Task& t : kFigure3)
    done[t.name] = rt.signal_create(1, t.name);
  for (const Task& t : kFigure3) {
    hsa::Queue& q = rt.queue_create(16, /*priority=*/t.rank, "q" + t.name);
    std::vector<hsa_signal_t> deps;
    for (const std::string& p : t.after)
      deps.push_back(done[p]);
    if (!deps.empty())
      rt.submit(q, make_barrier_packet(/*any=*/false, deps, {0}, /*barrier=*/false));
    rt.submit(q, make_dispatch_packet({.kernel_object = kernel,
                                       .workgroup_size = 256,
                                       .workgroups = 64,
                                       .completion_signal = done[t.name]}));
  }
  rt.signal_wait(done["G"], HSA_SIGNAL_CONDITION_EQ, 0);
  fmt::print("{:<16}", policy);
  for (const KernelState& k : rt.gpu().kernels()) {
    fmt::print(" {}[{:.0f},{:.0f}]", rt.gpu().queue(k.queue).name().substr(1), to_us(k.start),
               to_us(k.end));
  }
  fmt::print("\n");
  return rt.now();
}

}  // namespace

int main() {
  fmt::print("figure 3 with one queue per task and one hardware slot: task[start_us,end_us]\n");
  const Tick rr = run("rr-timeslice");
  const Tick priority = run("priority-static");
  fmt::print("\nmakespan: rr-timeslice {:.0f} us, priority-static {:.0f} us ({:.2f}x)\n", to_us(rr),
             to_us(priority), static_cast<double>(rr) / static_cast<double>(priority));
  return 0;
}
