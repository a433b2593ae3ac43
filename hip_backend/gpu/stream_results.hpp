#pragma once
// What the HIP and CUDA executors make of a finished run: the work-groups' device records in
// host ticks, and when each op completed. Runtime-free, so it is tested without a GPU.
#include <span>
#include <vector>

#include "hip_backend/gpu/device_clock.hpp"
#include "hip_backend/kernels/spin_args.h"
#include "hip_backend/launch_plan.hpp"
#include "hip_backend/measured_run.hpp"

namespace aqlsim::hip {

// A dispatch submitted at `submit` (host ticks) whose work-groups (tasks) left `records`: its
// first start and last end (both `submit` when it had none). Launches and evictions are the
// caller's.
MeasuredDispatch measured_dispatch(std::span<const aqlsim_wg_record> records,
                                   const DeviceClock& clock, Tick submit);

// When each op completed, parallel to plan.ops: a dispatch when its last work-group ended; a
// barrier once the op before it in its stream and its condition were both done (AND: every
// dependency, OR: the first), taken from the dependencies' own completion rather than from when
// the host noticed; never before its submit_at.
std::vector<Tick> completion_times(const LaunchPlan& plan,
                                   const std::vector<MeasuredDispatch>& dispatches);

}  // namespace aqlsim::hip
