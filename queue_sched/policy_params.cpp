#include "queue_sched/policy_params.hpp"

#include <stdexcept>

namespace aqlsim {

PolicyParams::PolicyParams(const std::vector<ParamSpec>& specs,
                           std::map<std::string, double> values) {
  for (const ParamSpec& spec : specs)
    values_.emplace(std::string(spec.name), spec.default_value);
  for (auto& [name, value] : values)
    values_[name] = value;
}

double PolicyParams::get(std::string_view name) const {
  const auto it = values_.find(name);
  if (it == values_.end())
    throw std::logic_error("undeclared policy parameter " + std::string(name));
  return it->second;
}

}  // namespace aqlsim
