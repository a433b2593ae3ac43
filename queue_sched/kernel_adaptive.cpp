#include "queue_sched/kernel_adaptive.hpp"

#include <algorithm>

namespace aqlsim {

void KernelAdaptive::on_worker_profiles(std::vector<WorkerProfile> profiles) {
  for (const WorkerProfile& p : profiles)
    profiles_[{p.queue, p.packet_index}] = prune_profile(p.runtime_by_workers);
}

void KernelAdaptive::on_arrival(KernelControl& control, KernelId kernel) {
  running_.push_back({kernel, 0});
  decide(control);
}

void KernelAdaptive::on_completed(KernelControl& control, KernelId kernel) {
  std::erase_if(running_, [&](const Running& r) { return r.kernel == kernel; });
  decide(control);
}

// Without a profile (a kernel that is not persistent, or no profiling) the kernel has one
// point: as many workers as its launch allows, at its isolated runtime.
AllocationCandidate KernelAdaptive::candidate(const KernelControl& control, KernelId kernel) const {
  const KernelState& k = control.kernel(kernel);
  AllocationCandidate c;
  c.demand = k.demand;
  c.left = k.left_share();
  const auto profile = profiles_.find({k.queue, k.packet_index});
  if (profile != profiles_.end() && !profile->second.empty()) {
    c.configs = profile->second;
  } else {
    c.configs = {{std::min(k.max_per_cu, k.occupancy.max_residency), k.isolated_runtime}};
  }
  return c;
}

void KernelAdaptive::decide(KernelControl& control) {
  // Kernels with every block started are out of the decision (their CTAs are fixed).
  std::vector<Running*> open;
  std::vector<AllocationCandidate> candidates;
  for (Running& r : running_) {
    if (r.workers > 0 && control.kernel(r.kernel).unissued() == 0) continue;
    open.push_back(&r);
    candidates.push_back(candidate(control, r.kernel));
  }
  const std::vector<std::uint32_t> workers = greedy_allocation(control.cu_spec(), candidates);
  for (std::size_t i = 0; i < open.size(); ++i) {
    Running& r = *open[i];
    if (workers[i] == 0 || workers[i] == r.workers) continue;
    if (r.workers == 0) {
      control.set_workers_per_cu(r.kernel, workers[i]);
      control.launch(r.kernel);
    } else {
      control.resize(r.kernel, workers[i]);
    }
    r.workers = workers[i];
  }
}

}  // namespace aqlsim
