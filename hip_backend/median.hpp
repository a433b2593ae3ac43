#pragma once
// The median the calibrations report: the upper middle value (a measured one, never an average
// of two); 0 for no values.
#include <algorithm>
#include <vector>

namespace aqlsim::hip {

template <typename T>
T median(std::vector<T> values) {
  if (values.empty()) return T{};
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

}  // namespace aqlsim::hip
