#pragma once
// UTF-8 validation of user input: every text aqlsim reads (workloads, includes, experiments,
// DOT, STG, YAML graphs, --set values) must be valid UTF-8, so that what it prints and writes
// (JSON above all) is too.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "config/input_error.hpp"

namespace aqlsim {

// The offset of the first byte that does not begin a well-formed UTF-8 sequence (RFC 3629:
// no overlong encodings, no surrogates U+D800..U+DFFF, nothing above U+10FFFF, no truncated
// sequence); nullopt when `text` is valid.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

// Throws InputError at `name`:line:column of the first invalid byte (the column counts
// characters, 1-based), naming the byte.
void check_utf8(std::string_view text, const std::string& name);

// check_utf8, and the same for the first control character other than a tab, a form feed, a
// line feed or a carriage return (a NUL, an escape, DEL): for the files written by hand.
void check_text(std::string_view text, const std::string& name);

// `text` with every byte that is not part of valid UTF-8 written as \xHH, for messages.
std::string escape_invalid_utf8(std::string_view text);

// `text` as a message quotes it: its first 60 characters (never part of one), then "..." and
// how long it is when it is longer. A whole file read where a value was expected, or a value of
// 300 KB, was echoed in full.
std::string excerpt(std::string_view text);

// Throws InputError at `where` (an option's text, say) if `text` is not valid UTF-8.
void check_utf8_at(std::string_view text, const SourceLocation& where);

}  // namespace aqlsim
