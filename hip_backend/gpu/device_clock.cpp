#include "hip_backend/gpu/device_clock.hpp"

#include <cmath>
#include <stdexcept>

namespace aqlsim::hip {
namespace {

Tick midpoint(const ClockSample& s) {
  return s.host_before + (s.host_after - s.host_before) / 2;
}

}  // namespace

Tick DeviceClock::to_host(std::uint64_t device) const {
  // Signed: a work-group may have started before the reference reading.
  const auto elapsed = static_cast<double>(static_cast<std::int64_t>(device - device_ref));
  return host_ref + static_cast<Tick>(std::llround(elapsed * kSecond / hz));
}

DeviceClock fit_device_clock(const ClockSample& first, const ClockSample& last,
                             double declared_hz) {
  const Tick host_span = midpoint(last) - midpoint(first);
  double hz = declared_hz;
  if (host_span > 0 && last.device > first.device)
    hz = static_cast<double>(last.device - first.device) * kSecond / static_cast<double>(host_span);
  if (!(hz > 0))
    throw std::runtime_error(
        "the device clock's rate is unknown: the runtime declares none and the two clock "
        "samples are not apart");
  return {.device_ref = first.device, .host_ref = midpoint(first), .hz = hz};
}

}  // namespace aqlsim::hip
