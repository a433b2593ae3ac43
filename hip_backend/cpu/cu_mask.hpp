#pragma once
// A queue's CU mask: one entry per CU, 1 = enabled; empty: every CU.
#include <cstdint>
#include <vector>

namespace aqlsim::hip::cpu {

inline bool cu_enabled(const std::vector<std::uint8_t>& mask, std::uint32_t cu) {
  return mask.empty() || (cu < mask.size() && mask[cu] != 0);
}

}  // namespace aqlsim::hip::cpu
