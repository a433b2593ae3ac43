#pragma once
// The device for ordinary dispatches: one thread per worker, worker w standing for CU
// w % compute_units. A worker runs one work-group at a time, taken from the oldest launched
// dispatch that still has work-groups to issue and whose queue's CU mask enables it (the
// hardware's in-order dispatch).
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "hip_backend/cpu/run_state.hpp"
#include "hip_backend/cpu/thread_set.hpp"

namespace aqlsim::hip::cpu {

class WorkerPool {
 public:
  WorkerPool(RunState& state, std::uint32_t workers);
  // Queues the dispatch's work-groups behind every dispatch launched before it (lock held).
  void launch(std::uint32_t dispatch, const std::vector<std::uint8_t>& cu_mask);

 private:
  struct Launch {
    std::uint32_t dispatch = 0;
    const std::vector<std::uint8_t>* cu_mask = nullptr;
    std::uint64_t issued = 0;  // work-groups handed to workers
  };
  struct Issue {
    std::uint32_t dispatch = 0;
    std::uint64_t index = 0;
  };

  void work(std::uint32_t worker);
  std::optional<Issue> take(std::uint32_t cu);

  RunState& state_;
  std::deque<Launch> launched_;  // oldest first; a launch leaves once every work-group is issued
  ThreadSet threads_;            // last: joined before what the threads use is destroyed
};

}  // namespace aqlsim::hip::cpu
