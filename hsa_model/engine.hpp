#pragma once
// The discrete-event engine: events ordered by (time, sequence number), so two runs of the
// same input process the same events in the same order, bit for bit.
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <vector>

#include "hsa_model/event_queue.hpp"
#include "hsa_model/in_order_events.hpp"
#include "hsa_model/lane_events.hpp"
#include "hsa_model/time.hpp"

namespace aqlsim {

// A component that receives events. The payload is the component's own (an index, a token).
class EventHandler {
 public:
  virtual void handle(std::uint64_t payload) = 0;

 protected:
  ~EventHandler() = default;
};

// Binds an event to a member function, so a component can own several kinds of event without
// a central switch: `MemberHandler<Dispatcher, &Dispatcher::run_pass> pass_event_{this};`
template <class Owner, void (Owner::*Method)(std::uint64_t)>
class MemberHandler final : public EventHandler {
 public:
  explicit MemberHandler(Owner* owner) : owner_(owner) {}
  void handle(std::uint64_t payload) override { (owner_->*Method)(payload); }

 private:
  Owner* owner_;
};

// Why the engine stopped before running out of events.
enum class EngineStop {
  none,
  requested,    // stop() was called
  time_limit,   // the next event lies past the time limit
  event_limit,  // the event budget is spent
  checkpoint,   // a checkpoint's check said stop (a budget of the caller's)
};

class Engine {
 public:
  Tick now() const { return now_; }
  // Schedules `handler` at absolute time `when` (not before now). Events at the same time run
  // in the order they were scheduled.
  void schedule_at(Tick when, EventHandler& handler, std::uint64_t payload = 0);
  // `delay` is at most kMaxDuration, and now at most the time limit: the sum cannot overflow.
  void schedule_after(Tick delay, EventHandler& handler, std::uint64_t payload = 0) {
    schedule_at(now_ + delay, handler, payload);
  }

  // An event that cannot be withdrawn and usually runs after every one scheduled this way before
  // it (InOrderEvents: a context transfer's end): O(1) then, and as schedule_at otherwise.
  void schedule_in_order(Tick when, EventHandler& handler, std::uint64_t payload);

  // Lanes (LaneEvents): events that may be withdrawn before they run, each kept in the lane of
  // its component (the dispatcher's: one per CU; a kernel scheduler's timer: one). They run in
  // the same (time, sequence) order as every other event. set_lanes discards the lanes' events.
  void set_lanes(std::uint32_t lanes, std::uint32_t capacity = LaneEvents::kDefaultCapacity) {
    lanes_.set_lanes(lanes, capacity);
  }
  // A lane for a component made after set_lanes, before any event is in a lane: its index.
  std::uint32_t add_lane() { return lanes_.add_lane(); }
  void schedule_in_lane(std::uint32_t lane, Tick when, EventHandler& handler,
                        std::uint64_t payload) {
    lanes_.push(lane, Event{when, next_sequence_++, &handler, payload});
  }
  // Withdraws the pending event of `lane` with this handler and payload: it will not run.
  // Gives the time it was due, or nothing when there is none.
  std::optional<Tick> cancel_in_lane(std::uint32_t lane, const EventHandler& handler,
                                     std::uint64_t payload) {
    return lanes_.remove(lane, &handler, payload);
  }

  // While it lives, withdrawals from the lanes are a batch (LaneEvents::defer_order): the order
  // of the lanes is brought up to date once, when it ends. Meanwhile no event may run, and none
  // may be put in a lane.
  class LaneBatch {
   public:
    explicit LaneBatch(Engine& engine) : lanes_(&engine.lanes_) { lanes_->defer_order(); }
    ~LaneBatch() { lanes_->restore_order(); }
    LaneBatch(const LaneBatch&) = delete;
    LaneBatch& operator=(const LaneBatch&) = delete;

   private:
    LaneEvents* lanes_;
  };

  // Runs the next event; false when there is none or the engine was stopped.
  bool step();
  // Runs until no event is left or stop() is called.
  void run();
  void stop() { stop_ = EngineStop::requested; }
  EngineStop stopped_by() const { return stop_; }
  Tick time_limit() const { return time_limit_; }
  // The time of the next event (kNever when there is none).
  Tick next_time() const;

  // Limits: no event later than `time` runs (at most kMaxSimTime), at most `events` run.
  void set_limits(Tick time, std::uint64_t events);
  // Calls `check` every `every` events; `check` returning false stops the engine. It is called
  // once the next event is chosen, so it must not schedule or withdraw events.
  void set_checkpoint(std::uint64_t every, std::function<bool()> check);

  bool idle() const {
    return queue_.empty() && lanes_.empty() && in_order_.empty() &&
           due_now_.size() == due_now_head_;
  }
  std::uint64_t events_processed() const { return processed_; }

 private:
  using Event = ScheduledEvent;

  Event take_due_now();
  // True when the lanes hold an earlier event than the queue.
  bool lanes_first() const;
  // The earliest event of the queue, the lanes and the in-order events (nullptr when none).
  const Event* earliest_queued() const;
  // At every checkpoint and at the event limit: false when the engine must stop.
  bool checkpoint();

  EventQueue queue_;  // events after the current tick when they were scheduled
  LaneEvents lanes_;
  InOrderEvents in_order_;
  // Events scheduled for the current tick skip the queue (not the lanes). The earliest of these
  // four sources runs next, in (time, sequence) order.
  std::vector<Event> due_now_;
  std::size_t due_now_head_ = 0;
  Tick now_ = 0;
  std::uint64_t next_sequence_ = 0;
  std::uint64_t processed_ = 0;
  EngineStop stop_ = EngineStop::none;
  Tick time_limit_ = kMaxSimTime;
  std::uint64_t event_limit_ = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t checkpoint_every_ = 0;  // 0: no checkpoint
  std::uint64_t next_checkpoint_ = std::numeric_limits<std::uint64_t>::max();
  std::function<bool()> check_;
};

}  // namespace aqlsim
