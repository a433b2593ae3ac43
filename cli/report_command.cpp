// `aqlsim report`: one self-contained HTML page of charts from a run's JSON result (and its
// trace) or from a comparison's CSV.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>

#include "cli/commands.hpp"
#include "config/input_error.hpp"
#include "config/input_file.hpp"
#include "config/utf8.hpp"
#include "report/compare_page.hpp"
#include "report/output_file.hpp"
#include "report/run_page.hpp"

namespace aqlsim::cli {
namespace {

struct ReportCli {
  std::string input;
  std::string trace;
  std::string output;
  std::string baseline;
};

// INPUT with its extension replaced by .html.
std::string default_output(const std::string& input) {
  std::filesystem::path path(input);
  path.replace_extension(".html");
  return path.string();
}

report::TraceSummary read_trace(const std::string& name, const report::RunResult& run) {
  if (std::filesystem::is_directory(name)) {
    throw InputError({name, 0, 0}, "cannot read the trace file: Is a directory");
  }
  std::ifstream in(name, std::ios::binary);
  if (!in) throw InputError({name, 0, 0}, "cannot read the trace file");
  const report::KernelSeries series(run);
  return report::summarise_trace(
      in, name, 0, report::run_span_us(run), report::kMaxBins, series.names.size(),
      [&series](const std::string& packet) { return series.of_packet(packet); });
}

// --baseline, when given, must be a policy of the comparison: another name (a typo, a policy
// the comparison did not run) would draw a page without speedups.
void check_baseline(const report::CompareTable& table, const ReportCli& o) {
  if (o.baseline.empty()) return;
  const std::vector<std::string> policies = report::compare_policies(table);
  if (std::ranges::find(policies, o.baseline) != policies.end()) return;
  throw InputError({"--baseline " + o.baseline, 0, 0},
                   fmt::format("baseline '{}' is not one of the policies in {}: {}", o.baseline,
                               o.input, fmt::join(policies, ", ")));
}

int report_command(const ReportCli& o) {
  const std::string output = o.output.empty() ? default_output(o.input) : o.output;
  check_output_paths({{"the report's input", o.input}, {"the input trace", o.trace}},
                     {{o.output.empty() ? "the default output" : "-o", output}});
  OutputFile html(output, "HTML report");  // first: a bad path fails before any work
  const std::string text = read_input_file(o.input);
  check_utf8(text, o.input);
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) {
    throw InputError({o.input, 0, 0},
                     "the file is empty: expected the JSON of `aqlsim run --json` or the CSV of "
                     "`aqlsim compare --csv`");
  }
  if (text[first] == '{') {
    if (!o.baseline.empty()) {
      throw InputError({"--baseline " + o.baseline, 0, 0},
                       "--baseline goes with a comparison's CSV, not a run's JSON");
    }
    const report::RunResult run = report::parse_run_result(text, o.input);
    std::unique_ptr<report::TraceSummary> trace;
    if (!o.trace.empty()) {
      trace = std::make_unique<report::TraceSummary>(read_trace(o.trace, run));
      report::check_same_run(*trace, o.trace, run, o.input);
    }
    html.stream() << report::run_page(run, o.input, trace.get(), o.trace);
  } else {
    if (!o.trace.empty()) {
      throw InputError({"--trace " + o.trace, 0, 0},
                       "--trace goes with a run's JSON result, not a comparison's CSV");
    }
    const report::CompareTable table = report::parse_compare_csv(text, o.input);
    check_baseline(table, o);
    html.stream() << report::compare_page(table, o.input, o.baseline);
  }
  html.commit();
  return kExitOk;
}

}  // namespace

void add_report_command(CLI::App& app, Action& action) {
  auto o = std::make_shared<ReportCli>();
  CLI::App* cmd = app.add_subcommand(
      "report", "Write one self-contained HTML page of charts of a run or a comparison");
  cmd->add_option("input", o->input,
                  "A run's result (aqlsim run --json) or a comparison (aqlsim compare --csv)")
      ->required()
      ->type_name("RESULT.json|COMPARE.csv");
  cmd->add_option(
         "--trace", o->trace,
         "The run's trace (aqlsim run or hip run --trace): adds the slot mapping (not for a "
         "measured run) and CU occupancy")
      ->type_name("TRACE.json")
      ->check(non_empty_path());
  add_output_option(*cmd, "-o,--output", o->output, "The HTML file (default: INPUT with .html)");
  cmd->add_option("--baseline", o->baseline,
                  "For a comparison: the policy speedups are measured against (default: the "
                  "file's first)")
      ->check(non_empty("name", "a policy name"));
  cmd->callback([&action, o] { action = [o] { return report_command(*o); }; });
}

}  // namespace aqlsim::cli
