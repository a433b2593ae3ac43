#pragma once
// Device wall-clock readings (s_memrealtime, HIP's wall_clock64(), what the spin kernels record)
// turned into the run's host-relative ticks. The executor reads the device clock twice, in a
// one-work-group spin dispatch at the start and at the end of a run, each bracketed by host
// steady-clock reads; the two pairs give the clock's rate and offset over the whole run.
#include <cstdint>

#include "hsa_model/time.hpp"

namespace aqlsim::hip {

// One device clock reading and the host times (ticks from the run's origin) just before its
// dispatch was submitted and just after its completion was seen.
struct ClockSample {
  Tick host_before = 0;
  Tick host_after = 0;
  std::uint64_t device = 0;
};

// Device clock ticks -> host ticks, linear through a reference point.
struct DeviceClock {
  std::uint64_t device_ref = 0;
  Tick host_ref = 0;
  double hz = 0;  // device clock ticks per second

  Tick to_host(std::uint64_t device) const;
};

// The device reading of a sample stands for the middle of its host bracket (error: at most half
// the bracket, the submission-to-completion round trip). The rate is measured between the two
// samples; when they are too close to tell (the same host or device time), `declared_hz` (the
// runtime's HSA_AMD_AGENT_INFO_TIMESTAMP_FREQUENCY, 0 if it has none) is used.
DeviceClock fit_device_clock(const ClockSample& first, const ClockSample& last, double declared_hz);

}  // namespace aqlsim::hip
