#pragma once
// Counting what a test's output contains.
#include <cstddef>
#include <string>

namespace aqlsim::testing {

// The occurrences of `part` in `text`, overlapping ones included.
inline std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

}  // namespace aqlsim::testing
