#pragma once
// The CPU executor's clock: the host's steady clock from the run's origin, and simulated ticks
// scaled to host time (a logic check sleeps the plan's durations, shortened or stretched).
#include <chrono>
#include <cmath>

#include "hsa_model/time.hpp"

namespace aqlsim::hip::cpu {

class RunClock {
 public:
  using Clock = std::chrono::steady_clock;

  explicit RunClock(double time_scale) : origin_(Clock::now()), scale_(time_scale) {}

  // Host time since the origin, in ticks (picoseconds): what MeasuredRun records.
  Tick since_origin(Clock::time_point t) const {
    return std::chrono::duration_cast<std::chrono::duration<Tick, std::pico>>(t - origin_).count();
  }
  Tick now() const { return since_origin(Clock::now()); }

  // A simulated duration as host time, rounded up so that a sleep of it never measures shorter
  // than the scaled duration.
  Clock::duration scaled(Tick simulated) const {
    const Tick ps = duration_ticks(std::ceil(static_cast<double>(simulated) * scale_));
    return std::chrono::ceil<Clock::duration>(std::chrono::duration<Tick, std::pico>(ps));
  }
  // The host time at which a simulated instant of the run falls.
  Clock::time_point at(Tick simulated) const { return origin_ + scaled(simulated); }

 private:
  Clock::time_point origin_;
  double scale_;
};

}  // namespace aqlsim::hip::cpu
