#include "hip_backend/cpu/persistent_kernels.hpp"

#include "hip_backend/cpu/cu_mask.hpp"

namespace aqlsim::hip::cpu {

PersistentKernels::PersistentKernels(RunState& state, Tick eviction_period)
    : state_(state), controller_(state) {
  if (eviction_period > 0) controller_.spawn([this, eviction_period] { control(eviction_period); });
}

void PersistentKernels::launch(std::uint32_t dispatch, const std::vector<std::uint8_t>& cu_mask) {
  auto& kernel = *kernels_.emplace_back(std::make_unique<Kernel>(state_, dispatch));
  for (std::uint32_t cu = 0; cu < state_.plan().compute_units; ++cu) {
    if (cu_enabled(cu_mask, cu)) kernel.cus.push_back(cu);
  }
  start_workers(kernel);
}

void PersistentKernels::start_workers(Kernel& kernel) {
  const std::uint32_t per_cu = state_.plan().dispatches[kernel.dispatch].persistent_workers_per_cu;
  for (const std::uint32_t cu : kernel.cus) {
    for (std::uint32_t i = 0; i < per_cu; ++i) {
      kernel.threads.spawn([this, &kernel, cu] { work(kernel, cu); });
      ++kernel.live;  // after the spawn, which may throw; the lock keeps the worker from leaving
    }
  }
}

// The persistent kernel's loop (aqlsim_persistent_v*): the flag is checked before each index is
// taken, so a worker that sees it takes none, and an index taken is always run.
void PersistentKernels::work(Kernel& kernel, std::uint32_t cu) {
  const std::uint64_t tasks = state_.plan().dispatches[kernel.dispatch].durations.size();
  for (;;) {
    if (kernel.evict.load()) break;
    const std::uint64_t task = kernel.next_task.fetch_add(1);
    if (task >= tasks) break;
    auto lock = state_.lock();
    if (!state_.run_workgroup(lock, kernel.dispatch, task, cu)) break;
  }
  auto lock = state_.lock();
  --kernel.live;
  kernel.last_exit = state_.clock().now();
  state_.notify();
}

// A launch gets a whole period from its (re)launch before the next eviction, so back-to-back
// evictions cannot starve it when an eviction takes longer than a period.
void PersistentKernels::control(Tick period) {
  auto lock = state_.lock();
  while (state_.sleep_until(lock, RunClock::Clock::now() + state_.clock().scaled(period))) {
    evict_running(lock);
  }
}

void PersistentKernels::evict_running(Lock& lock) {
  std::vector<Kernel*> evicted;
  for (const auto& kernel : kernels_) {
    if (state_.dispatch_done(kernel->dispatch)) continue;
    kernel->evict.store(true);
    evicted.push_back(kernel.get());
  }
  const Tick requested = state_.clock().now();
  for (Kernel* kernel : evicted) {
    if (!state_.wait(lock, [&] { return kernel->live == 0; })) return;
    auto& measured = state_.measured(kernel->dispatch);
    measured.eviction_delays.push_back(kernel->last_exit - requested);
    auto left = kernel->threads.release();
    lock.unlock();
    join_all(left);
    lock.lock();
    kernel->evict.store(false);
    // Its workers have all left, so every task taken has ended: an unfinished dispatch still
    // has tasks to take. (A worker that read the flag just before the request may have taken
    // the last ones; then the eviction is recorded and nothing is relaunched.)
    if (state_.dispatch_done(kernel->dispatch)) continue;
    ++measured.launches;
    start_workers(*kernel);
  }
}

}  // namespace aqlsim::hip::cpu
