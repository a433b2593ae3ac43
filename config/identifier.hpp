#pragma once
// The one rule for names that other names are built from (queues, packets, kernels, tasks):
// a lowered task's packets are named `TASK.wait0` and the like, and names are listed with
// spaces in messages and tables, so a name is not empty and holds no space, dot or control
// character (tab, newline, carriage return, NUL, DEL...), nor any other character that is
// invisible or moves text (breaks_a_name), which would break a table's columns or a terminal.
#include <cstddef>
#include <string>
#include <string_view>

namespace aqlsim {

inline constexpr std::string_view kIdentifierRule =
    "a name without spaces, dots or control characters";

// Characters beyond ASCII that break a name as a space or a control character does, invisible
// or moving the text around them: C1 controls, no-break and other spaces, zero-width
// characters, line and paragraph separators, bidirectional controls and the byte-order mark.
// Two names that print alike, or a table whose columns no longer line up, follow from them.
inline bool breaks_a_name(char32_t c) {
  return (c >= 0x80 && c <= 0xA0) || c == 0x1680 || (c >= 0x2000 && c <= 0x200F) ||
         (c >= 0x2028 && c <= 0x202F) || (c >= 0x205F && c <= 0x206F) || c == 0x3000 || c == 0xFEFF;
}

// The character that starts at text[i], and its length in bytes: ASCII, or a well-formed
// sequence of two or three bytes (every character breaks_a_name lists is one of those). Any
// other byte stands for itself, as U+FFFD, one byte long: UTF-8 is checked elsewhere.
struct LeadingCharacter {
  char32_t code;
  std::size_t bytes;
};
inline LeadingCharacter character_at(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const auto follows = [&](std::size_t k) { return k < text.size() && (byte(k) & 0xC0) == 0x80; };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) return {b0, 1};
  if ((b0 & 0xE0) == 0xC0 && follows(i + 1))
    return {static_cast<char32_t>((b0 & 0x1F) << 6 | (byte(i + 1) & 0x3F)), 2};
  if ((b0 & 0xF0) == 0xE0 && follows(i + 1) && follows(i + 2)) {
    return {
        static_cast<char32_t>((b0 & 0x0F) << 12 | (byte(i + 1) & 0x3F) << 6 | (byte(i + 2) & 0x3F)),
        3};
  }
  return {0xFFFD, 1};
}

inline bool breaks_a_name_in_ascii(char32_t c) {
  return c == ' ' || c == '.' || c < 0x20 || c == 0x7F;
}

inline bool is_identifier(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const LeadingCharacter c = character_at(text, i);
    if (breaks_a_name_in_ascii(c.code) || breaks_a_name(c.code)) return false;
    i += c.bytes;
  }
  return !text.empty();
}

// `text` with each control character written as \xNN, and each other character that
// breaks_a_name as \uNNNN, so that a message can show a name that breaks the rule.
inline std::string printable(std::string_view text) {
  constexpr std::string_view kHex = "0123456789ABCDEF";
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const LeadingCharacter c = character_at(text, i);
    const bool control = c.code < 0x20 || c.code == 0x7F;
    if (!control && !breaks_a_name(c.code)) {
      out += text.substr(i, c.bytes);
    } else {
      out += control ? "\\x" : "\\u";
      for (int shift = control ? 4 : 12; shift >= 0; shift -= 4)
        out += kHex[(c.code >> shift) & 0xF];
    }
    i += c.bytes;
  }
  return out;
}

}  // namespace aqlsim
