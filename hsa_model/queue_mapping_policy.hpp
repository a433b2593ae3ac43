#pragma once
// The queue-mapping policy decides, each scheduling quantum, which user queues occupy the
// hardware queue slots. The hardware scheduler owns the mechanism (map and unmap costs, the
// quantum timer); a policy sees a read-only snapshot and answers with the next assignment.
// Implementations live in queue_sched/.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "hsa_model/observer.hpp"
#include "hsa_model/user_queue.hpp"

namespace aqlsim {

struct QueueStatus {
  QueueId id = 0;
  std::uint32_t priority = 0;       // the queue's priority (hsa_queue_create, set_priority)
  std::uint32_t head_priority = 0;  // the priority of the packet at the head (0 if none)
  std::uint64_t pending = 0;        // packets rung but not yet consumed
  bool head_ready = false;          // the head packet could be executed now
  std::uint32_t in_flight = 0;      // launched kernels not yet finished
  std::optional<SlotIndex> slot;    // where it is mapped (or being mapped)
};

struct SlotStatus {
  std::optional<QueueId> queue;
  bool switching = false;  // a map or unmap is in progress; the slot must be kept as it is
  // No kernel in flight and, under hsa semantics, no packet being processed. gem5's test
  // (semantics gem5) counts a slot idle whatever its packet processing is doing.
  bool idle = false;
};

struct MappingView {
  std::span<const QueueStatus> queues;  // in creation order (the driver's queue list)
  std::span<const SlotStatus> slots;
  Tick now = 0;
};

// For each slot, the queue it should hold after this quantum (nullopt: leave it empty). The
// hardware scheduler pre-fills it with the current mapping. A queue may appear at most once,
// and only a queue that is unmapped now may be moved into a slot.
using SlotAssignment = std::vector<std::optional<QueueId>>;

class QueueMappingPolicy {
 public:
  virtual ~QueueMappingPolicy() = default;
  virtual std::string_view name() const = 0;
  virtual void on_quantum(const MappingView& view, SlotAssignment& next) = 0;
};

}  // namespace aqlsim
