#pragma once
// Strict integers for every number aqlsim reads (YAML values, command-line options): the whole
// text, decimal or 0x hexadecimal, with no wrap-around, saturation or stray characters.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace aqlsim {

// The value of `text` when it is an integer in [min, max]. A sign may precede decimal digits
// only; "", " 1", "+1", "1.0", "0x-1" and out-of-range values give nullopt.
std::optional<std::int64_t> parse_integer(std::string_view text, std::int64_t min,
                                          std::int64_t max);

// "" when `text` is an integer in [min, max], else a message such as "expected a seed from 0
// to 10, found 'x'" (`what`: "a seed"), for command-line validators.
std::string integer_error(std::string_view text, std::int64_t min, std::int64_t max,
                          std::string_view what);

// Whether `text` is an integer at all (to tell "not a number" from "out of range").
bool is_integer_text(std::string_view text);

}  // namespace aqlsim
