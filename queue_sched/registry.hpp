#pragma once
// The one place policies are looked up by name, for YAML, the command line and the docs.
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

struct PolicyInfo {
  PolicyKind kind;
  std::string_view name;
  std::string_view summary;
  std::vector<ParamSpec> params;
  // Oracle policies are given each kernel's isolated runtime (KernelState::isolated_runtime).
  bool needs_isolated_runtimes = false;
  // Policies driven by a runtime predictor publish its predictions themselves; for the others
  // the runner can attach the Simple Slicing predictor from outside (RunOptions).
  bool publishes_predictions = false;
  // Kernel schedulers that size kernels are given each dispatch's runtime with 1, 2, ...
  // persistent workers per CU (KernelScheduler::on_worker_profiles).
  bool needs_worker_profiles = false;
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
