#include "hip_backend/gpu/start_gate.hpp"

namespace aqlsim::hip {

StartGate::StartGate(std::size_t threads, Wait wait)
    : arrived_(static_cast<std::ptrdiff_t>(threads) + 1), wait_(wait) {}

bool StartGate::pass() {
  arrived_.count_down();
  if (wait_ == Wait::spin) {
    while (state_.load(std::memory_order_acquire) == kClosed)
      std::this_thread::yield();
  } else {
    state_.wait(kClosed, std::memory_order_acquire);
  }
  return state_.load(std::memory_order_acquire) == kOpen;
}

void StartGate::wait_for_all() {
  arrived_.arrive_and_wait();
}

void StartGate::open() {
  state_.store(kOpen, std::memory_order_release);
  state_.notify_all();
}

void StartGate::call_off() {
  state_.store(kCalledOff, std::memory_order_release);
  state_.notify_all();
}

}  // namespace aqlsim::hip
