#pragma once
// State shared by the hardware scheduler (which queue is in which slot) and the packet
// processor (what each slot is doing): the driver's queue list and the hardware list.
#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "hsa_model/observer.hpp"
#include "hsa_model/user_queue.hpp"

namespace aqlsim {

struct QueueRuntime {
  std::optional<SlotIndex> slot;
  std::uint32_t in_flight = 0;  // launched kernels not yet finished
  bool head_processed = false;  // the head packet's processing latency has been paid
  bool failed = false;          // an invalid packet stopped the queue
  // gem5's barrier bit (gem5_barrier_timing): later packets wait until no kernel is in flight.
  bool barrier_bit = false;
  // Barrier-AND polling: the dependencies have been read once; those read at zero, by index.
  bool dep_reads_issued = false;
  std::uint8_t deps_seen_zero = 0;
};

struct HardwareSlot {
  std::optional<QueueId> queue;
  SlotActivity activity = SlotActivity::empty;
  Tick since = 0;
  std::uint64_t generation = 0;  // bumped to cancel a packet being processed
  bool event_pending = false;    // a processing event is due for this slot
  // Barrier-AND polling: the poll that repeats every packet_latency from here, while nothing
  // it reads can have changed, is not scheduled (kNever: no poll).
  Tick poll_origin = kNever;
};

class FrontEndState {
 public:
  FrontEndState(std::uint32_t slots, const Observers& observers);

  std::vector<std::unique_ptr<UserQueue>> queues;  // stable addresses for the host API
  std::vector<QueueRuntime> runtime;               // by queue id
  std::vector<HardwareSlot> slots;

  // Ends the slot's current activity interval and starts `activity`. With `split`, an interval
  // of the same activity is ended too (each packet's processing is its own interval).
  void set_activity(SlotIndex slot, SlotActivity activity, Tick now, bool split = false);
  // Ends every open interval at `t` (never before it started), for reports.
  void close_intervals(Tick t);
  // Summed over the slots.
  TickSum activity_time(SlotActivity a) const { return totals_[static_cast<std::size_t>(a)]; }

 private:
  void end_interval(SlotIndex slot, Tick t);

  const Observers* observers_;
  std::array<TickSum, kSlotActivities> totals_{};
};

}  // namespace aqlsim
