#pragma once
// The one rule for names that other names are built from (queues, packets, kernels, tasks):
// a lowered task's packets are named `TASK.wait0` and the like, and names are listed with
// spaces in messages and tables, so a name is not empty and holds no space, dot or control
// character (tab, newline, carriage return, NUL, DEL...), which would break a table's columns or
// a terminal.
#include <algorithm>
#include <string>
#include <string_view>

namespace aqlsim {

inline constexpr std::string_view kIdentifierRule =
    "a name without spaces, dots or control characters";

inline bool is_identifier(std::string_view text) {
  const auto breaks_a_name = [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return c == ' ' || c == '.' || byte < 0x20 || byte == 0x7F;
  };
  return !text.empty() && std::none_of(text.begin(), text.end(), breaks_a_name);
}

// `text` with each control character written as \xNN, so that a message can show a name that
// breaks the rule.
inline std::string printable(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7F) {
      out += c;
      continue;
    }
    constexpr std::string_view kHex = "0123456789ABCDEF";
    out += "\\x";
    out += kHex[byte >> 4];
    out += kHex[byte & 0xF];
  }
  return out;
}

}  // namespace aqlsim
