#include "config/utf8.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace aqlsim {
namespace {

bool continuation(unsigned char c) {
  return (c & 0xC0) == 0x80;
}

// The length of the well-formed sequence at text[i], or 0 (RFC 3629, table 3-7 of Unicode).
std::size_t sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) {
    return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0;
  };
  const unsigned char c = byte(0);
  if (c < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80;  // the range the second byte must lie in
  unsigned char high = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    length = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    length = 3;
    if (c == 0xE0) low = 0xA0;   // overlong below U+0800
    if (c == 0xED) high = 0x9F;  // surrogates U+D800..U+DFFF
  } else if (c >= 0xF0 && c <= 0xF4) {
    length = 4;
    if (c == 0xF0) low = 0x90;   // overlong below U+10000
    if (c == 0xF4) high = 0x8F;  // above U+10FFFF
  } else {
    return 0;  // a continuation byte, C0/C1 (overlong) or F5..FF
  }
  if (byte(1) < low || byte(1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k) {
    if (!continuation(byte(k))) return 0;
  }
  return length;
}

}  // namespace

std::optional<std::size_t> first_invalid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = sequence_length(text, i);
    if (length == 0) return i;
    i += length;
  }
  return std::nullopt;
}

std::string escape_invalid_utf8(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = sequence_length(text, i);
    if (length == 0) {
      out += fmt::format("\\x{:02X}", static_cast<unsigned char>(text[i]));
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

namespace {

// Where the byte at `offset` of `text` is, as an editor counts (the text before it is valid).
SourceLocation place_in(std::string_view text, std::size_t offset, const std::string& name) {
  int line = 1;
  int column = 1;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else if (!continuation(static_cast<unsigned char>(text[i]))) {
      ++column;  // one character per lead byte
    }
  }
  return {name, line, column};
}

}  // namespace

void check_utf8(std::string_view text, const std::string& name) {
  if (const auto bad = first_invalid_utf8(text)) {
    throw InputError(place_in(text, *bad, name),
                     fmt::format("invalid UTF-8 (byte 0x{:02X}); input files must be UTF-8 text",
                                 static_cast<unsigned char>(text[*bad])));
  }
}

void check_text(std::string_view text, const std::string& name) {
  check_utf8(text, name);
  // The files written by hand (YAML, which allows no other, DOT, STG, JSON Lines) hold none:
  // yaml-cpp took a NUL for the end of its input and reported another error, at a later place.
  // A form feed is white space to DOT.
  const auto control = std::ranges::find_if(text, [](char c) {
    const auto b = static_cast<unsigned char>(c);
    return (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f') || b == 0x7F;
  });
  if (control != text.end()) {
    throw InputError(place_in(text, static_cast<std::size_t>(control - text.begin()), name),
                     fmt::format("control character 0x{:02X}; input files are text (tabs, form "
                                 "feeds and line ends are the only control characters they may "
                                 "hold)",
                                 static_cast<unsigned char>(*control)));
  }
}

void check_utf8_at(std::string_view text, const SourceLocation& where) {
  if (const auto bad = first_invalid_utf8(text)) {
    throw InputError(where, fmt::format("invalid UTF-8 (byte 0x{:02X} at offset {})",
                                        static_cast<unsigned char>(text[*bad]), *bad));
  }
}

std::string excerpt(std::string_view text) {
  constexpr std::size_t kShown = 60;
  std::size_t characters = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    // A character starts at every byte that does not continue one.
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && characters++ == kShown)
      return fmt::format("{}... ({} bytes)", text.substr(0, i), text.size());
  }
  return std::string(text);
}

}  // namespace aqlsim
