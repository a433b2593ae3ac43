#pragma once
// `--set key.path=value`: replace any value of a parsed YAML document before it is read.
#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>
#include <vector>

#include "config/yaml_node.hpp"

namespace aqlsim {

// Applies one assignment. Path segments are map keys; in a list, a segment is either a
// position (0-based) or the `name` of an element. Missing maps on the way are created. The
// value is parsed as YAML, so lists and maps may be given. Records the override (and every map
// it creates on the way) in `source`, so that later errors about the value, or about anything
// inside it, point at the option. Throws InputError on a bad path, a value that is not YAML, or
// an assignment that is not UTF-8.
void apply_override(YAML::Node& root, std::string_view assignment, YamlSource& source);

// The key path of an assignment "KEY=VALUE" (all of it when there is no '=').
std::string_view override_key(std::string_view assignment);

// Throws InputError, at the option `--set KEY`, when two of the --set `assignments` set the
// same key path: the later would silently replace the earlier.
void check_each_key_set_once(const std::vector<std::string>& assignments);

}  // namespace aqlsim
