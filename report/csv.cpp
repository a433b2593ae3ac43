#include "report/csv.hpp"

#include "config/input_error.hpp"

namespace aqlsim::report {

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

std::vector<CsvRecord> parse_csv(std::string_view text, const std::string& name) {
  std::vector<CsvRecord> records;
  int line = 1;
  std::size_t line_start = 0;  // offset of the current line in TEXT
  std::size_t i = 0;
  const auto column = [&](std::size_t at) { return static_cast<int>(at - line_start) + 1; };
  const auto newline = [&](std::size_t at) {
    ++line;
    line_start = at + 1;
  };
  CsvRecord record;
  for (;;) {
    CsvField field{{}, line, column(i)};
    if (i < text.size() && text[i] == '"') {
      const std::size_t open = i++;
      for (;; ++i) {
        if (i == text.size()) {
          throw InputError({name, field.line, field.column},
                           "a quoted field that does not end (a truncated file?)");
        }
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            field.text += '"';
            ++i;
            continue;
          }
          ++i;
          break;
        }
        if (text[i] == '\n') newline(i);
        field.text += text[i];
      }
      const bool ends = i == text.size() || text[i] == ',' || text[i] == '\n' ||
                        (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n');
      if (!ends) {
        throw InputError({name, line, column(i)},
                         "text after the closing quote of the field at column " +
                             std::to_string(column(open)) + " (a quote inside is written \"\")");
      }
    } else {
      const std::size_t end = std::min(text.find_first_of(",\n", i), text.size());
      std::string_view raw = text.substr(i, end - i);
      if (end < text.size() && text[end] == '\n' && raw.ends_with('\r')) raw.remove_suffix(1);
      if (const std::size_t quote = raw.find('"'); quote != std::string_view::npos) {
        throw InputError({name, line, column(i + quote)},
                         "a quote inside an unquoted field: quote the whole field and write the "
                         "quote \"\"");
      }
      field.text = raw;
      i = end;
    }
    record.push_back(std::move(field));
    if (i < text.size() && text[i] == '\r') ++i;
    if (i < text.size() && text[i] == ',') {
      ++i;
      continue;
    }
    records.push_back(std::move(record));
    record.clear();
    if (i == text.size()) break;
    newline(i++);  // the LF
    if (i == text.size()) break;
  }
  const auto blank = [](const CsvRecord& r) { return r.size() == 1 && r[0].text.empty(); };
  while (!records.empty() && blank(records.back()))
    records.pop_back();
  return records;
}

}  // namespace aqlsim::report
