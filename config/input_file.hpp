#pragma once
// Reading an input file: once, whole, into memory (a FIFO or a pipe can be read only once), at
// most limits::kMaxInputFileBytes. Every reader parses the text this returns; the parsers'
// text entry points (parse_yaml_text, load_graph_dot_text, load_graph_stg_text) check that it
// is UTF-8.
#include <string>

namespace aqlsim {

// Throws InputError naming `path` when it cannot be opened or read, is a directory, or is
// larger than the limit. Lines end as an editor counts them, at \n, \r\n or a lone \r: the
// text comes back through with_lone_cr_as_lf, so that every reader counts the same lines.
std::string read_input_file(const std::string& path);

// `text` with each \r that no \n follows (old Mac line ends) made a \n: no reader here takes
// a lone \r for a line end (yaml-cpp takes it for a character of the line, although YAML
// counts it as a line break), so errors would be placed on the wrong line.
std::string with_lone_cr_as_lf(std::string text);

}  // namespace aqlsim
