#pragma once
// A launch plan that can never complete, found before anything runs: every executor would wait
// forever on it (a GPU's streams or queues), or find out only once stuck (the CPU executor).
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "hip_backend/launch_plan.hpp"

namespace aqlsim::hip {

// The plan cannot complete: `aqlsim hip` exits 3, as `aqlsim run` does for a deadlock.
class PlanDeadlock : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The ops that can never complete, whatever the device does: an op waits for its queue's
// previous op, for every op its barrier-AND names and for one of those its barrier-OR names (an
// OR with none is satisfied). Ops waiting on one another in a cycle, and every op waiting on
// them, never complete. In plan order; empty when the plan can finish.
std::vector<std::uint32_t> ops_that_never_complete(const LaunchPlan& plan);

// Throws PlanDeadlock naming the first op that never completes and its queue, if any.
void check_plan_completes(const LaunchPlan& plan);

}  // namespace aqlsim::hip
