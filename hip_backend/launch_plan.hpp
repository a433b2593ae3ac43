#pragma once
// A workload turned into what a real GPU (or the CPU-thread executor) is asked to run: launch
// geometry and per-work-group durations for every dispatch, and every packet's dependencies
// made explicit, so each executor only follows the plan (README: hip backend).
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "hsa_model/time.hpp"
#include "scenario/scenario.hpp"

namespace aqlsim::hip {

inline constexpr std::uint32_t kNoDispatch = std::numeric_limits<std::uint32_t>::max();

// The register buckets the spin kernel is compiled for: a dispatch runs the smallest bucket
// that holds its kernel's VGPRs per work-item.
inline constexpr std::uint32_t kVgprBuckets[] = {32, 64, 128, 256};
// The largest block HIP and CUDA launch (maxThreadsPerBlock on AMD and NVIDIA GPUs); an AQL
// packet's field, and so the model, allows 65,535 work-items.
inline constexpr std::uint32_t kMaxBlockSize = 1024;

struct PlannedDispatch {
  std::string name;    // the packet
  std::string kernel;  // the kernel profile
  std::uint64_t workgroups = 0;
  std::uint32_t workgroup_size = 0;  // work-items
  std::uint32_t vgprs = 0;           // per work-item, as the profile declares
  std::uint32_t vgpr_bucket = 0;     // one of kVgprBuckets
  std::uint32_t lds_bytes = 0;       // dynamic LDS per work-group
  // A persistent-thread kernel (Lopez-Albelda et al. listing 1): its work-groups are tasks that
  // this many resident workers per CU take from a counter; 0: an ordinary kernel.
  std::uint32_t persistent_workers_per_cu = 0;
  // Each work-group's (task's) duration: the simulation's own draw for it (same seed, packet
  // and index) at the kernel's reference load, so without contention the simulated and the
  // spun durations are the same numbers.
  std::vector<Tick> durations;
};

enum class PlanOpKind { dispatch, barrier_and, barrier_or };

// One packet of a user queue.
struct PlanOp {
  PlanOpKind kind = PlanOpKind::dispatch;
  std::string name;  // the packet
  std::uint32_t queue = 0;
  Tick submit_at = 0;  // earliest submission, from the start of the run
  // The packet may not start until every earlier packet of its queue has completed.
  bool barrier_bit = false;
  std::uint32_t dispatch = kNoDispatch;  // index into LaunchPlan::dispatches (kind dispatch)
  // Barrier-AND: the ops that must all complete; barrier-OR: the ops of which one must. A
  // dependency on a declared signal is lowered to the packets that decrement it. Empty: the
  // barrier is already satisfied.
  std::vector<std::uint32_t> waits_for;
};

struct PlanQueue {
  std::string name;
  std::uint32_t priority = 1;
  std::vector<std::uint8_t> cu_mask;  // one entry per CU, 1 = enabled; empty: every CU
  std::vector<std::uint32_t> ops;     // in submission order
};

struct LaunchPlan {
  std::string source;  // the workload file
  std::string device;  // the simulated device's name
  std::uint32_t compute_units = 0;
  std::uint64_t seed = 1;
  std::vector<PlanQueue> queues;
  std::vector<PlanOp> ops;  // queue by queue, in queue order
  std::vector<PlannedDispatch> dispatches;
};

// Work-groups in one launch of `dispatch`: its grid, or for a persistent kernel its resident
// workers on the `compute_units` its queue may use.
std::uint64_t launch_workgroups(const PlannedDispatch& dispatch, std::uint32_t compute_units);

// Lowers a loaded workload (after --set, graph lowering and so on). Throws InputError for what
// has no meaning on a GPU: raw (invalid) packets, or a dependency on a signal that is not
// decremented exactly as many times as its initial value.
LaunchPlan make_launch_plan(const Scenario& scenario);

}  // namespace aqlsim::hip
