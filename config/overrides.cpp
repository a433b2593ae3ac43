#include "config/overrides.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <set>
#include <utility>
#include <vector>

#include "config/utf8.hpp"
#include "config/yaml_documents.hpp"

namespace aqlsim {
namespace {

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> parts;
  std::size_t begin = 0;
  while (begin <= path.size()) {
    const std::size_t end = std::min(path.find('.', begin), path.size());
    parts.emplace_back(path.substr(begin, end - begin));
    begin = end + 1;
  }
  return parts;
}

std::optional<std::size_t> parse_index(const std::string& text) {
  std::size_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// The position of `segment` in a list: a number, or the element whose `name` equals it.
std::optional<std::size_t> find_in_list(const YAML::Node& list, const std::string& segment) {
  if (auto index = parse_index(segment)) {
    return *index < list.size() ? index : std::nullopt;
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    const YAML::Node element = list[i];
    if (element.IsMap() && element["name"] && element["name"].IsScalar() &&
        element["name"].Scalar() == segment) {
      return i;
    }
  }
  return std::nullopt;
}

// A new map or list whose entries are new nodes standing for the same values: setting an entry
// of the copy changes the copy alone. yaml-cpp gives an alias the node of its anchor, so setting
// an entry of a node reached through one would change every copy of it.
YAML::Node shallow_copy(const YAML::Node& node) {
  YAML::Node copy(node.Type());
  if (node.IsMap()) {
    for (const auto& entry : node)
      copy[entry.first] = entry.second;
  } else if (node.IsSequence()) {
    for (const YAML::Node& element : node) {
      // A node of its own, then made to stand for the element (assigning to a Node handle first
      // would make the handle itself the element's).
      copy.push_back(YAML::Node(YAML::NodeType::Null));
      copy[copy.size() - 1] = element;
    }
  } else {
    return node;
  }
  return copy;
}

// Replaces the container `node` (at `path`) by its shallow copy, recording where the original
// was in the file: the copy is made here and has no mark.
void unshare(YAML::Node& node, const std::string& path, YamlSource& source) {
  if (!node.Mark().is_null()) source.marks[path] = node.Mark();
  node = shallow_copy(node);
}

// Throws InputError, at `option` (which gives `assignment`), when the entry at `canonical` was
// assigned by an earlier override, or given by an earlier override's value (`existed`: the
// entry was there, inside a path an earlier override assigned whole). One of the two values
// would be lost; a part the whole's value leaves out may still be set (`device=h100` then
// `device.compute_units=2`). Wholes come first (wholes_before_parts), so an earlier path is
// never inside a later one.
void check_assigned_once(YamlSource& source, const std::string& canonical, bool existed,
                         std::string_view assignment, const std::string& option) {
  const auto fail = [&](std::string_view how) {
    throw InputError({option, 0, 0},
                     fmt::format("reaches '{}', {}: give each value once", canonical, how));
  };
  if (const auto same = source.assigned.find(canonical); same != source.assigned.end()) {
    fail(fmt::format("as '{}' does (an entry may be named by its position or its name)",
                     same->second));
  }
  for (std::size_t dot = canonical.rfind('.'); existed && dot != std::string::npos;
       dot = dot == 0 ? std::string::npos : canonical.rfind('.', dot - 1)) {
    const auto whole = source.assigned.find(canonical.substr(0, dot));
    if (whole != source.assigned.end())
      fail(fmt::format("which the value of '{}' gives", whole->second));
  }
  source.assigned.emplace(canonical, assignment);
}

}  // namespace

void apply_override(YAML::Node& root, std::string_view assignment, YamlSource& source) {
  const std::string option = fmt::format("--set {}", escape_invalid_utf8(assignment));
  const auto fail = [&](const std::string& why) -> void { throw InputError({option, 0, 0}, why); };
  check_utf8_at(assignment, {option, 0, 0});
  const std::size_t eq = assignment.find('=');
  if (eq == std::string_view::npos || eq == 0) fail("expected key.path=value");
  const std::vector<std::string> segments = split_path(assignment.substr(0, eq));
  YAML::Node value;
  try {
    const std::string text(assignment.substr(eq + 1));
    // As in a file: YAML::Load reads the first document and drops whatever follows it.
    check_one_document(text, option);
    value = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    fail(fmt::format("the value is not valid YAML: {}", e.msg));
  } catch (const InputError& e) {
    fail(fmt::format("the value is not valid YAML: {}", e.detail()));
  }

  // Every container on the path is copied before it is changed or entered (see shallow_copy).
  unshare(root, "", source);
  YAML::Node current = root;
  std::string canonical;
  bool existed = false;  // the entry assigned was there before
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const std::string& segment = segments[i];
    if (segment.empty()) fail("empty key in the path");
    const bool last = i + 1 == segments.size();
    std::string key = segment;
    if (current.IsSequence()) {
      const auto index = find_in_list(current, segment);
      if (!index) fail(fmt::format("'{}' has no element '{}'", canonical, segment));
      key = std::to_string(*index);
      canonical += canonical.empty() ? key : "." + key;
      if (last) {
        existed = true;
        current[*index] = value;
      } else {
        YAML::Node element = current[*index];
        unshare(element, canonical, source);
        current.reset(element);
      }
      continue;
    }
    if (current.IsNull() || !current.IsDefined()) current = YAML::Node(YAML::NodeType::Map);
    if (!current.IsMap()) {
      fail(fmt::format("'{}' is a single value, it has no key '{}'", canonical, segment));
    }
    canonical += canonical.empty() ? key : "." + key;
    if (last) {
      existed = std::as_const(current)[key].IsDefined();
      current[key] = value;
    } else {
      YAML::Node child = current[key];
      if (!child || child.IsNull()) {
        child = YAML::Node(YAML::NodeType::Map);
        source.overrides[canonical] = option;  // a map the option creates is the option's
      } else {
        unshare(child, canonical, source);
      }
      current.reset(child);
    }
  }
  source.overrides[canonical] = option;
  check_assigned_once(source, canonical, existed, assignment, option);
}

std::vector<std::string> wholes_before_parts(std::vector<std::string> assignments) {
  const auto segments = [](const std::string& assignment) {
    return std::ranges::count(override_key(assignment), '.');
  };
  std::ranges::stable_sort(assignments, {}, segments);
  return assignments;
}

std::string_view override_key(std::string_view assignment) {
  return assignment.substr(0, assignment.find('='));
}

void check_each_key_set_once(const std::vector<std::string>& assignments) {
  std::set<std::string_view> seen;
  for (const std::string& assignment : assignments) {
    const std::string_view key = override_key(assignment);
    if (!seen.insert(key).second)
      throw InputError({fmt::format("--set {}", key), 0, 0}, fmt::format("'{}' is set twice", key));
  }
}

}  // namespace aqlsim
