#pragma once
// Real numbers as every reader of costs and factors takes them: the whole text, as
// std::from_chars reads it (no leading '+' or spaces), where a number too large or too small
// for a double is still a number, so that the caller can say it is out of its range rather than
// "not a number".
#include <optional>
#include <string_view>

namespace aqlsim {

// The value of `text` when it is a finite number or one beyond a double's range (then +-inf
// when too large, +-0 or a subnormal when too small: 1e400, 1e-400, or 400 digits); nullopt
// for anything else, "nan" and "inf" included.
std::optional<double> parse_real(std::string_view text);

}  // namespace aqlsim
