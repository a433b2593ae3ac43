#pragma once
// A kernel (grid) from the moment the packet processor launches it into the dispatcher, and
// one of its work-groups while it runs.
#include <hsa/hsa.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "hsa_model/compute_unit.hpp"
#include "hsa_model/duration_cache.hpp"
#include "hsa_model/kernel_profile.hpp"
#include "hsa_model/occupancy.hpp"
#include "hsa_model/random_stream.hpp"
#include "hsa_model/user_queue.hpp"
#include "hsa_model/workgroup_duration.hpp"

namespace aqlsim {

using KernelId = std::uint32_t;
using CuIndex = std::uint32_t;

inline constexpr KernelId kNoKernel = std::numeric_limits<KernelId>::max();
inline constexpr std::uint32_t kNoWorkerLimit = std::numeric_limits<std::uint32_t>::max();

// Work taken back from a running work-group: it is issued again before any new index.
struct ReturnedWork {
  std::uint64_t index = 0;  // position in the grid (the persistent kernel's task index)
  double fraction = 1.0;    // share of the work-group's work still to do
  bool restore = false;     // its saved context must be read back first (context-save)
};

struct KernelState {
  KernelId id = 0;
  std::uint32_t profile = 0;  // index of the kernel profile (kernel_object - 1)
  QueueId queue = 0;
  std::uint64_t packet_index = 0;
  std::uint64_t stream_key = 0;          // keys the random streams of its work-groups
  RandomStream::KernelSeed stream_seed;  // the run's seed and stream_key, mixed
  Tick isolated_runtime = 0;  // known in advance by the host (oracle policies); 0: unknown
  hsa_signal_t completion_signal{0};

  WorkgroupDemand demand;
  Occupancy occupancy;
  DurationParams duration;
  double reference_load = 1.0;  // residency at which duration.mean was given
  DurationSampler sampler;
  std::unique_ptr<DurationCache> durations;  // while it runs

  std::uint64_t total_workgroups = 0;
  std::uint64_t issued = 0;     // grid indices taken so far (the task counter)
  std::uint64_t completed = 0;  // work-groups finished
  std::vector<std::uint32_t> resident_per_cu;
  std::vector<ReturnedWork> returned;  // evicted work, issued again first (from returned_head)
  std::size_t returned_head = 0;
  std::uint64_t to_issue = 0;  // total_workgroups - issued + returned_pending()

  // Where and how much of it may run: set at launch (a persistent kernel's workers per CU, the
  // queue's CU mask) and changed by a kernel scheduler. `held` kernels issue nothing.
  std::vector<std::uint8_t> cu_mask;     // empty: every CU
  std::vector<std::uint8_t> queue_mask;  // its queue's CU mask, a hard limit (empty: none)
  std::uint32_t max_per_cu = kNoWorkerLimit;
  bool held = false;

  // What taking work back cost it.
  std::uint64_t evictions = 0;  // times it was taken off the device with work left
  bool off_device = false;      // held with nothing on the device, and reported so
  // Released since it was last reported off the device: only then does being held and idle
  // take it off the device (a kernel held before its launch landed was never on it).
  bool released = false;
  std::uint64_t evicted_workgroups = 0;
  // Evicted runs that left less work than they found (context-save keeps a run's progress).
  std::uint64_t advanced_runs = 0;
  TickSum wasted = 0;         // work-group time lost by kill (summed over CUs: beyond a Tick)
  TickSum context_time = 0;   // work-group time spent saving and restoring state (the same)
  Tick context_transfer = 0;  // one work-group's context save (or restore) under context-save

  Tick arrival = 0;  // when the host submitted the dispatch packet
  Tick launch = 0;   // when the packet processor handed it to the dispatcher
  Tick start = kNever;
  Tick end = kNever;

  std::uint64_t returned_pending() const { return returned.size() - returned_head; }
  // Work-groups to place: new ones and returned ones. Kept as a count because every policy asks
  // it for every placement.
  std::uint64_t unissued() const { return to_issue; }
  // Work-groups on the device: running, or saving or restoring their context.
  std::uint64_t running() const { return issued - completed - returned_pending(); }
  bool finished() const { return completed == total_workgroups; }
  // Grows whenever the kernel gets closer to its end: a work-group finished or a run advanced.
  std::uint64_t progress() const { return completed + advanced_runs; }
  // The share of its work-groups (tasks) not finished yet, 1 to 0.
  double left_share() const {
    return static_cast<double>(total_workgroups - completed) /
           static_cast<double>(total_workgroups);
  }
  // A kernel scheduler's choice of CUs (empty: all) within the queue's mask, which it may only
  // narrow (hsa_amd_queue_cu_set_mask is the application's to set); where the two share no CU,
  // the queue's mask alone.
  std::vector<std::uint8_t> within_queue_mask(std::vector<std::uint8_t> mask) const {
    if (queue_mask.empty()) return mask;
    if (mask.empty()) return queue_mask;
    bool any = false;
    for (std::size_t cu = 0; cu < mask.size(); ++cu) {
      mask[cu] = mask[cu] != 0 && queue_mask[cu] != 0;
      any = any || mask[cu] != 0;
    }
    return any ? mask : queue_mask;
  }
  // True when its CU mask lets it use `cu` at all.
  bool mask_admits(CuIndex cu) const { return cu_mask.empty() || cu_mask[cu] != 0; }
  // True when the launch controls let one more of its work-groups onto `cu`.
  bool allowed_on(CuIndex cu) const { return resident_per_cu[cu] < max_per_cu && mask_admits(cu); }
};

// What a placed work-group is doing.
enum class WorkgroupPhase : std::uint8_t { free, running, saving, restoring };

// One run of a work-group on a CU, from placement until it ends or is evicted. An evicted
// work-group's next run is a new record with the same index.
// (Fields ordered to make it 64 bytes, the size of a cache line.)
struct WorkgroupRecord {
  KernelId kernel = 0;
  CuIndex cu = 0;
  std::uint64_t index = 0;  // position in the grid
  std::uint32_t lane = 0;   // its row in the CU's timeline (the trace's lanes), not an event lane
  WorkgroupPhase phase = WorkgroupPhase::free;  // of the slot that holds the record
  bool restore = false;  // reads its saved context back before running (context-save)
  Tick start = 0;        // placed on the CU
  Tick end = kNever;     // ended or evicted
  Placement placement;
  double fraction = 1.0;  // share of the work-group's whole work this run does
  double work = 0;        // this run's work in the timer's unit, set by the timer
};
static_assert(sizeof(WorkgroupRecord) == 64);

}  // namespace aqlsim
