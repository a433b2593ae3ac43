#pragma once
// The HTML report of one run: its summary and metrics, then the charts (report/run_charts.hpp)
// and the table of its kernels.
#include <cstddef>
#include <string>

#include "report/run_charts.hpp"
#include "report/run_result.hpp"
#include "report/trace_summary.hpp"

namespace aqlsim::report {

inline constexpr std::size_t kMaxTableRows = 200;  // kernel table rows shown

// `trace` is null without --trace; `trace_name` is the trace file's name for the page.
std::string run_page(const RunResult& run, const std::string& result_name,
                     const TraceSummary* trace, const std::string& trace_name);

}  // namespace aqlsim::report
