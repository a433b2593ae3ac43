#pragma once
// What error messages take from nlohmann JSON: a refused value (any nlohmann JSON type), and a
// parser's exception.
#include <exception>
#include <string>
#include <string_view>

namespace aqlsim {

// Scalars as written (non-ASCII escaped), cut to 40 characters; lists and objects by kind
// only: dump() recurses once per level, and a value nested 100,000 deep overflowed the stack.
template <class Json>
std::string json_excerpt(const Json& value) {
  if (value.is_array()) return value.empty() ? "[]" : "a list";
  if (value.is_object()) return value.empty() ? "{}" : "an object";
  constexpr std::size_t kLongest = 40;
  const std::string text = value.dump(-1, ' ', true);
  return text.size() <= kLongest ? text : text.substr(0, kLongest - 3) + "...";
}

// The exception's message without its "[json.exception.out_of_range.406] " prefix.
inline std::string without_exception_id(const std::exception& e) {
  const std::string_view message = e.what();
  const std::size_t end = message.find("] ");
  return std::string(end == std::string_view::npos ? message : message.substr(end + 2));
}

}  // namespace aqlsim
