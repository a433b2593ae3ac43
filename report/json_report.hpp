#pragma once
// The JSON result file (aqlsim run --json). Keys are documented in the README; the output is
// a pure function of the report, so the same input and seed give byte-identical files. It is
// written a kernel at a time: a run of any length is never held as one JSON document.
#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>

#include "report/json_stream.hpp"
#include "scenario/runner.hpp"

namespace aqlsim {

struct JsonOptions {
  // Each kernel's prediction series (KernelResult::predictions) as kernels[].predictions; the
  // run must have recorded them (RunOptions::record_predictions).
  bool predictions = false;
  // A measured run (aqlsim hip run) adds members to each kernel (by its index in
  // RunReport::kernels) and to the document, after the simulator's own.
  std::function<void(std::size_t kernel, nlohmann::ordered_json& out)> kernel_extra;
  std::function<void(JsonObjectWriter& json)> document_extra;
};

void write_run_json(std::ostream& out, const Scenario& scenario, const RunReport& report,
                    const JsonOptions& options);

}  // namespace aqlsim
