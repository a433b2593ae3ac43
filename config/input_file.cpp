#include "config/input_file.hpp"

#include <fmt/format.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

#include "config/input_error.hpp"
#include "config/limits.hpp"

namespace aqlsim {
namespace {

// The texts an InputFileMemo keeps; null while none lives.
struct Memo {
  std::mutex mutex;
  std::unordered_map<std::string, std::string> texts;
};
std::atomic<Memo*> memo{nullptr};

std::string read_unmemoised(const std::string& path);

}  // namespace

InputFileMemo::InputFileMemo() {
  auto made = std::make_unique<Memo>();
  Memo* none = nullptr;
  owner_ = memo.compare_exchange_strong(none, made.get());
  if (owner_) made.release();  // else one already lives, and serves this one's lifetime too
}

InputFileMemo::~InputFileMemo() {
  if (owner_) delete memo.exchange(nullptr);
}

std::string read_input_file(const std::string& path) {
  Memo* const m = memo.load();
  std::error_code error;
  // A regular file can be read again (and is not kept: a comparison's libraries could be
  // large); a FIFO or a pipe cannot.
  if (!m || std::filesystem::is_regular_file(path, error)) return read_unmemoised(path);
  // By the file, not by how the path is spelt (`../lib.fifo` from two folders, `./lib.fifo`).
  std::string key = std::filesystem::weakly_canonical(path, error).string();
  if (error) key = path;
  const std::lock_guard lock(m->mutex);  // read once even when two runs want it at once
  if (const auto it = m->texts.find(key); it != m->texts.end()) return it->second;
  return m->texts.emplace(key, read_unmemoised(path)).first->second;
}

namespace {

std::string read_unmemoised(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InputError({path, 0, 0}, "is a directory, not a file");
  const auto too_large = [&path] {
    return InputError({path, 0, 0}, fmt::format("the file is larger than the limit of {} MiB",
                                                limits::kMaxInputFileBytes >> 20));
  };
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path, 0, 0}, "cannot open file");
  std::string text;
  // A regular file's size is known: refused unread, or read into one allocation. Other files
  // (pipes, /dev/zero) are read up to the limit, never past it.
  if (const auto size = std::filesystem::file_size(path, ec); !ec) {
    if (size > limits::kMaxInputFileBytes) throw too_large();
    text.reserve(static_cast<std::size_t>(size));
  }
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    const auto read = static_cast<std::size_t>(in.gcount());
    if (text.size() + read > limits::kMaxInputFileBytes) throw too_large();
    text.append(buffer, read);
  }
  if (in.bad()) throw InputError({path, 0, 0}, "cannot read file");
  return plain_text(std::move(text));
}

}  // namespace

std::string plain_text(std::string text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
  for (std::size_t cr = text.find('\r'); cr != std::string::npos; cr = text.find('\r', cr + 1)) {
    if (cr + 1 == text.size() || text[cr + 1] != '\n') text[cr] = '\n';
  }
  return text;
}

std::string path_beside(const std::string& file, const std::string& path) {
  const std::filesystem::path folder = std::filesystem::path(file).parent_path();
  // Standard input, /dev/fd/N or a shell's <(...) is in no folder of the user's.
  if (folder == "/dev" || folder == "/dev/fd" || folder.string().starts_with("/proc/")) return path;
  return (folder / path).string();
}

}  // namespace aqlsim
