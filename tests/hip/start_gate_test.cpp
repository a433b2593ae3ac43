// The GPU executors' start gate: queue threads that get ready apart and start together, and a
// thread the system refuses, which must leave no thread waiting and no std::terminate.
#include "hip_backend/gpu/start_gate.hpp"

#include <gtest/gtest.h>
#include <pthread.h>
#include <sys/resource.h>

#include <atomic>
#include <fstream>
#include <string>
#include <system_error>

namespace aqlsim::hip {
namespace {

class StartGateWaits : public testing::TestWithParam<StartGate::Wait> {};

TEST_P(StartGateWaits, NoThreadGoesBeforeTheGateOpensAndEveryOneGoesAfter) {
  constexpr std::size_t kThreads = 8;
  StartGate gate(kThreads, GetParam());
  std::atomic<int> ready = 0;
  std::atomic<int> went = 0;
  std::atomic<int> early = 0;
  std::atomic<bool> opened = false;
  auto threads = start_behind(gate, kThreads, [&](std::size_t) {
    ++ready;
    if (!gate.pass()) return;
    if (!opened.load()) ++early;
    ++went;
  });
  gate.wait_for_all();
  EXPECT_EQ(ready.load(), static_cast<int>(kThreads));  // every one is at the gate...
  EXPECT_EQ(went.load(), 0);                            // ...and none through it
  opened = true;
  gate.open();
  threads.clear();
  EXPECT_EQ(went.load(), static_cast<int>(kThreads));
  EXPECT_EQ(early.load(), 0);
}

TEST_P(StartGateWaits, AStartCalledOffTurnsEveryThreadBack) {
  StartGate gate(3, GetParam());
  std::atomic<int> turned_back = 0;
  auto threads = start_behind(gate, 3, [&](std::size_t) {
    if (!gate.pass()) ++turned_back;
  });
  gate.call_off();
  threads.clear();
  EXPECT_EQ(turned_back.load(), 3);
}

INSTANTIATE_TEST_SUITE_P(Waits, StartGateWaits,
                         testing::Values(StartGate::Wait::spin, StartGate::Wait::sleep),
                         [](const testing::TestParamInfo<StartGate::Wait>& wait) {
                           return wait.param == StartGate::Wait::spin ? "spin" : "sleep";
                         });

// The process's address space now, in bytes (VmSize).
rlim_t address_space_in_use() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmSize:", 0) == 0) return std::stoull(line.substr(7)) * 1024;
  }
  return 0;
}

// Threads of a 1 GiB stack under an address-space limit 2.5 GiB above what the process uses:
// two start, the third is refused. Both are put back as they were.
class TwoThreadsFit {
 public:
  static constexpr std::size_t kStack = std::size_t{1} << 30;
  TwoThreadsFit() {
    pthread_getattr_default_np(&saved_attr_);
    pthread_attr_t big;
    pthread_getattr_default_np(&big);
    pthread_attr_setstacksize(&big, kStack);
    pthread_setattr_default_np(&big);
    pthread_attr_destroy(&big);
    getrlimit(RLIMIT_AS, &saved_limit_);
    const rlimit limit{address_space_in_use() + 5 * kStack / 2, saved_limit_.rlim_max};
    setrlimit(RLIMIT_AS, &limit);
  }
  ~TwoThreadsFit() {
    setrlimit(RLIMIT_AS, &saved_limit_);
    pthread_setattr_default_np(&saved_attr_);
    pthread_attr_destroy(&saved_attr_);
  }

 private:
  pthread_attr_t saved_attr_;
  rlimit saved_limit_;
};

TEST(StartGate, AThreadTheSystemRefusesTurnsBackThoseStartedAndIsThrown) {
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "AddressSanitizer's shadow memory needs more address space than any such limit";
#endif
#endif
  StartGate gate(4, StartGate::Wait::sleep);
  std::atomic<int> ready = 0;
  std::atomic<int> went = 0;
  std::atomic<int> turned_back = 0;
  std::error_code refusal;
  {
    const TwoThreadsFit limits;
    try {
      auto threads = start_behind(gate, 4, [&](std::size_t) {
        ++ready;
        gate.pass() ? ++went : ++turned_back;
      });
      gate.wait_for_all();  // never reached: it would wait for ever for the two not started
    } catch (const std::system_error& e) {
      refusal = e.code();
    }
  }
  EXPECT_EQ(refusal, std::errc::resource_unavailable_try_again);
  EXPECT_EQ(ready.load(), 2);
  EXPECT_EQ(turned_back.load(), 2);  // joined before the throw: counted by now
  EXPECT_EQ(went.load(), 0);
}

}  // namespace
}  // namespace aqlsim::hip
