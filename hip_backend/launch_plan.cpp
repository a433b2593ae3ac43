#include "hip_backend/launch_plan.hpp"

namespace aqlsim::hip {

LaunchPlan make_launch_plan(const Scenario&) { return {}; }

}  // namespace aqlsim::hip
