#pragma once
// HSA signals: 64-bit values addressed by hsa_signal_t handles (handle 0 is the null signal).
// A kernel's completion signal is decremented when its last work-group finishes; a barrier
// packet waits until its dependency signals reach 0.
#include <hsa/hsa.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace aqlsim {

class SignalTable {
 public:
  hsa_signal_t create(std::int64_t initial, std::string name = {});
  // Room for `count` more signals.
  void reserve(std::size_t count) {
    values_.reserve(values_.size() + count);
    names_.reserve(names_.size() + count);
  }

  bool valid(hsa_signal_t s) const { return s.handle > 0 && s.handle <= values_.size(); }
  std::int64_t load(hsa_signal_t s) const { return values_.at(index(s)); }
  const std::string& name(hsa_signal_t s) const { return names_.at(index(s)); }
  std::size_t size() const { return values_.size(); }

  void store(hsa_signal_t s, std::int64_t value);
  void subtract(hsa_signal_t s, std::int64_t amount) { store(s, load(s) - amount); }

  // Called after every change; the packet processor uses it to wake barrier packets.
  void set_listener(std::function<void(hsa_signal_t)> listener) { listener_ = std::move(listener); }

 private:
  static std::size_t index(hsa_signal_t s) { return static_cast<std::size_t>(s.handle - 1); }

  std::vector<std::int64_t> values_;
  std::vector<std::string> names_;
  std::function<void(hsa_signal_t)> listener_;
};

}  // namespace aqlsim
