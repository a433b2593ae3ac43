#pragma once
// Test helpers: load a workload from YAML text, run it with the invariant checker attached,
// and give the test the model to inspect.
#include <memory>
#include <string>
#include <vector>

#include "hsa_model/gpu.hpp"
#include "scenario/build_model.hpp"
#include "scenario/load_scenario.hpp"
#include "scenario/runner.hpp"
#include "tests/support/invariant_checker.hpp"

namespace aqlsim::testing {

struct Simulation {
  Scenario scenario;
  BuiltModel model;
  InvariantChecker checker;
  RunOutcome outcome;

  Gpu& gpu() { return *model.gpu; }
  // The kernel launched from packet `name`; fails the test if there is none.
  const KernelState& kernel(const std::string& name);
};

// Runs the workload (which may have a `graph:` section); on a completed run also checks the
// end-of-run invariants.
std::unique_ptr<Simulation> simulate(const std::string& yaml,
                                     const std::vector<std::string>& overrides = {},
                                     std::vector<ModelObserver*> observers = {});
std::unique_ptr<Simulation> simulate(const Scenario& scenario,
                                     std::vector<ModelObserver*> observers = {},
                                     std::unique_ptr<KernelScheduler> kernel_scheduler = nullptr);

// run_scenario with the invariant checker attached (and its end-of-run checks after a completed
// run), keeping the predictions.
RunReport run_checked(const Scenario& scenario);

}  // namespace aqlsim::testing
