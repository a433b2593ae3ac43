#pragma once
// Errors in user input (YAML, DOT, STG, command-line overrides). They carry the place the
// bad value came from so a message can say "file:line:column: what was expected".
#include <stdexcept>
#include <string>

#include "config/source_file.hpp"

namespace aqlsim {

struct SourceLocation {
  SourceFile file;  // a path, or a description such as "--set device.cus=4"
  int line = 0;     // 1-based; 0 when unknown
  int column = 0;   // 1-based; 0 when unknown

  std::string to_string() const;
};

class InputError : public std::runtime_error {
 public:
  InputError(SourceLocation where, const std::string& what);
  const SourceLocation& where() const { return where_; }
  // The message without the location prefix.
  const std::string& detail() const { return detail_; }

 private:
  SourceLocation where_;
  std::string detail_;
};

}  // namespace aqlsim
