#pragma once
// Workloads over workloads/kernels/ercbench.yaml (Pai et al. tables 2-3) on the gtx480 preset.
#include <array>
#include <string>
#include <vector>

#include "scenario/load_scenario.hpp"

namespace aqlsim::testing {

inline constexpr std::array<const char*, 8> kErcbenchKernels{"aes_d",  "aes_e",  "nlm2", "jpeg_d",
                                                             "jpeg_e", "render", "sad",  "sha1"};

// `queues_and_scheduling` is YAML for the sections after the kernels. The text is loaded as if
// it were a file in workloads/, so its include finds the library.
inline Scenario ercbench_scenario(const std::string& queues_and_scheduling,
                                  const std::vector<std::string>& overrides = {}) {
  const std::string yaml =
      "device: {preset: gtx480}\nkernels:\n  - include: kernels/ercbench.yaml\n" +
      queues_and_scheduling;
  return load_scenario_text(yaml, std::string(AQLSIM_SOURCE_DIR) + "/workloads/test.yaml",
                            overrides);
}

}  // namespace aqlsim::testing
