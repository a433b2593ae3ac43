#include "hip_backend/cpu/worker_pool.hpp"

#include "hip_backend/cpu/cu_mask.hpp"

namespace aqlsim::hip::cpu {

WorkerPool::WorkerPool(RunState& state, std::uint32_t workers) : state_(state), threads_(state) {
  for (std::uint32_t w = 0; w < workers; ++w)
    threads_.spawn([this, w] { work(w); });
}

void WorkerPool::launch(std::uint32_t dispatch, const std::vector<std::uint8_t>& cu_mask) {
  launched_.push_back({.dispatch = dispatch, .cu_mask = &cu_mask, .issued = 0});
  state_.notify();
}

std::optional<WorkerPool::Issue> WorkerPool::take(std::uint32_t cu) {
  for (auto it = launched_.begin(); it != launched_.end(); ++it) {
    if (!cu_enabled(*it->cu_mask, cu)) continue;
    const Issue issue{.dispatch = it->dispatch, .index = it->issued++};
    if (it->issued == state_.plan().dispatches[it->dispatch].durations.size()) launched_.erase(it);
    return issue;
  }
  return std::nullopt;
}

void WorkerPool::work(std::uint32_t worker) {
  const std::uint32_t cu = worker % state_.plan().compute_units;
  auto lock = state_.lock();
  for (;;) {
    std::optional<Issue> issue;
    if (!state_.wait(lock, [&] { return (issue = take(cu)).has_value(); })) return;
    if (!state_.run_workgroup(lock, issue->dispatch, issue->index, cu)) return;
  }
}

}  // namespace aqlsim::hip::cpu
