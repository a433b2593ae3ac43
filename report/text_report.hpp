#pragma once
// The summary printed by `aqlsim run`: one line per kernel, then the metrics.
#include <string>

#include "scenario/runner.hpp"

namespace aqlsim {

std::string report_to_text(const Scenario& scenario, const RunReport& report);
// A human explanation of why a run did not complete (deadlock or queue error).
std::string describe_failure(const RunOutcome& outcome);

}  // namespace aqlsim
