#include "queue_sched/registry.hpp"

#include <stdexcept>
#include <string>
#include <variant>

#include "queue_sched/fifo.hpp"
#include "queue_sched/kernel_adaptive.hpp"
#include "queue_sched/kernel_frs.hpp"
#include "queue_sched/kernel_priority.hpp"
#include "queue_sched/kernel_round_robin.hpp"
#include "queue_sched/kernel_sm_centric.hpp"
#include "queue_sched/mpmax.hpp"
#include "queue_sched/priority_mapping.hpp"
#include "queue_sched/rr_idle.hpp"
#include "queue_sched/rr_ready.hpp"
#include "queue_sched/rr_timeslice.hpp"
#include "queue_sched/sjf.hpp"
#include "queue_sched/srtf.hpp"
#include "queue_sched/srtf_adaptive.hpp"

namespace aqlsim {
namespace {

using MakeMapping = std::unique_ptr<QueueMappingPolicy> (*)(const PolicyParams&);
using MakeScheduler = std::unique_ptr<ThreadBlockScheduler> (*)(const PolicyParams&);
using MakeKernelScheduler = std::unique_ptr<KernelScheduler> (*)(const PolicyParams&);

template <class Policy, class Base>
std::unique_ptr<Base> make(const PolicyParams& params) {
  return std::make_unique<Policy>(params);
}

template <class Policy>
std::unique_ptr<KernelScheduler> make_without_params(const PolicyParams&) {
  return std::make_unique<Policy>();
}

std::unique_ptr<KernelScheduler> make_none(const PolicyParams&) {
  return nullptr;
}

template <PriorityMapping::Key key>
std::unique_ptr<QueueMappingPolicy> make_priority(const PolicyParams&) {
  return std::make_unique<PriorityMapping>(key);
}

struct Entry {
  PolicyInfo info;
  std::variant<MakeMapping, MakeScheduler, MakeKernelScheduler> factory;
};

Entry mapping(std::string_view name, std::string_view summary, MakeMapping make,
              std::vector<ParamSpec> params = {}) {
  return {{PolicyKind::queue_mapping, name, summary, std::move(params)}, make};
}

// What the runner must know of a policy beyond its name and parameters.
enum class Needs { nothing, isolated_runtimes, worker_profiles };
enum class Predicts { no, publishes };

Entry thread_block(std::string_view name, std::string_view summary, MakeScheduler make,
                   std::vector<ParamSpec> params = {}, Needs needs = Needs::nothing,
                   Predicts predicts = Predicts::no) {
  return {{PolicyKind::thread_block, name, summary, std::move(params),
           needs == Needs::isolated_runtimes, predicts == Predicts::publishes},
          make};
}

Entry kernel(std::string_view name, std::string_view summary, MakeKernelScheduler make,
             std::vector<ParamSpec> params = {}, Needs needs = Needs::nothing) {
  return {{PolicyKind::kernel, name, summary, std::move(params), needs != Needs::nothing, false,
           needs == Needs::worker_profiles},
          make};
}

// One line per policy.
const std::vector<Entry>& entries() {
  using Mapping = QueueMappingPolicy;
  using Scheduler = ThreadBlockScheduler;
  static const std::vector<Entry> table{
      mapping("rr-timeslice", "rotate the slots to the next queues every quantum",
              &make<RrTimeslice, Mapping>),
      mapping("rr-idle", "gem5: swap idle slots for the next unmapped queues",
              &make<RrIdle, Mapping>,
              {{"swaps_per_quantum", 1, 1, 1024, true, "slots swapped at most per quantum"}}),
      mapping("rr-ready", "round-robin over ready queues; unmap empty or blocked ones",
              &make<RrReady, Mapping>),
      mapping("priority-static", "map the highest-priority ready queues",
              &make_priority<PriorityMapping::Key::queue_priority>),
      mapping("priority-dynamic", "map the ready queues whose head packet ranks highest",
              &make_priority<PriorityMapping::Key::head_priority>),
      thread_block("fifo", "strict FIFO: later kernels wait until earlier ones issued all",
                   &make<Fifo, Scheduler>),
      thread_block("fifo-backfill", "FIFO, later kernels fill leftover resources",
                   &make<FifoBackfill, Scheduler>),
      thread_block("mpmax", "FIFO, each kernel sets aside one work-group per co-runner per CU",
                   &make<MpMax, Scheduler>),
      thread_block("srtf", "shortest predicted remaining time first, sampling new kernels",
                   &make<Srtf, Scheduler>, srtf_core_params(), Needs::nothing, Predicts::publishes),
      thread_block("srtf-adaptive", "srtf, sharing CUs when exclusive runs would be unfair",
                   &make<SrtfAdaptive, Scheduler>, srtf_adaptive_params(), Needs::nothing,
                   Predicts::publishes),
      thread_block("sjf", "oracle: shortest isolated runtime first", &make<Sjf, Scheduler>,
                   sjf_params(), Needs::isolated_runtimes),
      kernel("none", "no kernel scheduler: every kernel runs as soon as it is launched",
             &make_none),
      kernel("kernel-fcfs", "one kernel at a time in arrival order, never preempted",
             &make_without_params<KernelFcfs>),
      kernel("kernel-sjf", "one kernel at a time, shortest application first, preemptive",
             &make_without_params<KernelSjf>, {}, Needs::isolated_runtimes),
      kernel("kernel-srt", "one kernel at a time, shortest remaining application time first",
             &make_without_params<KernelSrt>, {}, Needs::isolated_runtimes),
      kernel("kernel-rr", "one kernel at a time, first come first served, fixed quantum",
             &make<KernelRoundRobin, KernelScheduler>, kernel_rr_params()),
      kernel("kernel-cfs", "one kernel at a time, longest-waiting first, epoch / active kernels",
             &make<KernelCfs, KernelScheduler>, kernel_cfs_params()),
      kernel("kernel-frs", "one kernel at a time, highest instantaneous slowdown first (Lopez)",
             &make<KernelFrs, KernelScheduler>, kernel_frs_params(), Needs::isolated_runtimes),
      kernel("kernel-adaptive",
             "kernels share the device, workers per CU sized greedily (Bashizade)",
             &make_without_params<KernelAdaptive>, {}, Needs::worker_profiles),
      kernel("kernel-smc", "two co-runners on disjoint CU sets, partition by model (Wu et al.)",
             &make<KernelSmCentric, KernelScheduler>, kernel_smc_params(), Needs::worker_profiles),
  };
  return table;
}

const Entry& find_entry(std::string_view name, PolicyKind kind) {
  for (const Entry& e : entries()) {
    if (e.info.name == name && e.info.kind == kind) return e;
  }
  throw std::invalid_argument(std::string("no ") + policy_kind_name(kind) + " policy named '" +
                              std::string(name) + "'");
}

}  // namespace

std::span<const PolicyInfo> all_policies() {
  static const std::vector<PolicyInfo> infos = [] {
    std::vector<PolicyInfo> out;
    for (const Entry& e : entries())
      out.push_back(e.info);
    return out;
  }();
  return infos;
}

const PolicyInfo* find_policy(std::string_view name) {
  for (const PolicyInfo& info : all_policies()) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

const char* policy_kind_name(PolicyKind kind) {
  switch (kind) {
    case PolicyKind::queue_mapping:
      return "queue-mapping";
    case PolicyKind::thread_block:
      return "thread-block";
    case PolicyKind::kernel:
      return "kernel";
  }
  return "?";
}

std::unique_ptr<QueueMappingPolicy> make_queue_mapping_policy(std::string_view name,
                                                              const PolicyParams& params) {
  return std::get<MakeMapping>(find_entry(name, PolicyKind::queue_mapping).factory)(params);
}

std::unique_ptr<ThreadBlockScheduler> make_thread_block_scheduler(std::string_view name,
                                                                  const PolicyParams& params) {
  return std::get<MakeScheduler>(find_entry(name, PolicyKind::thread_block).factory)(params);
}

std::unique_ptr<KernelScheduler> make_kernel_scheduler(std::string_view name,
                                                       const PolicyParams& params) {
  return std::get<MakeKernelScheduler>(find_entry(name, PolicyKind::kernel).factory)(params);
}

}  // namespace aqlsim
