#pragma once
// The file (or other origin, such as "--set device.cus=4") a value was read from, as every
// SourceLocation keeps it. Interned: the million tasks of a graph file, and the packets lowered
// from them, share one copy of its path instead of each allocating its own (at 1M tasks under
// out/scale/ that was 1.3 s and 160 MB).
#include <ostream>
#include <string>
#include <string_view>

namespace aqlsim {

class SourceFile {
 public:
  SourceFile();  // ""
  // Implicit: anything naming a file is one.
  SourceFile(std::string_view name);  // NOLINT(google-explicit-constructor)
  SourceFile(const std::string& name) : SourceFile(std::string_view(name)) {}  // NOLINT
  SourceFile(const char* name) : SourceFile(std::string_view(name)) {}         // NOLINT

  const std::string& str() const { return *name_; }
  operator const std::string&() const { return *name_; }  // NOLINT
  bool empty() const { return name_->empty(); }

  // Interned: the same name is the same copy.
  friend bool operator==(const SourceFile& a, const SourceFile& b) { return a.name_ == b.name_; }
  friend bool operator==(const SourceFile& a, std::string_view b) { return *a.name_ == b; }
  friend bool operator==(const SourceFile& a, const std::string& b) { return *a.name_ == b; }
  friend bool operator==(const SourceFile& a, const char* b) { return *a.name_ == b; }
  friend std::ostream& operator<<(std::ostream& out, const SourceFile& f) {
    return out << *f.name_;
  }

 private:
  const std::string* name_;  // in the process's table of names, never freed
};

}  // namespace aqlsim
