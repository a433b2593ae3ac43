#pragma once
// Reading an input file: once, whole, into memory (a FIFO or a pipe can be read only once), at
// most limits::kMaxInputFileBytes. Every reader parses the text this returns; the parsers'
// text entry points (parse_yaml_text, load_graph_dot_text, load_graph_stg_text) check that it
// is UTF-8.
#include <string>

namespace aqlsim {

// Throws InputError naming `path` when it cannot be opened or read, is a directory, or is
// larger than the limit.
std::string read_input_file(const std::string& path);

}  // namespace aqlsim
