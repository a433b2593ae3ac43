#pragma once
// What the CPU executor's threads share during one run: the plan, the measurements, which ops
// have completed, and the one mutex and condition variables every wait goes through. What reads
// or changes the run's progress is called with the mutex held (lock()); result() after the
// threads have been joined.
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <span>
#include <vector>

#include "hip_backend/cpu/run_clock.hpp"
#include "hip_backend/launch_plan.hpp"
#include "hip_backend/measured_run.hpp"

namespace aqlsim::hip::cpu {

using Lock = std::unique_lock<std::mutex>;

// What a queue's packet processor waits for: every one of `ops` completed, or (any) one of them
// (none: satisfied at once, as a barrier-OR with no dependency).
struct OpWait {
  bool any = false;
  std::span<const std::uint32_t> ops;
};

class RunState {
 public:
  RunState(const LaunchPlan& plan, double time_scale);

  Lock lock() { return Lock(mutex_); }
  const LaunchPlan& plan() const { return plan_; }
  const RunClock& clock() const { return clock_; }

  // Sleeps until `deadline`; false when the run stopped first (every sleep ends early then).
  bool sleep_until(Lock& lock, RunClock::Clock::time_point deadline);
  // Waits for a change (notify()) until `ready()`; false when the run stopped first. `ready` is
  // only evaluated while the run goes on, so it may claim what it finds.
  template <typename Ready>
  bool wait(Lock& lock, Ready ready) {
    changed_.wait(lock, [&] { return stopped_ || ready(); });
    return !stopped_;
  }
  void notify() { changed_.notify_all(); }

  // A queue's walker waits for ops; false when the run stopped first. Every plan run can
  // complete (check_plan_completes, before the run), so the wait ends.
  bool wait_for_ops(Lock& lock, OpWait what);
  void complete_op(std::uint32_t op, Tick at);

  // A dispatch op handed to the device: records its submission (its first launch). False for an
  // empty grid, which completes here with nothing to run.
  bool submit(std::uint32_t op);
  bool dispatch_done(std::uint32_t dispatch) const { return done_[op_of_dispatch_[dispatch]]; }
  MeasuredDispatch& measured(std::uint32_t dispatch) { return result_.dispatches[dispatch]; }
  // Runs work-group (task) `index` on `cu`: sleeps its scaled duration and records it; the last
  // one to end completes the dispatch. False when the run stopped during it.
  bool run_workgroup(Lock& lock, std::uint32_t dispatch, std::uint64_t index, std::uint32_t cu);

  // The run ends: every wait and sleep returns false from now on. fail() keeps the first error.
  void stop();
  void fail(std::exception_ptr error);
  // Waits until every op has completed or the run stopped.
  void wait_until_done(Lock& lock);
  // After every thread has been joined: the measurements, or the first error rethrown.
  MeasuredRun result(std::string device);

 private:
  bool satisfied(const OpWait& what) const;
  void finish_dispatch(std::uint32_t dispatch);

  const LaunchPlan& plan_;
  RunClock clock_;
  std::mutex mutex_;
  std::condition_variable changed_;     // an op completed, work was launched, a worker left
  std::condition_variable stopped_cv_;  // the run stopped: ends every sleep
  bool stopped_ = false;
  std::exception_ptr error_;

  MeasuredRun result_;
  std::vector<std::uint32_t> op_of_dispatch_;
  std::vector<bool> done_;  // per op
  std::size_t ops_done_ = 0;
  std::vector<std::vector<bool>> ran_;   // per dispatch and work-group: a task runs exactly once
  std::vector<std::uint64_t> finished_;  // per dispatch: work-groups ended
};

}  // namespace aqlsim::hip::cpu
