#pragma once
// Numeric parameters of a policy, declared with a default, a range and a line of help, so the
// YAML loader can check them and the README can list them.
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace aqlsim {

// What a policy declares about itself, beside its implementation, as
// `static constexpr PolicyTraits kTraits{...}`: the registry lists it from there, so a policy's
// name is written once.
struct PolicyTraits {
  std::string_view name;
  std::string_view summary;  // one line, for `aqlsim policies`
  // Oracle policies are given each kernel's isolated runtime (KernelState::isolated_runtime).
  bool needs_isolated_runtimes = false;
  // Policies driven by a runtime predictor publish its predictions themselves; for the others
  // the runner can attach the Simple Slicing predictor from outside (RunOptions).
  bool publishes_predictions = false;
  // Kernel schedulers that size kernels are given each dispatch's runtime with 1, 2, ...
  // persistent workers per CU (KernelScheduler::on_worker_profiles).
  bool needs_worker_profiles = false;
  // Kernel schedulers that never take a kernel off the device: the `drain` mechanism then asks
  // nothing of their kernels (they need not be persistent-thread kernels).
  bool never_evicts = false;
};

struct ParamSpec {
  std::string_view name;
  double default_value = 0;
  double min = 0;
  double max = 0;
  bool integer = false;
  std::string_view help;
};

class PolicyParams {
 public:
  PolicyParams() = default;
  PolicyParams(const std::vector<ParamSpec>& specs, std::map<std::string, double> values);

  // The value given for `name`, else its declared default.
  double get(std::string_view name) const;

 private:
  std::map<std::string, double, std::less<>> values_;
};

}  // namespace aqlsim
