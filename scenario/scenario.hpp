#pragma once
// A workload as the user wrote it: device, kernel profiles, signals, user queues and the
// packets each receives, and the policies to run it with. Loaded from YAML (load_scenario) or
// built by code (the task-graph lowering), then run by run_scenario.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "config/input_error.hpp"
#include "hsa_model/device_spec.hpp"
#include "hsa_model/kernel_profile.hpp"
#include "scenario/run_limits.hpp"

namespace aqlsim {

struct PacketSpec {
  enum class Kind { dispatch, barrier_and, barrier_or, raw };
  Kind kind = Kind::dispatch;
  std::string name;  // unique in the workload; default "<queue>.<index>"
  Tick at = 0;       // earliest submission time
  bool barrier = false;
  std::string completion_signal;          // a declared signal; empty: the packet's own signal
  std::optional<std::uint32_t> priority;  // for priority-dynamic mapping; default: the queue's

  // Dispatch: the kernel profile and optional overrides of its defaults.
  std::string kernel;
  std::optional<std::uint64_t> workgroups;
  std::optional<std::uint32_t> workgroup_size;
  std::optional<std::uint32_t> lds_bytes;

  // Barrier-AND/OR: packet names or declared signal names (at most five).
  std::vector<std::string> depends_on;

  // Raw: only a header of this type (to exercise the invalid-packet path).
  std::uint8_t raw_type = 0;

  SourceLocation where;
};

struct QueueSpec {
  std::string name;
  std::uint32_t size = 64;  // packets; a power of two
  std::uint32_t priority = 1;
  std::vector<std::uint8_t> cu_mask;  // one entry per CU, 1 = enabled; empty: every CU
  std::vector<PacketSpec> packets;
  SourceLocation where;
};

struct SignalSpec {
  std::string name;
  std::int64_t initial = 1;
  SourceLocation where;
};

struct PolicySelection {
  std::string queue_mapping = "rr-idle";
  std::string thread_block = "fifo-backfill";
  std::string kernel = "none";  // the host-side kernel scheduler
  // Parameters by policy name, so a file can carry settings for policies it does not select.
  std::map<std::string, std::map<std::string, double>> params;
  std::map<std::string, SourceLocation> param_locations;  // by "policy.param", for messages

  // Puts a registered policy in the slot of its kind; false if no policy has that name.
  bool select(const std::string& name);
};

// What the multi-program metrics (NTT, STP, ANTT, fairness, DNTT) are computed over: each
// dispatch, or each queue taken as one application (from its first arrival to its last kernel's
// end; T_SP = the queue run alone), as Lopez-Albelda et al. measure pipelines such as CONV.
enum class MetricsPer { kernel, queue };

// A new field must also be copied by without_queues (scenario/alone_runs.cpp).
struct Scenario {
  std::string source;  // file name, for messages
  // Every file read to make it: the workload file (loaded from a file, not from text) first,
  // then each file it includes or imports, in the order read, as their paths were resolved. No
  // output may replace one (check_output_paths).
  std::vector<std::string> input_files;
  DeviceSpec device;
  std::vector<KernelProfile> kernels;
  std::vector<SourceLocation> kernel_locations;  // parallel to kernels
  std::vector<SignalSpec> signals;
  std::vector<QueueSpec> queues;
  PolicySelection policies;
  MetricsPer metrics_per = MetricsPer::kernel;
  std::uint64_t seed = 1;
  // Set by the command line (--max-*), not by the file; every run of the scenario (alone runs
  // too) is bounded by them.
  RunLimits limits;

  const KernelProfile* find_kernel(const std::string& name) const;
  std::size_t packet_count() const;  // over every queue
};

}  // namespace aqlsim
