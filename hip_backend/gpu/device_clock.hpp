#pragma once
// Converting a GPU's clock to the host's: the executors read the device clock in a one-work-group
// kernel bracketed by host timestamps, and map every device timestamp onto the host's run-relative
// ticks with the rate and offset this gives. Runtime-free, so it is tested without a GPU.
#include <cstdint>

#include "hsa_model/time.hpp"

namespace aqlsim::hip {

// One reading of the device clock, taken somewhere between two host times (run-relative).
struct ClockSample {
  Tick host_before = 0;
  Tick host_after = 0;
  std::uint64_t device = 0;
};

class DeviceClock {
 public:
  DeviceClock() = default;
  // The device clock runs at `hz` and read `anchor.device` at the middle of the anchor's host
  // interval.
  DeviceClock(double hz, const ClockSample& anchor);
  // The rate measured between two samples (the later one anchors the offset).
  static DeviceClock measured(const ClockSample& first, const ClockSample& second);

  double hz() const { return hz_; }
  // Run-relative host ticks of a device timestamp.
  Tick to_host(std::uint64_t device) const;
  // A duration in device clock ticks (rounded up: a work-group never spins less than asked).
  std::uint64_t device_ticks(Tick duration) const;
  // Half the anchor's host interval: how far off to_host may be.
  Tick uncertainty() const { return (anchor_.host_after - anchor_.host_before) / 2; }

 private:
  double hz_ = 0;
  ClockSample anchor_;
};

// The rate measured between two samples when they are apart on both clocks, else `declared_hz`
// (the runtime's own figure; 0 if it has none) anchored at `first`. Throws std::runtime_error
// when neither gives a rate.
DeviceClock fit_device_clock(const ClockSample& first, const ClockSample& last, double declared_hz);

}  // namespace aqlsim::hip
