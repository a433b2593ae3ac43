#include "queue_sched/registry.hpp"

#include <stdexcept>
#include <string>
#include <variant>

#include "queue_sched/fifo.hpp"
#include "queue_sched/rr_idle.hpp"
#include "queue_sched/rr_timeslice.hpp"

namespace aqlsim {
namespace {

using MakeMapping = std::unique_ptr<QueueMappingPolicy> (*)(const PolicyParams&);
using MakeScheduler = std::unique_ptr<ThreadBlockScheduler> (*)(const PolicyParams&);

template <class Policy, class Base>
std::unique_ptr<Base> make(const PolicyParams& params) {
  return std::make_unique<Policy>(params);
}

struct Entry {
  PolicyInfo info;
  std::variant<MakeMapping, MakeScheduler> factory;
};

const std::vector<Entry>& entries() {
  using K = PolicyKind;
  static const std::vector<Entry> table{
      {{K::queue_mapping, "rr-timeslice", "rotate the slots to the next queues every quantum", {}},
       &make<RrTimeslice, QueueMappingPolicy>},
      {{K::queue_mapping,
        "rr-idle",
        "gem5: swap idle slots for the next unmapped queues",
        {{"swaps_per_quantum", 1, 1, 1024, true, "slots swapped at most per quantum"}}},
       &make<RrIdle, QueueMappingPolicy>},
      {{K::thread_block,
        "fifo",
        "strict FIFO: later kernels wait until earlier ones issued all",
        {}},
       &make<Fifo, ThreadBlockScheduler>},
      {{K::thread_block, "fifo-backfill", "FIFO, later kernels fill leftover resources", {}},
       &make<FifoBackfill, ThreadBlockScheduler>},
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
  return kind == PolicyKind::queue_mapping ? "queue-mapping" : "thread-block";
}

std::unique_ptr<QueueMappingPolicy> make_queue_mapping_policy(std::string_view name,
                                                              const PolicyParams& params) {
  return std::get<MakeMapping>(find_entry(name, PolicyKind::queue_mapping).factory)(params);
}

std::unique_ptr<ThreadBlockScheduler> make_thread_block_scheduler(std::string_view name,
                                                                  const PolicyParams& params) {
  return std::get<MakeScheduler>(find_entry(name, PolicyKind::thread_block).factory)(params);
}

}  // namespace aqlsim
