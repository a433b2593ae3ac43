#include "config/parse_integer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace aqlsim {
namespace {

bool hex(std::string_view text) {
  return text.starts_with("0x") || text.starts_with("0X");
}

bool digits_only(std::string_view digits, int base) {
  return !digits.empty() && std::all_of(digits.begin(), digits.end(), [base](char c) {
    return base == 16 ? std::isxdigit(static_cast<unsigned char>(c)) != 0
                      : std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
}

}  // namespace

bool is_integer_text(std::string_view text) {
  if (hex(text)) return digits_only(text.substr(2), 16);
  if (text.starts_with('-')) text.remove_prefix(1);
  return digits_only(text, 10);
}

std::optional<std::int64_t> parse_integer(std::string_view text, std::int64_t min,
                                          std::int64_t max) {
  if (!is_integer_text(text)) return std::nullopt;
  const int base = hex(text) ? 16 : 10;
  const std::string_view digits = base == 16 ? text.substr(2) : text;
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
  if (ec != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
  if (value < min || value > max) return std::nullopt;
  return value;
}

std::string integer_error(std::string_view text, std::int64_t min, std::int64_t max,
                          std::string_view what) {
  if (parse_integer(text, min, max)) return "";
  return fmt::format("expected {} from {} to {}, found '{}'", what, min, max, text);
}

}  // namespace aqlsim
