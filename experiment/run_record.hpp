#pragma once
// One run's summary as one line of text, exactly: the form in which MPI ranks send their runs
// to rank 0 and shard files keep them for `aqlsim merge`. Numbers are written in the shortest
// form that reads back to the same double, so summaries made from decoded runs are the
// summaries `compare --jobs 1` prints, to the last digit. Text fields are percent-encoded, so
// a field never holds the separators (',' between fields, ';' and '=' in the applications).
#include <string>
#include <string_view>
#include <vector>

#include "config/input_error.hpp"
#include "experiment/compare.hpp"

namespace aqlsim {

// The column titles of a record line, for `sweep_keys` swept keys (themselves encoded).
std::string run_record_header(const std::vector<std::string>& sweep_keys);

// The line of a run, without its newline.
std::string encode_run(const RunSummary& run);

// Reads a line made by encode_run for `sweep_keys` keys; throws InputError at the column of
// the first bad field of `where` (a file and line).
RunSummary decode_run(std::string_view line, std::size_t sweep_keys, const SourceLocation& where);

// The lines of a text of records, without their line ends ("\n" or "\r\n"); no empty last line.
std::vector<std::string_view> record_lines(std::string_view text);

// Percent-encoding of the bytes that would break a record or a shard header (%, ',', ';', '=',
// space, control bytes), and its inverse; decode_text throws InputError at `where`.
std::string encode_text(std::string_view text);
std::string decode_text(std::string_view text, const SourceLocation& where);

}  // namespace aqlsim
