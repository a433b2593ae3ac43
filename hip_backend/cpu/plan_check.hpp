#pragma once
// What the CPU executor needs of a plan before it starts a thread: indices in range, each op
// in exactly one queue and each dispatch launched once, and a worker for every dispatch (a
// dispatch no worker may run would never complete). Throws std::invalid_argument.
#include <cstdint>

#include "hip_backend/launch_plan.hpp"

namespace aqlsim::hip::cpu {

void check_plan(const LaunchPlan& plan, std::uint32_t workers);

}  // namespace aqlsim::hip::cpu
