#pragma once
// A kernel (grid) from the moment the packet processor launches it into the dispatcher, and
// one of its work-groups while it runs.
#include <hsa/hsa.h>

#include <cstdint>
#include <vector>

#include "hsa_model/compute_unit.hpp"
#include "hsa_model/kernel_profile.hpp"
#include "hsa_model/occupancy.hpp"
#include "hsa_model/user_queue.hpp"
#include "hsa_model/workgroup_duration.hpp"

namespace aqlsim {

using KernelId = std::uint32_t;
using CuIndex = std::uint32_t;

struct KernelState {
  KernelId id = 0;
  std::uint32_t profile = 0;  // index of the kernel profile (kernel_object - 1)
  QueueId queue = 0;
  std::uint64_t packet_index = 0;
  std::uint64_t stream_key = 0;  // keys the random streams of its work-groups
  Tick isolated_runtime = 0;     // known in advance by the host (oracle policies); 0: unknown
  hsa_signal_t completion_signal{0};

  WorkgroupDemand demand;
  Occupancy occupancy;
  DurationParams duration;
  double reference_load = 1.0;  // residency at which duration.mean was given
  DurationSampler sampler;

  std::uint64_t total_workgroups = 0;
  std::uint64_t issued = 0;     // work-groups placed on a CU so far
  std::uint64_t completed = 0;  // work-groups finished
  std::vector<std::uint32_t> resident_per_cu;

  Tick arrival = 0;  // when the host submitted the dispatch packet
  Tick launch = 0;   // when the packet processor handed it to the dispatcher
  Tick start = kNever;
  Tick end = kNever;

  std::uint64_t unissued() const { return total_workgroups - issued; }
  std::uint64_t running() const { return issued - completed; }
  bool finished() const { return completed == total_workgroups; }
};

struct WorkgroupRecord {
  KernelId kernel = 0;
  std::uint64_t index = 0;  // position in the grid
  CuIndex cu = 0;
  std::uint32_t lane = 0;  // lowest free slot on the CU, for drawing timelines
  Tick start = 0;
  Tick end = kNever;
  Placement placement;
};

}  // namespace aqlsim
