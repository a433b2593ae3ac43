#pragma once
// Turns a Scenario into a running model: a Gpu with its kernels, signals and queues, and a
// scripted host that will submit each queue's packets.
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "hsa_model/gpu.hpp"
#include "hsa_model/host_script.hpp"
#include "scenario/scenario.hpp"

namespace aqlsim {

// Each dispatch's turnaround alone, by packet name (hashed: a large task graph looks up every
// task's).
using IsolatedRuntimes = std::unordered_map<std::string, Tick>;

struct BuiltModel {
  std::unique_ptr<Gpu> gpu;
  std::unique_ptr<HostScript> host;
  // Packet index i of queue q is scenario.queues[q].packets[i]: the host writes them in order.
};

// Work-group random streams are keyed by (scenario.seed, packet name), so a dispatch draws the
// same durations in any run of the same seed, alone or shared, under any policy.
struct ModelOptions {
  // Attached before any queue exists, so they see the initial mappings too.
  std::vector<ModelObserver*> observers;
  // Each dispatch's isolated runtime by packet name, for oracle thread-block policies (SJF),
  // which are also told when each dispatch will be submitted.
  IsolatedRuntimes isolated_runtimes;
  // Each dispatch's runtime with 1, 2, ... persistent workers per CU, by packet name, for
  // kernel schedulers that size kernels.
  std::map<std::string, std::vector<Tick>> worker_profiles;
};

// The model's engine is bounded by scenario.limits.
BuiltModel build_model(const Scenario& scenario, const ModelOptions& options = {});

}  // namespace aqlsim
