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

PolicyInfo info_of(PolicyKind kind, const PolicyTraits& traits, std::vector<ParamSpec> params) {
  return {kind,
          traits.name,
          traits.summary,
          std::move(params),
          traits.needs_isolated_runtimes,
          traits.publishes_predictions,
          traits.needs_worker_profiles,
          traits.never_evicts};
}

// A registry line: the policy's own traits (its name, summary and flags) and parameters.
template <class Policy>
Entry mapping(std::vector<ParamSpec> params = {}) {
  return {info_of(PolicyKind::queue_mapping, Policy::kTraits, std::move(params)),
          &make<Policy, QueueMappingPolicy>};
}

template <class Policy>
Entry thread_block(std::vector<ParamSpec> params = {}) {
  return {info_of(PolicyKind::thread_block, Policy::kTraits, std::move(params)),
          &make<Policy, ThreadBlockScheduler>};
}

template <class Policy, MakeKernelScheduler factory = &make<Policy, KernelScheduler>>
Entry kernel(std::vector<ParamSpec> params = {}) {
  return {info_of(PolicyKind::kernel, Policy::kTraits, std::move(params)), factory};
}

template <PriorityMapping::Key key>
Entry priority_mapping(const PolicyTraits& traits) {
  return {info_of(PolicyKind::queue_mapping, traits, {}), &make_priority<key>};
}

// No kernel scheduler: every kernel runs as soon as it is launched.
constexpr PolicyTraits kNoKernelScheduler{
    .name = "none", .summary = "no kernel scheduler: every kernel runs as soon as it is launched"};

// One line per policy.
const std::vector<Entry>& entries() {
  using Key = PriorityMapping::Key;
  static const std::vector<Entry> table{
      mapping<RrTimeslice>(),
      mapping<RrIdle>(
          {{"swaps_per_quantum", 1, 1, 1024, true, "slots swapped at most per quantum"}}),
      mapping<RrReady>(),
      priority_mapping<Key::queue_priority>(PriorityMapping::kStaticTraits),
      priority_mapping<Key::head_priority>(PriorityMapping::kDynamicTraits),
      thread_block<Fifo>(),
      thread_block<FifoBackfill>(),
      thread_block<MpMax>(),
      thread_block<Srtf>(srtf_core_params()),
      thread_block<SrtfAdaptive>(srtf_adaptive_params()),
      thread_block<Sjf>(sjf_params()),
      {info_of(PolicyKind::kernel, kNoKernelScheduler, {}), &make_none},
      kernel<KernelFcfs, &make_without_params<KernelFcfs>>(),
      kernel<KernelSjf, &make_without_params<KernelSjf>>(),
      kernel<KernelSrt, &make_without_params<KernelSrt>>(),
      kernel<KernelRoundRobin>(kernel_rr_params()),
      kernel<KernelCfs>(kernel_cfs_params()),
      kernel<KernelFrs>(kernel_frs_params()),
      kernel<KernelAdaptive, &make_without_params<KernelAdaptive>>(),
      kernel<KernelSmCentric>(kernel_smc_params()),
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
