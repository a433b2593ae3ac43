#include "config/yaml_node.hpp"

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "config/duration.hpp"
#include "config/identifier.hpp"
#include "config/input_file.hpp"
#include "config/parse_integer.hpp"
#include "config/parse_real.hpp"
#include "config/suggest.hpp"
#include "config/utf8.hpp"
#include "config/yaml_documents.hpp"

namespace aqlsim {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += ", ";
    out += item;
  }
  return out;
}

// A scalar as a message quotes it: cut short, control characters escaped.
std::string shown(std::string_view text) {
  return printable(excerpt(text));
}

std::string describe_kind(const YAML::Node& node) {
  if (node.IsMap()) return "a map";
  if (node.IsSequence()) return "a list";
  if (node.IsNull()) return "nothing";
  return fmt::format("'{}'", shown(node.Scalar()));
}

}  // namespace

YamlNode::YamlNode(YAML::Node node, std::shared_ptr<const YamlSource> source, std::string path)
    : node_(std::move(node)), source_(std::move(source)), path_(std::move(path)) {}

SourceLocation YamlNode::location() const {
  // A node given by --set, or inside a value given by one, is the option's: its mark is in the
  // option's text, not in the file.
  for (std::string_view path = path_; !source_->overrides.empty() && !path.empty();) {
    if (auto it = source_->overrides.find(std::string(path)); it != source_->overrides.end())
      return {it->second, 0, 0};
    const auto dot = path.rfind('.');
    path = dot == std::string_view::npos ? std::string_view() : path.substr(0, dot);
  }
  YAML::Mark mark = mark_.value_or(node_.Mark());
  if (const auto copied = source_->marks.find(path_);
      mark.is_null() && copied != source_->marks.end())
    mark = copied->second;
  if (mark.is_null()) return {source_->file, 0, 0};
  return {source_->file, mark.line + 1, mark.column + 1};
}

void YamlNode::fail(const std::string& message) const {
  throw InputError(location(), message + where());
}

std::string YamlNode::where() const {
  if (path_.empty()) return "";
  // A key of the file is part of the path: control characters escaped, a long one cut short.
  constexpr std::size_t kLongPath = 200;
  return fmt::format(" (at '{}')", path_.size() <= kLongPath ? printable(path_) : shown(path_));
}

void YamlNode::expect_map(std::string_view what) const {
  if (!node_.IsMap()) fail(fmt::format("expected {}, found {}", what, describe_kind(node_)));
}

void YamlNode::expect_sequence(std::string_view what) const {
  if (!node_.IsSequence()) fail(fmt::format("expected {}, found {}", what, describe_kind(node_)));
}

void YamlNode::allow_keys(std::initializer_list<std::string_view> allowed) const {
  allow_keys(std::vector<std::string>(allowed.begin(), allowed.end()));
}

