#pragma once
// The JSON result file (aqlsim run --json). Keys are documented in the README; the output is
// a pure function of the report, so the same input and seed give byte-identical files.
#include <nlohmann/json.hpp>

#include "scenario/runner.hpp"

namespace aqlsim {

nlohmann::ordered_json report_to_json(const Scenario& scenario, const RunReport& report);

}  // namespace aqlsim
