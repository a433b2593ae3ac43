#pragma once
// CSV fields as RFC 4180 has them: the writer quotes only a field that needs it (a comma, a
// quote, CR or LF), so that plain fields are written as they are; the reader takes both.
#include <string>
#include <string_view>
#include <vector>

namespace aqlsim::report {

// TEXT as one CSV field: unchanged, or in quotes with each quote doubled.
std::string csv_field(std::string_view text);

struct CsvField {
  std::string text;  // unquoted
  int line = 0;      // where the field starts, 1-based
  int column = 0;
};
using CsvRecord = std::vector<CsvField>;

// The records of TEXT, the file NAME; a CR before a record's LF and blank lines at the end are
// dropped. Throws InputError at an unterminated quoted field, a quote inside an unquoted field
// or text after a closing quote.
std::vector<CsvRecord> parse_csv(std::string_view text, const std::string& name);

}  // namespace aqlsim::report
