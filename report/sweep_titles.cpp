#include "report/sweep_titles.hpp"

#include <algorithm>
#include <string_view>

namespace aqlsim::report {
namespace {

// The last `n` dot-separated segments of `key` (all of it if it has no more).
std::string_view last_segments(std::string_view key, std::size_t n) {
  std::size_t start = key.size();
  for (; n > 0; --n) {
    const std::size_t dot = start == 0 ? std::string_view::npos : key.rfind('.', start - 1);
    if (dot == std::string_view::npos) return key;
    start = dot;
  }
  return key.substr(start + 1);
}

}  // namespace

std::vector<std::string> sweep_titles(const std::vector<std::string>& keys) {
  std::vector<std::string> titles;
  for (const std::string& key : keys) {
    std::size_t n = 1;
    const auto shared = [&](const std::string& other) {
      return &other != &key && last_segments(other, n) == last_segments(key, n);
    };
    while (last_segments(key, n) != key && std::ranges::any_of(keys, shared))
      ++n;
    titles.emplace_back(last_segments(key, n));
  }
  return titles;
}

}  // namespace aqlsim::report
