#pragma once
// Which ops of a plan have been handed to their streams, shared by the stream executor's queue
// threads. Runtime-free.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace aqlsim::hip {

// Which ops have been handed to their streams: a stream can wait on an event only once it has
// been recorded, so a queue waits on the host until its dependencies are issued. A failing
// queue aborts the others' waits.
class IssueBoard {
 public:
  explicit IssueBoard(std::size_t ops) : issued_(ops, false) {}
  void issue(std::uint32_t op) {
    {
      std::lock_guard lock(mutex_);
      issued_[op] = true;
    }
    changed_.notify_all();
  }
  void abort() {
    {
      std::lock_guard lock(mutex_);
      aborted_ = true;
    }
    changed_.notify_all();
  }
  void wait(std::uint32_t op) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return issued_[op] || aborted_; });
    if (!issued_[op]) throw std::runtime_error("another queue failed");
  }
  bool issued(std::uint32_t op) {
    std::lock_guard lock(mutex_);
    if (aborted_) throw std::runtime_error("another queue failed");
    return issued_[op];
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<bool> issued_;
  bool aborted_ = false;
};

}  // namespace aqlsim::hip
