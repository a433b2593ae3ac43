#pragma once
// The summary printed by `aqlsim run`: one line per kernel, then the metrics.
#include <string>

#include "scenario/runner.hpp"

namespace aqlsim {

std::string report_to_text(const Scenario& scenario, const RunReport& report);
// The same table for a run measured on a device (aqlsim hip run), which has no hardware-queue
// or event counts to show; `ran_on` names the executor and device.
std::string measured_report_to_text(const Scenario& scenario, const RunReport& report,
                                    const std::string& ran_on);
// A human explanation of why a run did not complete (deadlock or queue error).
std::string describe_failure(const RunOutcome& outcome);

}  // namespace aqlsim
