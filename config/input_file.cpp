#include "config/input_file.hpp"

#include <fmt/format.h>

#include <atomic>
#include <cassert>
#include <filesystem>
#include <fstream>
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
  Memo* none = nullptr;
  [[maybe_unused]] const bool installed = memo.compare_exchange_strong(none, new Memo);
  assert(installed && "one InputFileMemo at a time");
}

InputFileMemo::~InputFileMemo() {
  delete memo.exchange(nullptr);
}

std::string read_input_file(const std::string& path) {
  Memo* const m = memo.load();
  if (!m) return read_unmemoised(path);
  const std::lock_guard lock(m->mutex);  // a file is read once even when two runs want it
  if (const auto it = m->texts.find(path); it != m->texts.end()) return it->second;
  return m->texts.emplace(path, read_unmemoised(path)).first->second;
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
