#pragma once
// Workloads over workloads/kernels/ercbench.yaml (Pai et al. tables 2-3) on the gtx480 preset.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "scenario/load_scenario.hpp"

namespace aqlsim::testing {

inline constexpr std::array<const char*, 8> kErcbenchKernels{"aes_d",  "aes_e",  "nlm2", "jpeg_d",
                                                             "jpeg_e", "render", "sad",  "sha1"};

// Pai et al. tables 2 and 3, as the paper prints them.
struct Table23 {
  const char* kernel;
  std::uint32_t residency;  // table 2, R
  double runtime_cycles;    // table 3, simulator runtime
};

inline constexpr Table23 kTable23[] = {
    {"aes_d", 6, 234154}, {"aes_e", 6, 226335},  {"nlm2", 8, 692686}, {"jpeg_d", 8, 24853},
    {"jpeg_e", 8, 25383}, {"render", 5, 416563}, {"sad", 8, 441297},  {"sha1", 8, 22224223},
};

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
