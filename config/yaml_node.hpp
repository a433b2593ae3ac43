#pragma once
// A strict, location-aware view of a yaml-cpp node. Every accessor that finds the wrong shape,
// an unknown key or a value of the wrong type throws InputError naming file, line and column,
// the key path and what was expected.
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/input_error.hpp"
#include "hsa_model/time.hpp"

namespace aqlsim {

// Where a document came from, shared by all of its nodes.
struct YamlSource {
  SourceFile file;
  // Canonical key paths replaced by --set, mapped to the option text, so that an error in an
  // overridden value points at the option rather than at the file.
  std::map<std::string, std::string> overrides;
  // Canonical key paths of the maps and lists an override copied (config/overrides.cpp), mapped
  // to where the original was in the file: a copy has no mark of its own.
  std::map<std::string, YAML::Mark> marks;
  // Canonical key paths that an override assigned (not the maps it created on the way), mapped
  // to the assignment: a second override of the same entry is an error.
  std::map<std::string, std::string> assigned;
};

class YamlNode {
 public:
  YamlNode(YAML::Node node, std::shared_ptr<const YamlSource> source, std::string path);

  const YAML::Node& raw() const { return node_; }
  const std::string& path() const { return path_; }
  const YamlSource& source() const { return *source_; }
  SourceLocation location() const;
  [[noreturn]] void fail(const std::string& message) const;
  // " (at 'path')", as fail adds to a message; empty at the document's root.
  std::string where() const;

  bool is_map() const { return node_.IsMap(); }
  bool is_scalar() const { return node_.IsScalar(); }

  // Shape checks; `what` names the thing expected ("a map of device settings").
  void expect_map(std::string_view what) const;
  void expect_sequence(std::string_view what) const;
  // Rejects keys not in `allowed`, suggesting the nearest allowed key.
  void allow_keys(std::initializer_list<std::string_view> allowed) const;
  void allow_keys(const std::vector<std::string>& allowed) const;

  bool has(std::string_view key) const;
  std::optional<YamlNode> get(std::string_view key) const;
  // The key itself, for an error about the key rather than its value.
  std::optional<YamlNode> key_of(std::string_view key) const;
  YamlNode require(std::string_view key) const;
  std::vector<YamlNode> elements() const;                         // sequence items
  std::vector<std::pair<std::string, YamlNode>> entries() const;  // map entries, in file order

  std::string scalar() const;  // the text of a scalar (error if not a scalar)
  std::string as_string() const;
  std::string as_identifier() const;  // non-empty, no spaces or dots
  bool as_bool() const;
  std::int64_t as_int(std::int64_t min, std::int64_t max) const;
  double as_double(double min, double max) const;
  Tick as_duration(double clock_mhz) const;

  // Convenience: the value under `key`, or `fallback` when absent.
  std::string string_or(std::string_view key, std::string fallback) const;
  bool bool_or(std::string_view key, bool fallback) const;
  std::int64_t int_or(std::string_view key, std::int64_t fallback, std::int64_t min,
                      std::int64_t max) const;
  double double_or(std::string_view key, double fallback, double min, double max) const;
  Tick duration_or(std::string_view key, Tick fallback, double clock_mhz) const;

 private:
  std::string child_path(std::string_view key) const;
  // allow_keys' error about `key` (given twice, or not allowed): built only when there is one.
  [[noreturn, gnu::cold]] void reject_key(const YAML::Node& key_yaml, const std::string& key,
                                          const std::vector<std::string>& allowed,
                                          bool repeated) const;

  YAML::Node node_;
  std::shared_ptr<const YamlSource> source_;
  std::string path_;
  std::optional<YAML::Mark> mark_;  // where to report this node, when not its own mark
};

// Parse only; syntax errors become InputError with the parser's line and column.
YAML::Node parse_yaml_text(const std::string& text, const std::string& name);
YAML::Node parse_yaml_file(const std::string& path);

// Parse and wrap a whole document.
YamlNode load_yaml_file(const std::string& path);
YamlNode load_yaml_text(const std::string& text, const std::string& name);

}  // namespace aqlsim
