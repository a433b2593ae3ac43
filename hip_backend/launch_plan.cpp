#include "hip_backend/launch_plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "hsa_model/occupancy.hpp"
#include "hsa_model/random_stream.hpp"
#include "hsa_model/workgroup_duration.hpp"
#include "scenario/kernel_index.hpp"

namespace aqlsim::hip {
namespace {

std::uint32_t vgpr_bucket(const KernelProfile& kernel, const SourceLocation& where) {
  for (const std::uint32_t bucket : kVgprBuckets) {
    if (kernel.vgprs <= bucket) return bucket;
  }
  throw InputError(where, fmt::format("kernel '{}' declares {} VGPRs per work-item; the spin "
                                      "kernels are built for at most {}",
                                      kernel.name, kernel.vgprs, std::end(kVgprBuckets)[-1]));
}

// The durations the simulation draws for this dispatch's work-groups at the kernel's reference
// load (PacketProcessor and Dispatcher::launch make the same sampler; build_model keys the
// streams by packet name).
std::vector<Tick> drawn_durations(const Scenario& s, const KernelProfile& kernel,
                                  const PlannedDispatch& d) {
  const WorkgroupDemand demand =
      workgroup_demand(s.device, d.workgroup_size, kernel.vgprs, kernel.sgprs, d.lds_bytes);
  const DurationParams params = kernel.launched_duration();
  const double reference = params.reference_residency == 0
                               ? occupancy(s.device.cu, demand).max_residency
                               : params.reference_residency;
  const DurationSampler sampler(params, reference);
  const std::uint64_t key = stable_hash(d.name);
  std::vector<Tick> durations(d.workgroups);
  for (std::uint64_t i = 0; i < d.workgroups; ++i) {
    RandomStream stream(s.seed, key, i);
    durations[i] = sampler.sample(reference, stream);
  }
  return durations;
}

class PlanBuilder {
 public:
  explicit PlanBuilder(const Scenario& s) : s_(s), kernels_(s.kernels) {}

  LaunchPlan build() {
    plan_.source = s_.source;
    plan_.device = s_.device.name;
    plan_.compute_units = s_.device.compute_units;
    plan_.seed = s_.seed;
    number_ops();
    for (std::size_t q = 0; q < s_.queues.size(); ++q) {
      const QueueSpec& spec = s_.queues[q];
      plan_.queues.push_back(
          {.name = spec.name, .priority = spec.priority, .cu_mask = spec.cu_mask, .ops = {}});
      for (const PacketSpec& p : spec.packets)
        add_op(static_cast<std::uint32_t>(q), p);
    }
    return std::move(plan_);
  }

 private:
  // Op ids by packet name, and the ops that decrement each declared signal, before any op is
  // built: a barrier may name a packet of a later queue.
  void number_ops() {
    std::uint32_t id = 0;
    for (const QueueSpec& q : s_.queues) {
      for (const PacketSpec& p : q.packets) {
        if (p.kind == PacketSpec::Kind::raw) {
          throw InputError(p.where, fmt::format("packet '{}' is a raw (invalid) packet, which "
                                                "exists to test the model's error path and has "
                                                "no meaning on a GPU; remove it to run the "
                                                "workload there",
                                                p.name));
        }
        op_ids_[p.name] = id;
        if (!p.completion_signal.empty()) decrementers_[p.completion_signal].push_back(id);
        ++id;
      }
    }
  }

  void add_op(std::uint32_t queue, const PacketSpec& p) {
    const auto id = static_cast<std::uint32_t>(plan_.ops.size());
    // The host writes a queue's packets in order: none is submitted before the one ahead of it
    // (as in the model, whose arrival it is).
    const std::vector<std::uint32_t>& ahead = plan_.queues[queue].ops;
    const Tick earliest = ahead.empty() ? 0 : plan_.ops[ahead.back()].submit_at;
    plan_.queues[queue].ops.push_back(id);
    PlanOp op{.kind = PlanOpKind::dispatch,
              .name = p.name,
              .queue = queue,
              .submit_at = std::max(p.at, earliest),
              .barrier_bit = p.barrier,
              .dispatch = kNoDispatch,
              .waits_for = {}};
    if (p.kind == PacketSpec::Kind::dispatch) {
      op.dispatch = static_cast<std::uint32_t>(plan_.dispatches.size());
      plan_.dispatches.push_back(dispatch(p));
    } else {
      op.kind = p.kind == PacketSpec::Kind::barrier_and ? PlanOpKind::barrier_and
                                                        : PlanOpKind::barrier_or;
      bool satisfied = false;
      for (const std::string& dep : p.depends_on)
        satisfied |= !add_dependency(op, dep, p);
      // A barrier-OR with one input already satisfied completes at once.
      if (satisfied && op.kind == PlanOpKind::barrier_or) op.waits_for.clear();
      std::sort(op.waits_for.begin(), op.waits_for.end());
      op.waits_for.erase(std::unique(op.waits_for.begin(), op.waits_for.end()), op.waits_for.end());
    }
    plan_.ops.push_back(std::move(op));
  }

