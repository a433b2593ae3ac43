#pragma once
// The JSON result file (aqlsim run --json). Keys are documented in the README; the output is
// a pure function of the report, so the same input and seed give byte-identical files. It is
// written a kernel at a time: a run of any length is never held as one JSON document.
#include <ostream>

#include "scenario/runner.hpp"

namespace aqlsim {

struct JsonOptions {
  // Each kernel's prediction series (KernelResult::predictions) as kernels[].predictions; the
  // run must have recorded them (RunOptions::record_predictions).
  bool predictions = false;
};

void write_run_json(std::ostream& out, const Scenario& scenario, const RunReport& report,
                    const JsonOptions& options);

}  // namespace aqlsim
