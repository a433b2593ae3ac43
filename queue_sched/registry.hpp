#pragma once
// The one place policies are looked up by name, for YAML, the command line and the docs. Each
// policy declares its name, summary and flags beside its implementation (PolicyTraits); adding
// one is a class, a test and one line in registry.cpp.
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "hsa_model/kernel_scheduler.hpp"
#include "hsa_model/queue_mapping_policy.hpp"
#include "hsa_model/thread_block_scheduler.hpp"
#include "queue_sched/policy_params.hpp"

namespace aqlsim {

enum class PolicyKind { queue_mapping, thread_block, kernel };

// A policy as the registry lists it: its kind, parameters and its own PolicyTraits (the flags
// mean what they mean there).
struct PolicyInfo {
  PolicyKind kind;
  std::string_view name;
  std::string_view summary;
  std::vector<ParamSpec> params;
  bool needs_isolated_runtimes = false;
  bool publishes_predictions = false;
  bool needs_worker_profiles = false;
  bool never_evicts = false;
};

std::span<const PolicyInfo> all_policies();
const PolicyInfo* find_policy(std::string_view name);
const char* policy_kind_name(PolicyKind kind);

// Both throw std::invalid_argument for a name of another kind or no policy at all.
std::unique_ptr<QueueMappingPolicy> make_queue_mapping_policy(std::string_view name,
                                                              const PolicyParams& params);
std::unique_ptr<ThreadBlockScheduler> make_thread_block_scheduler(std::string_view name,
                                                                  const PolicyParams& params);
// Null for `none`: no host-side kernel scheduler; every kernel runs when it is launched.
std::unique_ptr<KernelScheduler> make_kernel_scheduler(std::string_view name,
                                                       const PolicyParams& params);

}  // namespace aqlsim
