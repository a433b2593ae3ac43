// Settings (`--set`, an experiment's `set`, sweep values) reach each entry of a workload once:
// two that reach it by different spellings, or a part of what a whole's value gives, are an
// error naming both, since one value would be lost and a sweep's rows labelled with values they
// did not run; the command line replaces an experiment's own `set`.
#include <nlohmann/json.hpp>
#include <string>

#include "tests/input/hostile_fixture.hpp"

namespace {

using namespace aqlsim::testing;

TEST_F(Hostile, EachEntryIsSetByOneSettingOnly) {
  file("ok.yaml", kKernel + kQueue);
  // The same entry by position and by name, in every command; a sweep's error is at the sweep.
  for (const char* command : {"run", "validate", "compare"}) {
    expect_rejected(
        {command, "ok.yaml", "--set", "kernels.0.wg_time=1us", "--set", "kernels.k.wg_time=2us"},
        {"--set kernels.k.wg_time=2us: reaches 'kernels.0.wg_time', as "
         "'kernels.0.wg_time=1us' does"});
  }
  expect_rejected({"compare", "ok.yaml", "--sweep", "kernels.0.wg_time=1us,2us", "--sweep",
                   "kernels.k.wg_time=3us,4us"},
                  {"--sweep kernels.k.wg_time=3us,4us: reaches 'kernels.0.wg_time'"});
  // A part of what a swept whole gives: every row would run the part's value under its own label.
  expect_rejected({"compare", "ok.yaml", "--sweep",
                   "kernels.0={name: k, wg_time: 1us},{name: k, "
                   "wg_time: 2us}",
                   "--set", "kernels.k.wg_time=3us"},
                  {"--set kernels.k.wg_time=3us: reaches 'kernels.0.wg_time', which the value of "
                   "'kernels.0={name: k, wg_time: 1us}' gives"});
  // A part the whole leaves out refines every row.
  EXPECT_EQ(aqlsim({"compare", "ok.yaml", "--no-alone", "--sweep",
                    "kernels.0={name: k, wg_time: 1us},{name: k, wg_time: 2us}", "--set",
                    "kernels.k.workgroups=3"})
                .status,
            0);
  // --seed would replace a swept seed (the rows would be labelled with seeds they did not use).
  expect_rejected({"compare", "ok.yaml", "--sweep", "seed=1,2", "--seed", "5"},
                  {"--seed 5: 'seed' is also swept"});
}

TEST_F(Hostile, TheCommandLineReplacesAnExperimentsSet) {
  file("ok.yaml", kKernel + kQueue);
  file("setonly.yaml", "experiment:\n  workload: ok.yaml\n  set: [kernels.0.wg_time=5us]\n");
  // --set replaces the experiment's `set` of the same key (the run is the workload's under the
  // command line's value); the same entry named another way is an error, not a silent winner.
  const Outcome replaced = aqlsim({"compare", "setonly.yaml", "--no-alone", "--set",
                                   "kernels.0.wg_time=7us", "--csv", "r.csv"});
  ASSERT_EQ(replaced.status, 0) << replaced.err;
  ASSERT_EQ(
      aqlsim({"run", "ok.yaml", "--no-alone", "--set", "kernels.0.wg_time=7us", "--json", "r.json"})
          .status,
      0);
  const std::string makespan = nlohmann::json::parse(read_file(at("r.json")))["makespan_us"].dump();
  EXPECT_THAT(read_file(at("r.csv")), HasSubstr("," + makespan + ","));
  // accuracy reads an experiment's set and --set as compare does.
  file("setacc.yaml",
       "experiment:\n  workload: ok.yaml\n  policies: [fifo-backfill]\n"
       "  set: [kernels.0.wg_time=5us]\n");
  const Outcome accuracy = aqlsim({"accuracy", "setacc.yaml", "--set", "kernels.0.wg_time=7us"});
  EXPECT_EQ(accuracy.status, 0) << accuracy.err;
  // A whole on the command line drops the file's parts of it, as it did when applied after them.
  file("setpart.yaml", "experiment:\n  workload: ok.yaml\n  set: [kernels.0.workgroups=9]\n");
  ASSERT_EQ(aqlsim({"compare", "setpart.yaml", "--no-alone", "--set",
                    "kernels.0={name: k, wg_time: 7us}", "--csv", "p.csv"})
                .status,
            0);
  EXPECT_THAT(read_file(at("p.csv")), HasSubstr("," + makespan + ","));
  expect_rejected({"compare", "setonly.yaml", "--set", "kernels.k.wg_time=7us"},
                  {"--set kernels.k.wg_time=7us: reaches 'kernels.0.wg_time', as "
                   "'kernels.0.wg_time=5us' does"});
}

}  // namespace
