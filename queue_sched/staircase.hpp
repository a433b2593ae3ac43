#pragma once
// The staircase model of Pai et al. §3.1, equation 1: N work-groups of one kernel on one CU,
// R resident at a time, each taking t, finish after ceil(N / R) steps of t.
#include <cstdint>

#include "hsa_model/time.hpp"

namespace aqlsim {

constexpr Tick staircase_runtime(std::uint64_t workgroups, std::uint32_t residency, Tick t) {
  const std::uint64_t steps = (workgroups + residency - 1) / residency;
  return scaled_duration(steps, t);
}

}  // namespace aqlsim
