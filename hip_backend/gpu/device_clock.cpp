#include "hip_backend/gpu/device_clock.hpp"

#include <cmath>
#include <stdexcept>

namespace aqlsim::hip {
namespace {

double middle(const ClockSample& sample) {
  return (static_cast<double>(sample.host_before) + static_cast<double>(sample.host_after)) / 2;
}

}  // namespace

DeviceClock::DeviceClock(double hz, const ClockSample& anchor) : hz_(hz), anchor_(anchor) {
  if (!(hz > 0)) throw std::invalid_argument("device clock rate must be positive");
}

DeviceClock DeviceClock::measured(const ClockSample& first, const ClockSample& second) {
  const double host_seconds = (middle(second) - middle(first)) / static_cast<double>(kSecond);
  if (!(host_seconds > 0) || second.device <= first.device) {
    throw std::invalid_argument("device clock samples must advance on both clocks");
  }
  return DeviceClock(static_cast<double>(second.device - first.device) / host_seconds, second);
}

Tick DeviceClock::to_host(std::uint64_t device) const {
  // The difference in integers first: epoch-based clocks (%globaltimer, ~1.8e18 ns) are past a
  // double's exact range. Signed: a timestamp may precede the anchor.
  const auto ticks_since = static_cast<double>(static_cast<std::int64_t>(device - anchor_.device));
  return static_cast<Tick>(std::llround(middle(anchor_) + ticks_since / hz_ * kSecond));
}

std::uint64_t DeviceClock::device_ticks(Tick duration) const {
  if (duration <= 0) return 0;
  return static_cast<std::uint64_t>(
      std::ceil(static_cast<double>(duration) * hz_ / static_cast<double>(kSecond)));
}

DeviceClock fit_device_clock(const ClockSample& first, const ClockSample& last,
                             double declared_hz) {
  if (middle(last) > middle(first) && last.device > first.device)
    return DeviceClock::measured(first, last);
  if (declared_hz > 0) return DeviceClock(declared_hz, first);
  throw std::runtime_error(
      "the device clock's rate is unknown: the runtime declares none and the two clock samples "
      "are not apart");
}

}  // namespace aqlsim::hip
