#include "hsa_model/signals.hpp"

namespace aqlsim {

hsa_signal_t SignalTable::create(std::int64_t initial, std::string name) {
  values_.push_back(initial);
  names_.push_back(name.empty() ? "signal" + std::to_string(values_.size()) : std::move(name));
  return hsa_signal_t{values_.size()};
}

void SignalTable::store(hsa_signal_t s, std::int64_t value) {
  values_.at(index(s)) = value;
  if (listener_) listener_(s);
}

}  // namespace aqlsim
