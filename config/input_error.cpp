#include "config/input_error.hpp"

#include <fmt/format.h>

namespace aqlsim {

std::string SourceLocation::to_string() const {
  if (line <= 0) return file.str();
  if (column <= 0) return fmt::format("{}:{}", file.str(), line);
  return fmt::format("{}:{}:{}", file.str(), line, column);
}

InputError::InputError(SourceLocation where, const std::string& what)
    : std::runtime_error(fmt::format("{}: {}", where.to_string(), what)),
      where_(std::move(where)),
      detail_(what) {}

}  // namespace aqlsim
