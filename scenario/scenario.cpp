#include "scenario/scenario.hpp"

#include <algorithm>

namespace aqlsim {

const KernelProfile* Scenario::find_kernel(const std::string& name) const {
  const auto it = std::find_if(kernels.begin(), kernels.end(),
                               [&](const KernelProfile& k) { return k.name == name; });
  return it == kernels.end() ? nullptr : &*it;
}

}  // namespace aqlsim
