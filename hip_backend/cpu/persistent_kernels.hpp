#pragma once
// Persistent-thread kernels (spin_args.h, aqlsim_persistent_args) on host threads: each launch
// is persistent_workers_per_cu workers for every CU its queue's mask enables, on threads of
// their own (not the worker pool), taking task indices from a counter until the tasks run out
// or the eviction flag is set. With an eviction period, a controller evicts every running
// kernel each period and relaunches it on the same counter, so no task runs twice or is lost.
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "hip_backend/cpu/run_state.hpp"
#include "hip_backend/cpu/thread_set.hpp"

namespace aqlsim::hip::cpu {

class PersistentKernels {
 public:
  PersistentKernels(RunState& state, Tick eviction_period);
  // The first launch of a persistent dispatch (lock held).
  void launch(std::uint32_t dispatch, const std::vector<std::uint8_t>& cu_mask);

 private:
  struct Kernel {
    Kernel(RunState& state, std::uint32_t d) : dispatch(d), threads(state) {}
    std::uint32_t dispatch;
    std::vector<std::uint32_t> cus;           // the CUs the queue's mask enables
    std::atomic<std::uint64_t> next_task{0};  // the kernel's counter: carries on over launches
    std::atomic<bool> evict{false};
    std::uint32_t live = 0;  // workers of the current launch still running
    Tick last_exit = 0;      // when the last of them left
    ThreadSet threads;       // last: joined before the counter and flag go
  };

  void start_workers(Kernel& kernel);
  void work(Kernel& kernel, std::uint32_t cu);
  void control(Tick period);
  void evict_running(Lock& lock);

  RunState& state_;
  std::vector<std::unique_ptr<Kernel>> kernels_;  // stable addresses for their threads
  ThreadSet controller_;                          // last: joined before the kernels go
};

}  // namespace aqlsim::hip::cpu