  PlannedDispatch dispatch(const PacketSpec& p) const {
    const KernelProfile& kernel = *kernels_.find(p.kernel);
    const auto index = static_cast<std::size_t>(&kernel - s_.kernels.data());
    PlannedDispatch d{.name = p.name,
                      .kernel = kernel.name,
                      .workgroups = p.workgroups.value_or(kernel.workgroups),
                      .workgroup_size = p.workgroup_size.value_or(kernel.workgroup_size),
                      .vgprs = kernel.vgprs,
                      .vgpr_bucket = vgpr_bucket(kernel, s_.kernel_locations.at(index)),
                      .lds_bytes = p.lds_bytes.value_or(kernel.lds_bytes),
                      .persistent_workers_per_cu = kernel.persistent_workers_per_cu,
                      .durations = {}};
    if (d.workgroup_size > kMaxBlockSize) {
      const SourceLocation& where = p.workgroup_size ? p.where : s_.kernel_locations.at(index);
      throw InputError(where, fmt::format("packet '{}' launches work-groups of {} work-items; "
                                          "HIP and CUDA launch blocks of at most {}",
                                          p.name, d.workgroup_size, kMaxBlockSize));
    }
    d.durations = drawn_durations(s_, kernel, d);
    return d;
  }

  // A dependency names a packet (it has its own signal, or check_references made sure its
  // shared one reaches 0 exactly when it completes) or a declared signal, which reaches 0 when
  // as many packets as its initial value have decremented it. Returns false for a signal that
  // is already satisfied: one at 0 that no packet decrements (a negative one never is:
  // decrements take it further away).
  bool add_dependency(PlanOp& op, const std::string& dep, const PacketSpec& p) {
    if (const auto packet = op_ids_.find(dep); packet != op_ids_.end()) {
      op.waits_for.push_back(packet->second);
      return true;
    }
    const auto declared = std::find_if(s_.signals.begin(), s_.signals.end(),
                                       [&](const SignalSpec& sig) { return sig.name == dep; });
    const auto it = decrementers_.find(dep);
    const std::vector<std::uint32_t> none;
    const std::vector<std::uint32_t>& by = it == decrementers_.end() ? none : it->second;
    // At 0 with no packet to decrement it, it stays satisfied; one that a packet takes below 0
    // is satisfied or never, as the barrier is reached before or after that packet.
    if (declared->initial == 0 && by.empty()) return false;
    if (declared->initial < 0 || static_cast<std::size_t>(declared->initial) != by.size()) {
      throw InputError(p.where, fmt::format("barrier '{}' waits on signal '{}', which starts at "
                                            "{} and is decremented by {} packet(s): a plan can "
                                            "wait only for all of a signal's packets, so its "
                                            "initial value must equal their number",
                                            p.name, dep, declared->initial, by.size()));
    }
    if (op.kind == PlanOpKind::barrier_or && by.size() > 1) {
      throw InputError(p.where, fmt::format("barrier-OR '{}' waits on signal '{}', which needs "
                                            "all of {} packets: an OR over an AND has no plan "
                                            "form; depend on the packets or on a barrier-AND "
                                            "packet that waits for them",
                                            p.name, dep, by.size()));
    }
    op.waits_for.insert(op.waits_for.end(), by.begin(), by.end());
    return true;
  }

  const Scenario& s_;
  KernelIndex kernels_;
  LaunchPlan plan_;
  std::map<std::string, std::uint32_t> op_ids_;
  std::map<std::string, std::vector<std::uint32_t>> decrementers_;
};

}  // namespace

std::uint64_t launch_workgroups(const PlannedDispatch& dispatch, std::uint32_t compute_units) {
  if (dispatch.persistent_workers_per_cu == 0) return dispatch.workgroups;
  return std::uint64_t{dispatch.persistent_workers_per_cu} * compute_units;
}

LaunchPlan make_launch_plan(const Scenario& scenario) {
  return PlanBuilder(scenario).build();
}

}  // namespace aqlsim::hip
