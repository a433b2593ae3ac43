#pragma once
// Every limit on the size of user input, in one place (README: "Limits"). Each is checked before
// anything of that size is allocated or run, and exceeding one is an InputError that names it.
// The values keep every realistic workload legal while bounding the memory and time a single
// hostile or mistyped value can ask for.
#include <cstddef>
#include <cstdint>
#include <limits>

#include "hsa_model/time.hpp"
#include "hsa_model/user_queue.hpp"

namespace aqlsim::limits {

// Durations (`at`, `wg_time`, latencies, `quantum`): 1,000,000 s = 1e18 ps, the model's
// kMaxDuration. Tick is int64 picoseconds (at most 9.2e18): any time up to the largest
// simulated time (2^62 ps) plus any duration cannot wrap, and a million seconds is eleven days
// of simulated time, far beyond any GPU workload.
inline constexpr std::int64_t kMaxDurationPs = kMaxDuration;

// Signal `initial` values: |value| <= 2^53. A completion subtracts 1, so no run can wrap the
// int64 value, and every value is exact in JSON (a double's 53-bit mantissa).
inline constexpr std::int64_t kMaxSignalMagnitude = std::int64_t{1} << 53;

// A user queue's ring, in packets: ROCm's HSA_AGENT_INFO_QUEUE_MAX_SIZE, as the C++ API's.
inline constexpr std::uint32_t kMaxQueuePackets = kMaxQueueSize;

// Packets listed in a workload's `queues:` (a graph's are bounded by its tasks and edges): about
// 290 bytes each, so at most about 2.9 GB. A YAML alias repeats a list in a few bytes: a 30 KB
// file of aliases listed 10^6 packets, and a 120 KB one 1.6 x 10^7 (4.6 GB).
inline constexpr std::size_t kMaxListedPackets = 10'000'000;

// Task graphs (YAML, DOT and STG imports, generators, `graph:` sections). A task graph costs
// about 100 bytes an edge and 200 a task: these bound one graph to about 1.2 GB while keeping a
// million-task graph with a few million edges legal.
inline constexpr std::size_t kMaxGraphTasks = 1'000'000;
inline constexpr std::size_t kMaxGraphEdges = 10'000'000;

// `--shard I/N`: N at most 2^32. A shard may hold no run (an array job of fixed size over a
// smaller sweep), so N is not bounded by the runs; this bound keeps N times the MPI ranks that
// share a shard within 64 bits.
inline constexpr std::size_t kMaxShards = std::size_t{1} << 32;

// A task's or an edge's cost (`cost`, DOT's `size`, STG's costs): 1e300. A HEFT rank or a
// critical path adds at most one cost per task and edge, so any sum over a graph at the limits
// above stays below 1.1e307, finite; at a double's maximum two costs added make infinity.
inline constexpr double kMaxCost = 1e300;
static_assert(static_cast<double>(kMaxGraphTasks + kMaxGraphEdges) * kMaxCost <
              std::numeric_limits<double>::max());

// `- include:` in a kernels list: at most this many includes in one list (fan-out) and file
// loads in one workload in all. Nesting is limited to kMaxIncludeDepth. Without the total,
// nine files each including the next ten times would load 10^8 files.
inline constexpr int kMaxIncludeDepth = 8;
inline constexpr std::size_t kMaxIncludesPerList = 64;
inline constexpr std::size_t kMaxIncludeLoads = 256;

// Workloads an experiment generates (`pairs`, `group`, `arrival_orders.orders`), counted
// before any is generated: C(100, 8) groups would otherwise be 1.9e11 workloads. The largest
// bundled experiment has 56.
inline constexpr std::size_t kMaxGeneratedWorkloads = 100'000;

// Runs of one comparison: sweep points x policies x workloads, counted before any is planned
// (eight sweeps of 100 values made 10^16 points, built in memory before anything was said).
// Planned, each costs about 100 bytes, and each finished run's summary about 200.
inline constexpr std::size_t kMaxRuns = 10'000'000;

// One input file (workload, include, experiment, graph), read whole into memory: 256 MiB holds
// a DOT or STG graph at the task and edge limits above.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{256} << 20;

}  // namespace aqlsim::limits
