#pragma once
// The packet processor: for each mapped queue, in order, it pays `packet_latency` per packet,
// then launches kernel dispatches into the dispatcher and resolves barrier-AND/OR packets.
// A packet with the barrier bit waits until every earlier packet of its queue has completed;
// a barrier packet blocks its queue until its dependency signals allow it to complete.
// Reactions to signals, doorbells and kernel completions run as a wake-up event at the same
// tick, so no handler re-enters another. Under gem5 semantics (or its single switches) the
// barrier bit, barrier-AND polling and a swap during processing follow gem5's code instead
// (README: Comparing with gem5).
#include <functional>
#include <optional>
#include <vector>

#include "hsa_model/device_spec.hpp"
#include "hsa_model/dispatcher.hpp"
#include "hsa_model/engine.hpp"
#include "hsa_model/front_end_state.hpp"
#include "hsa_model/kernel_profile.hpp"
#include "hsa_model/observer.hpp"
#include "hsa_model/signals.hpp"

namespace aqlsim {

// What the head packet of a queue waits for, for deadlock reports.
struct HeadWait {
  bool barrier_bit = false;           // earlier packets of the queue are still running
  bool dispatcher_full = false;       // max_concurrent_kernels reached
  std::vector<hsa_signal_t> signals;  // unresolved barrier dependencies
  bool any = false;                   // barrier-OR (one of `signals` suffices)
  bool unpublished = false;           // the doorbell was rung before the packet was written
};

class PacketProcessor {
 public:
  // What the host knows about a dispatch that the packet does not carry.
  struct DispatchInfo {
    std::uint64_t stream_key = 0;  // keys its work-groups' random streams
    Tick isolated_runtime = 0;     // its runtime alone, for oracle policies (0: unknown)
  };
  using DispatchInfoFn = std::function<DispatchInfo(QueueId, std::uint64_t packet_index)>;

  PacketProcessor(Engine& engine, const DeviceSpec& device, FrontEndState& state,
                  SignalTable& signals, Dispatcher& dispatcher,
                  const std::vector<KernelProfile>& profiles, const Observers& observers);
  PacketProcessor(const PacketProcessor&) = delete;
  PacketProcessor& operator=(const PacketProcessor&) = delete;

  void set_dispatch_info(DispatchInfoFn fn) { dispatch_info_ = std::move(fn); }
  void set_read_index_listener(std::function<void(QueueId)> fn) { on_read_ = std::move(fn); }

  // Called by the hardware scheduler when a queue has been mapped into `slot`, and just
  // before it is unmapped (cancelling a packet whose latency is being paid; it stays at the
  // head and is processed again when the queue is next mapped). gem5 cancels nothing: the
  // slot's pending event processes the head of the queue mapped in next.
  void start_slot(SlotIndex slot);
  void stop_slot(SlotIndex slot);

  void on_doorbell(QueueId queue);
  void on_signal_changed() { request_wake(); }
  // The host wrote a packet: a slot waiting at that index for its header goes on.
  void on_packet_published() { request_wake(); }
  void on_kernel_completed(const KernelState& kernel);

  // True when the queue's head packet could be executed now (policies' "ready").
  bool head_ready(QueueId queue) const;
  HeadWait head_wait(QueueId queue) const;
  const std::vector<QueueError>& errors() const { return errors_; }
  Tick last_progress() const { return last_progress_; }

  // This many unmaps in a row that cancel a packet being processed, with no packet retired in
  // between, mean that no packet ever will be (a quantum shorter than mapping a queue and
  // processing its head): the run is stopped, as a deadlock naming the livelock.
  static constexpr std::uint32_t kFruitlessCancellations = 1000;
  // The queue whose cancelled processing stopped the run, if any.
  std::optional<QueueId> livelocked() const { return livelocked_; }

 private:
  enum class HeadOutcome {
    retired,
    waiting,
    failed,
    held,     // gem5's barrier bit: processed again once the earlier packets complete
    polling,  // a dependency was read non-zero: polls repeat until a signal changes
    reading,  // every dependency was read at zero: the next poll completes the barrier
  };
  // What keeps a head packet from executing now (the HSA ordering rules; gem5's barrier bit).
  enum class HeadBlock { none, unpublished, barrier_bit, dependencies };

  void request_wake();
  void wake(std::uint64_t);
  void advance(SlotIndex slot);
  void begin_processing(SlotIndex slot);
  void schedule_processing(SlotIndex slot, Tick at);
  void hold_back(SlotIndex slot);
  void after_head(SlotIndex slot, HeadOutcome outcome);
  void processing_done(std::uint64_t payload);
  HeadBlock head_block(const UserQueue& queue) const;
  HeadOutcome execute_head(UserQueue& queue);
  HeadOutcome execute_dispatch(UserQueue& queue);
  HeadOutcome execute_barrier(UserQueue& queue, bool any, bool satisfied);
  HeadOutcome poll_dependencies(UserQueue& queue);
  // The dependencies a barrier-AND at the head of `queue` names, one bit per dep_signal entry.
  static std::uint8_t dependency_mask(const UserQueue& queue);
  bool barrier_satisfied(const AqlPacket& packet, bool any) const;
  bool fetch_limited(const QueueRuntime& rt) const;
  // The head packet's header is still INVALID and the processor waits for it (not under gem5).
  bool awaits_publication(const UserQueue& queue) const;
  void retire_head(UserQueue& queue);
  HeadOutcome fail(UserQueue& queue, hsa_status_t status, std::string message);

  Engine* engine_;
  const DeviceSpec* device_;
  FrontEndState* state_;
  SignalTable* signals_;
  Dispatcher* dispatcher_;
  const std::vector<KernelProfile>* profiles_;
  const Observers* observers_;
  DispatchInfoFn dispatch_info_;
  std::function<void(QueueId)> on_read_;
  std::vector<QueueError> errors_;
  bool wake_pending_ = false;
  Tick last_progress_ = 0;
  std::uint32_t cancelled_since_retire_ = 0;
  std::optional<QueueId> livelocked_;

  MemberHandler<PacketProcessor, &PacketProcessor::wake> wake_event_{this};
  MemberHandler<PacketProcessor, &PacketProcessor::processing_done> processed_event_{this};
};

}  // namespace aqlsim
