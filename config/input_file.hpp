#pragma once
// Reading an input file: once, whole, into memory (a FIFO or a pipe can be read only once), at
// most limits::kMaxInputFileBytes. Every reader parses the text this returns; the parsers'
// text entry points (parse_yaml_text, load_graph_dot_text, load_graph_stg_text) check that it
// is UTF-8.
#include <string>

namespace aqlsim {

// Throws InputError naming `path` when it cannot be opened or read, is a directory, or is
// larger than the limit. The text comes back as plain_text makes it, so that every reader sees
// the same lines. While an InputFileMemo lives, a file that is not a regular file (a FIFO, a
// pipe) gives the text it gave before.
std::string read_input_file(const std::string& path);

// Makes read_input_file keep the text of each file that can be read only once (a FIFO, a pipe,
// a shell's <(...)), by the file it names, until it ends; from any thread. `compare` and
// `accuracy` load a workload, with its included libraries and imported graph, for every run: a
// FIFO was opened again, and the run waited for ever. One made while another lives does nothing.
class InputFileMemo {
 public:
  InputFileMemo();
  ~InputFileMemo();
  InputFileMemo(const InputFileMemo&) = delete;
  InputFileMemo& operator=(const InputFileMemo&) = delete;

 private:
  bool owner_ = false;
};

// `text` as every reader here takes it:
//  - without a UTF-8 byte-order mark, which Windows editors write: yaml-cpp and the JSON reader
//    skip it, but Boost's DOT reader and the STG and CSV readers took it for text;
//  - with lines that end as an editor counts them: each \r that no \n follows (old Mac text)
//    made a \n, since no reader here takes a lone \r for a line end (yaml-cpp reads it as a
//    character of the line, although YAML counts it as a line break), so errors were placed on
//    the wrong line.
std::string plain_text(std::string text);

// The file `path` names when written in `file` (an include, an import, an experiment's
// workload): relative to `file`'s folder unless absolute, or to the working folder when `file`
// is in /dev or /proc (/dev/stdin, /dev/fd/N, a shell's <(...): none of the user's files is
// there). Not tidied as text: the system resolves a `..` after the links before it,
// so `libdir/../x.yaml` with `libdir` a link opens what `cat` shows, not the `x.yaml` beside
// `libdir`.
std::string path_beside(const std::string& file, const std::string& path);

}  // namespace aqlsim
