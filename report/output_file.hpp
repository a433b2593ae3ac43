#pragma once
// An output file that is there complete or not at all. It is opened before the work starts (so
// a bad path fails at once, not after a long run), written to a temporary file beside its
// final name, and renamed over it only by commit(), after the data has been flushed and
// checked. Destroyed without commit() (an error, an exception), or interrupted by SIGINT or
// SIGTERM, it removes the temporary file and leaves any earlier file of that name untouched.
// A symbolic link is written through: the file it leads to is replaced, and the link kept. Paths
// that are not regular files (a pipe, /dev/full) and descriptors (/dev/fd/N, even when they lead
// to a regular file) are written in place; /dev/stdout and /dev/stderr through std::cout and
// std::cerr, after what the program printed there before.
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>

namespace aqlsim {

// Writing an output failed after it was opened (a full disk, an I/O error).
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The file that writing `path` replaces: `path`, or the end of its chain of symbolic links
// (renaming onto a link would replace the link, not its file). nullopt when the chain passes
// through /proc, as /dev/stdout and /dev/fd/N do: it names a descriptor the program was handed,
// to be written in place.
std::optional<std::filesystem::path> file_behind_links(std::filesystem::path path);

class OutputFile {
 public:
  // `what` names the file in messages ("JSON", "trace"). Throws InputError when the file
  // cannot be created (no such directory, no permission, a directory of that name).
  OutputFile(std::string path, std::string what);
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();

  std::ostream& stream();
  const std::string& path() const { return path_; }
  // Flushes, checks every write succeeded and moves the file into place; throws OutputError.
  void commit();

 private:
  void discard();

  std::string path_;
  std::string what_;
  std::string replaced_;   // the file renamed over: path_, or the file its links lead to
  std::string temporary_;  // empty when writing in place
  std::ofstream out_;
  std::ostream* standard_stream_ = nullptr;  // std::cout or std::cerr when the path names it
  bool committed_ = false;
};

}  // namespace aqlsim
