#include "hip_backend/cpu/thread_set.hpp"

namespace aqlsim::hip::cpu {

ThreadSet::~ThreadSet() {
  if (threads_.empty()) return;
  {
    auto lock = state_->lock();
    state_->stop();
  }
  auto threads = release();
  join_all(threads);
}

void ThreadSet::spawn(std::function<void()> body) {
  threads_.emplace_back([state = state_, body = std::move(body)] {
    try {
      body();
    } catch (...) {
      auto lock = state->lock();
      state->fail(std::current_exception());
    }
  });
}

void join_all(std::vector<std::thread>& threads) {
  for (auto& thread : threads)
    thread.join();
  threads.clear();
}

}  // namespace aqlsim::hip::cpu
