#pragma once
// Threads that get ready apart and start together: a GPU executor's queue threads, which each
// prepare their queue and then begin issuing at plan time 0. If the system refuses one of them
// (a limit on processes, threads or memory), those already started are turned back at the gate
// and joined before the refusal is thrown: no thread is left waiting for a gate that will never
// open, and no joinable thread is destroyed (std::terminate).
#include <atomic>
#include <cstddef>
#include <latch>
#include <thread>
#include <vector>

namespace aqlsim::hip {

class StartGate {
 public:
  enum class Wait {
    spin,   // yield until the gate opens: the threads leave within a yield of open()
    sleep,  // block: for threads that wait for their own times after the start anyway
  };

  StartGate(std::size_t threads, Wait wait);

  // In each of the threads, once it is ready (exactly once, whatever happened before): waits
  // for open(). False when the start was called off.
  bool pass();
  // On the host: waits until every thread has reached pass().
  void wait_for_all();
  void open();
  void call_off();

 private:
  enum State : int { kClosed, kOpen, kCalledOff };
  std::latch arrived_;
  std::atomic<int> state_ = kClosed;
  Wait wait_;
};

// Runs body(i) on threads 0..n-1; each body calls gate.pass() once and must not throw. If the
// system refuses a thread, the start is called off, the threads started are joined, and the
// refusal (std::system_error) is thrown. The threads are joined when the vector goes.
template <class Body>
std::vector<std::jthread> start_behind(StartGate& gate, std::size_t n, const Body& body) {
  std::vector<std::jthread> threads;
  threads.reserve(n);
  try {
    for (std::size_t i = 0; i < n; ++i)
      threads.emplace_back(body, i);
  } catch (...) {
    gate.call_off();
    throw;  // `threads` joins what it holds as it goes
  }
  return threads;
}

}  // namespace aqlsim::hip