void YamlNode::allow_keys(const std::vector<std::string>& allowed) const {
  expect_map("a map");
  std::set<std::string> seen;
  for (const auto& entry : node_) {
    const std::string key = entry.first.Scalar();
    const bool repeated = !seen.insert(key).second;
    if (!repeated && std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    reject_key(entry.first, key, allowed, repeated);
  }
}

void YamlNode::reject_key(const YAML::Node& key_yaml, const std::string& key,
                          const std::vector<std::string>& allowed, bool repeated) const {
  const YamlNode key_node(key_yaml, source_, child_path(key));
  // Quoted as a message quotes a value; a list or a map as a key is named as such.
  const std::string named =
      key_yaml.IsScalar() ? fmt::format("'{}'", shown(key)) : describe_kind(key_yaml);
  if (repeated) {
    // yaml-cpp keeps the first value silently; a repeated key is almost always a mistake. It is
    // placed where the map repeats it: in the file even when an option sets that key's value,
    // at the option when the option gave the whole map.
    const YAML::Mark mark = key_yaml.Mark();
    const std::string message = fmt::format("key {} is given twice", named);
    if (mark.is_null() || location().file != source_->file) key_node.fail(message);
    throw InputError({source_->file, mark.line + 1, mark.column + 1}, message + key_node.where());
  }
  if (allowed.empty()) key_node.fail(fmt::format("unknown key {}: nothing may be set here", named));
  std::string message = fmt::format("unknown key {}", named);
  if (auto near = nearest_word(key, allowed))
    message += fmt::format(" (did you mean '{}'?)", *near);
  message += fmt::format("; expected one of: {}", join(allowed));
  key_node.fail(message);
}

bool YamlNode::has(std::string_view key) const {
  const YAML::Node& self = node_;
  return self.IsMap() && self[std::string(key)].IsDefined();
}

std::optional<YamlNode> YamlNode::get(std::string_view key) const {
  if (!node_.IsMap()) return std::nullopt;
  for (const auto& entry : node_) {
    if (entry.first.Scalar() != key) continue;
    YamlNode child(entry.second, source_, child_path(key));
    // An empty value has no position of its own (yaml-cpp gives the next token's): use the key's.
    if (entry.second.IsNull()) child.mark_ = entry.first.Mark();
    return child;
  }
  return std::nullopt;
}

std::optional<YamlNode> YamlNode::key_of(std::string_view key) const {
  if (!node_.IsMap()) return std::nullopt;
  for (const auto& entry : node_) {
    if (entry.first.Scalar() == key) return YamlNode(entry.first, source_, child_path(key));
  }
  return std::nullopt;
}

YamlNode YamlNode::require(std::string_view key) const {
  expect_map("a map");
  if (auto child = get(key)) return *child;
  fail(fmt::format("missing required key '{}'", key));
}

std::vector<YamlNode> YamlNode::elements() const {
  expect_sequence("a list");
  std::vector<YamlNode> out;
  out.reserve(node_.size());
  for (std::size_t i = 0; i < node_.size(); ++i) {
    const YAML::Node& self = node_;
    out.emplace_back(self[i], source_, child_path(std::to_string(i)));
  }
  return out;
}

std::vector<std::pair<std::string, YamlNode>> YamlNode::entries() const {
  expect_map("a map");
  std::vector<std::pair<std::string, YamlNode>> out;
  for (const auto& entry : node_) {
    const std::string key = entry.first.Scalar();
    out.emplace_back(key, YamlNode(entry.second, source_, child_path(key)));
  }
  return out;
}

std::string YamlNode::scalar() const {
  if (!node_.IsScalar())
    fail(fmt::format("expected a single value, found {}", describe_kind(node_)));
  return node_.Scalar();
}

std::string YamlNode::as_string() const {
  return scalar();
}

std::string YamlNode::as_identifier() const {
  const std::string text = scalar();
  if (!is_identifier(text))
    fail(fmt::format("expected {}, found '{}'", kIdentifierRule, shown(text)));
  return text;
}

bool YamlNode::as_bool() const {
  const std::string text = scalar();
  if (text == "true" || text == "yes" || text == "on") return true;
  if (text == "false" || text == "no" || text == "off") return false;
  fail(fmt::format("expected true or false (or yes/no, on/off), found '{}'", shown(text)));
}

std::int64_t YamlNode::as_int(std::int64_t min, std::int64_t max) const {
  const std::string text = scalar();
  if (!is_integer_text(text)) fail(fmt::format("expected an integer, found '{}'", shown(text)));
  const auto value = parse_integer(text, min, max);
  if (!value)
    fail(fmt::format("expected an integer from {} to {}, found {}", min, max, shown(text)));
  return *value;
}

double YamlNode::as_double(double min, double max) const {
  const std::string text = scalar();
  const std::optional<double> value = parse_real(text);
  if (!value) fail(fmt::format("expected a number, found '{}'", shown(text)));
  if (*value < min || *value > max) {
    // As written: beyond a double's range, 1e400 reads as inf and 1e-400 as 0.
    fail(fmt::format("expected a number from {:g} to {:g}, found '{}'", min, max, shown(text)));
  }
  return *value;
}

Tick YamlNode::as_duration(double clock_mhz) const {
  const std::string text = scalar();
  Tick ticks = 0;
  switch (parse_duration(text, clock_mhz, ticks)) {
    case DurationStatus::ok:
      return ticks;
    case DurationStatus::too_long:
      fail(fmt::format("the duration '{}' is longer than the limit of {}", shown(text),
                       kMaxDurationText));
    case DurationStatus::malformed:
    case DurationStatus::needs_clock:  // not reached: a device's clock is positive
      break;
  }
  fail(fmt::format("expected {}, found '{}'", kDurationHelp, shown(text)));
}

std::string YamlNode::string_or(std::string_view key, std::string fallback) const {
  auto child = get(key);
  return child ? child->as_string() : std::move(fallback);
}

bool YamlNode::bool_or(std::string_view key, bool fallback) const {
  auto child = get(key);
  return child ? child->as_bool() : fallback;
}

std::int64_t YamlNode::int_or(std::string_view key, std::int64_t fallback, std::int64_t min,
                              std::int64_t max) const {
  auto child = get(key);
  return child ? child->as_int(min, max) : fallback;
}

double YamlNode::double_or(std::string_view key, double fallback, double min, double max) const {
  auto child = get(key);
  return child ? child->as_double(min, max) : fallback;
}

Tick YamlNode::duration_or(std::string_view key, Tick fallback, double clock_mhz) const {
  auto child = get(key);
  return child ? child->as_duration(clock_mhz) : fallback;
}

std::string YamlNode::child_path(std::string_view key) const {
  return path_.empty() ? std::string(key) : fmt::format("{}.{}", path_, key);
}

YAML::Node parse_yaml_text(const std::string& text, const std::string& name) {
  check_text(text, name);
  try {
    // Not LoadAll: it never returns on a stray top-level `,` (see check_one_document).
    check_one_document(text, name);
    return YAML::Load(text);
  } catch (const YAML::DeepRecursion& e) {
    throw InputError({name, e.mark.line + 1, e.mark.column + 1},
                     fmt::format("maps and lists nested too deep (the YAML reader stops at {} "
                                 "levels)",
                                 e.depth()));
  } catch (const YAML::Exception& e) {
    // The parser's text may quote the offending character, a NUL or other control character.
    throw InputError({name, e.mark.line + 1, e.mark.column + 1}, printable(e.msg));
  }
}

YAML::Node parse_yaml_file(const std::string& path) {
  return parse_yaml_text(read_input_file(path), path);
}

YamlNode load_yaml_text(const std::string& text, const std::string& name) {
  auto source = std::make_shared<YamlSource>();
  source->file = name;
  return YamlNode(parse_yaml_text(text, name), source, "");
}

YamlNode load_yaml_file(const std::string& path) {
  auto source = std::make_shared<YamlSource>();
  source->file = path;
  return YamlNode(parse_yaml_file(path), source, "");
}

}  // namespace aqlsim
