#pragma once
// Threads of one run. A thread's exception fails the run (RunState::fail) instead of
// terminating the process; run() rethrows it once every thread has been joined.
#include <functional>
#include <thread>
#include <utility>
#include <vector>

#include "hip_backend/cpu/run_state.hpp"

namespace aqlsim::hip::cpu {

class ThreadSet {
 public:
  explicit ThreadSet(RunState& state) : state_(&state) {}
  ThreadSet(const ThreadSet&) = delete;
  ThreadSet& operator=(const ThreadSet&) = delete;
  // Stops the run, then joins the threads still here: pool workers wait for work until the run
  // stops, and an exception unwinding run() must end every thread before the state goes.
  ~ThreadSet();

  void spawn(std::function<void()> body);
  // Hands the threads over, to be joined by a caller that has seen them all leave.
  std::vector<std::thread> release() { return std::exchange(threads_, {}); }

 private:
  RunState* state_;
  std::vector<std::thread> threads_;
};

void join_all(std::vector<std::thread>& threads);

}  // namespace aqlsim::hip::cpu
