#include "config/parse_real.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace aqlsim {

std::optional<double> parse_real(std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || stop != end) return std::nullopt;
  // from_chars leaves the value unset when it is out of range; strtod (in the "C" locale, which
  // aqlsim never changes) rounds it to inf or towards 0 instead.
  if (ec == std::errc::result_out_of_range) return std::strtod(std::string(text).c_str(), nullptr);
  if (ec != std::errc{} || !std::isfinite(value)) return std::nullopt;
  return value;
}

}  // namespace aqlsim
