#include "config/source_file.hpp"

#include <mutex>
#include <unordered_set>

namespace aqlsim {
namespace {

// Every name ever given, kept for the life of the process (a run names a few files; a node of
// an unordered_set never moves). Loads run on several threads under `compare --jobs`.
const std::string* intern(std::string_view name) {
  static std::mutex mutex;
  static auto* names = new std::unordered_set<std::string>();  // never destroyed: see above
  const std::lock_guard lock(mutex);
  return &*names->emplace(name).first;
}

}  // namespace

SourceFile::SourceFile() : SourceFile(std::string_view()) {}

SourceFile::SourceFile(std::string_view name) : name_(intern(name)) {}

}  // namespace aqlsim
