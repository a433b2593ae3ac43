#include "tests/support/simulate.hpp"

#include "taskgraph/graph_section.hpp"

namespace aqlsim::testing {

const KernelState& Simulation::kernel(const std::string& name) {
  for (const KernelState& k : gpu().kernels()) {
    if (scenario.queues[k.queue].packets[k.packet_index].name == name) return k;
  }
  ADD_FAILURE() << "no kernel launched from packet " << name;
  static const KernelState none;
  return none;
}

std::unique_ptr<Simulation> simulate(const Scenario& scenario,
                                     std::vector<ModelObserver*> observers,
                                     std::unique_ptr<KernelScheduler> kernel_scheduler) {
  auto sim = std::make_unique<Simulation>();
  sim->scenario = scenario;
  observers.insert(observers.begin(), &sim->checker);
  sim->model = build_model(
      sim->scenario, {.observers = observers, .isolated_runtimes = {}, .worker_profiles = {}});
  if (kernel_scheduler) sim->gpu().set_kernel_scheduler(std::move(kernel_scheduler));
  sim->outcome = sim->gpu().run();
  if (sim->outcome.status == RunStatus::completed) {
    sim->checker.expect_clean_finish(sim->gpu(), sim->gpu().signals());
  }
  return sim;
}

std::unique_ptr<Simulation> simulate(const std::string& yaml,
                                     const std::vector<std::string>& overrides,
                                     std::vector<ModelObserver*> observers) {
  return simulate(taskgraph::load_workload_text(yaml, "test.yaml", overrides),
                  std::move(observers));
}

RunReport run_checked(const Scenario& scenario) {
  InvariantChecker checker;
  RunOptions options;
  options.observers.push_back(&checker);
  options.record_predictions = true;  // a checked run reports everything it can
  RunReport report = run_scenario(scenario, options);
  if (report.outcome.status == RunStatus::completed) checker.check_completed();
  return report;
}

}  // namespace aqlsim::testing
