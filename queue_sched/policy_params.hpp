#pragma once
// Numeric parameters of a policy, declared with a default, a range and a line of help, so the
// YAML loader can check them and the README can list them.
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace aqlsim {

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
