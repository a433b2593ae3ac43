#include "hsa_model/preemption.hpp"

namespace aqlsim {

const char* preemption_mechanism_name(PreemptionMechanism mechanism) {
  switch (mechanism) {
    case PreemptionMechanism::drain:
      return "drain";
    case PreemptionMechanism::context_save:
      return "context-save";
    case PreemptionMechanism::kill:
      return "kill";
  }
  return "?";
}

std::optional<PreemptionMechanism> preemption_mechanism_named(std::string_view name) {
  for (const auto m :
       {PreemptionMechanism::drain, PreemptionMechanism::context_save, PreemptionMechanism::kill}) {
    if (name == preemption_mechanism_name(m)) return m;
  }
  return std::nullopt;
}

}  // namespace aqlsim
