#include "report/output_file.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <utility>

#include "config/input_error.hpp"

namespace aqlsim {
namespace {

// Temporary files not yet committed, so that SIGINT and SIGTERM can remove them. Fixed
// buffers, because a signal handler may only call async-signal-safe functions (unlink).
constexpr std::size_t kMaxPending = 16;
std::array<std::array<char, 4096>, kMaxPending> pending_paths{};
std::array<volatile std::sig_atomic_t, kMaxPending> pending_used{};

extern "C" void remove_pending_and_reraise(int signal) {
  for (std::size_t i = 0; i < kMaxPending; ++i) {
    if (pending_used[i]) unlink(pending_paths[i].data());
  }
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void remember_pending(const std::string& path) {
  static const bool installed = [] {
    for (const int signal : {SIGINT, SIGTERM, SIGHUP})
      std::signal(signal, remove_pending_and_reraise);
    return true;
  }();
  (void)installed;
  if (path.size() >= pending_paths[0].size()) return;
  for (std::size_t i = 0; i < kMaxPending; ++i) {
    if (pending_used[i]) continue;
    std::memcpy(pending_paths[i].data(), path.c_str(), path.size() + 1);
    pending_used[i] = 1;
    return;
  }
}

void forget_pending(const std::string& path) {
  for (std::size_t i = 0; i < kMaxPending; ++i) {
    if (pending_used[i] && path == pending_paths[i].data()) pending_used[i] = 0;
  }
}

std::string system_reason(int error) {
  return error != 0 ? std::strerror(error) : "I/O error";
}

// Files created by the program get the usual 0666 less the umask, not mkstemp's 0600.
mode_t default_file_mode() {
  const mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

// std::cout or std::cerr when `file` is the program's standard output or error, else null.
std::ostream* standard_stream(const struct stat& file) {
  for (const auto& [fd, stream] : {std::pair<int, std::ostream*>{STDOUT_FILENO, &std::cout},
                                   std::pair<int, std::ostream*>{STDERR_FILENO, &std::cerr}}) {
    struct stat open {};
    if (fstat(fd, &open) == 0 && open.st_dev == file.st_dev && open.st_ino == file.st_ino)
      return stream;
  }
  return nullptr;
}

}  // namespace

std::optional<std::filesystem::path> file_behind_links(std::filesystem::path path) {
  namespace fs = std::filesystem;
  constexpr int kMaxLinks = 40;  // Linux's own limit (ELOOP); a loop then fails at the open
  for (int link = 0; link < kMaxLinks; ++link) {
    std::error_code error;
    const std::string directory =
        fs::weakly_canonical(fs::absolute(path, error).parent_path(), error).string();
    if (directory == "/proc" || directory.starts_with("/proc/")) return std::nullopt;
    if (!fs::is_symlink(fs::symlink_status(path, error))) return path;
    const fs::path target = fs::read_symlink(path, error);
    if (error) return path;
    path = target.is_absolute() ? target : path.parent_path() / target;
  }
  return path;
}

OutputFile::OutputFile(std::string path, std::string what)
    : path_(std::move(path)), what_(std::move(what)) {
  const auto cannot = [&](int error) {
    return InputError({path_, 0, 0},
                      fmt::format("cannot write the {} file: {}", what_, system_reason(error)));
  };
  if (path_.empty()) throw InputError({path_, 0, 0}, fmt::format("empty {} file name", what_));
  struct stat existing {};
  const bool exists = stat(path_.c_str(), &existing) == 0;
  if (exists && S_ISDIR(existing.st_mode)) throw cannot(EISDIR);
  const std::optional<std::filesystem::path> replaced = file_behind_links(path_);
  if (!replaced && exists) {
    // Opened again, it would be written from its start, over what the program prints there.
    standard_stream_ = standard_stream(existing);
    if (standard_stream_ != nullptr) return;
  }
  if (!replaced || (exists && !S_ISREG(existing.st_mode))) {
    out_.open(path_, std::ios::binary);
    if (!out_) throw cannot(errno);
    return;
  }
  const std::filesystem::path& final_path = *replaced;
  replaced_ = final_path.string();
  const std::filesystem::path directory =
      final_path.has_parent_path() ? final_path.parent_path() : std::filesystem::path(".");
  std::string name =
      (directory / fmt::format(".{}.tmp-XXXXXX", final_path.filename().string())).string();
  const int fd = mkstemp(name.data());
  if (fd < 0) throw cannot(errno);
  fchmod(fd, default_file_mode());
  close(fd);
  temporary_ = name;
  remember_pending(temporary_);
  out_.open(temporary_, std::ios::binary | std::ios::trunc);
  if (!out_) {
    const int error = errno;
    discard();
    throw cannot(error);
  }
}

OutputFile::~OutputFile() {
  if (!committed_) discard();
}

std::ostream& OutputFile::stream() {
  return standard_stream_ != nullptr ? *standard_stream_ : out_;
}

void OutputFile::commit() {
  if (standard_stream_ != nullptr) {
    errno = 0;
    if (!standard_stream_->flush()) {
      throw OutputError(
          fmt::format("{}: writing the {} file failed: {}", path_, what_, system_reason(errno)));
    }
    committed_ = true;
    return;
  }
  errno = 0;
  out_.flush();
  const int flush_error = errno;
  const bool written = static_cast<bool>(out_);
  out_.close();
  if (!written || out_.fail()) {
    discard();
    throw OutputError(fmt::format("{}: writing the {} file failed: {}", path_, what_,
                                  system_reason(flush_error)));
  }
  if (!temporary_.empty() && std::rename(temporary_.c_str(), replaced_.c_str()) != 0) {
    const int error = errno;
    discard();
    throw OutputError(fmt::format("{}: cannot move the finished {} file into place: {}", path_,
                                  what_, system_reason(error)));
  }
  forget_pending(temporary_);
  committed_ = true;
}

void OutputFile::discard() {
  if (out_.is_open()) out_.close();
  if (temporary_.empty()) return;
  unlink(temporary_.c_str());
  forget_pending(temporary_);
  temporary_.clear();
}

}  // namespace aqlsim
