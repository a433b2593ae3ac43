// The same workload and seed give byte-identical results, through the program and in-process;
// another seed draws other work-group durations (the quickstart's kernels have rsd 0.1).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "report/chrome_trace.hpp"
#include "report/json_report.hpp"
#include "scenario/load_scenario.hpp"
#include "scenario/runner.hpp"
#include "tests/support/cli_fixture.hpp"
#include "tests/support/test_directory.hpp"

namespace aqlsim {
namespace {

namespace fs = std::filesystem;

using testing::kQuickstart;
using testing::read_file;

class Determinism : public testing::TestDirectory {
 protected:
  Determinism() : TestDirectory("aqlsim_determinism_") {}

  // `aqlsim run quickstart --seed SEED --json OUT ARGS`; returns the file's bytes.
  std::string run_cli(int seed, const std::string& name, const std::string& args = "") const {
    const fs::path out = dir_ / name;
    // timeout: a hang fails the test (status 124) instead of stalling the suite.
    const std::string command = std::string("timeout 60 '") + AQLSIM_BINARY + "' run -q '" +
                                kQuickstart + "' --seed " + std::to_string(seed) + " --json '" +
                                out.string() + "'" + args + " 2>'" +
                                (dir_ / "stderr.txt").string() + "'";
    const int raw = std::system(command.c_str());
    EXPECT_TRUE(WIFEXITED(raw) && WEXITSTATUS(raw) == 0) << read_file(dir_ / "stderr.txt");
    return read_file(out);
  }
};

TEST_F(Determinism, SameSeedGivesByteIdenticalJson) {
  const std::string first = run_cli(42, "first.json");
  const std::string second = run_cli(42, "second.json");
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(first, second);
}

TEST_F(Determinism, AnotherSeedChangesEveryKernelsEndTime) {
  const auto one = nlohmann::json::parse(run_cli(42, "a.json"));
  const auto other = nlohmann::json::parse(run_cli(43, "b.json"));
  ASSERT_EQ(one.at("kernels").size(), 4u);
  ASSERT_EQ(other.at("kernels").size(), 4u);
  for (const auto& k : one.at("kernels")) {
    for (const auto& m : other.at("kernels")) {
      if (m.at("name") != k.at("name")) continue;
      EXPECT_NE(k.at("end_us").get<double>(), m.at("end_us").get<double>()) << k.at("name");
    }
  }
}

TEST_F(Determinism, InProcessRunsGiveIdenticalJsonAndTraces) {
  Scenario scenario = load_scenario(kQuickstart);
  scenario.seed = 42;
  const auto run_once = [&](std::string& trace_text) {
    std::ostringstream trace_out;
    ChromeTraceWriter trace(
        trace_out, [&](QueueId q, std::uint64_t i) { return scenario.queues[q].packets[i].name; },
        true);
    RunOptions options;
    options.observers.push_back(&trace);
    options.predict_beside_policy = true;  // as `aqlsim run --predictions` does
    options.record_predictions = true;
    const RunReport report = run_scenario(scenario, options);
    trace.finish();
    trace_text = trace_out.str();
    std::ostringstream json;
    JsonOptions json_options;
    json_options.predictions = true;
    write_run_json(json, scenario, report, json_options);
    return json.str();
  };
  std::string first_trace;
  std::string second_trace;
  const std::string first = run_once(first_trace);
  const std::string second = run_once(second_trace);
  EXPECT_EQ(first, second);
  EXPECT_EQ(first_trace, second_trace);
  // The program writes the same bytes for the same file and seed.
  EXPECT_EQ(first, run_cli(42, "cli.json", " --predictions"));
}

}  // namespace
}  // namespace aqlsim
