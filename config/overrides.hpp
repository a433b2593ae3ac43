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
// inside it, point at the option. Throws InputError on a bad path, a value that is not YAML, an
// assignment that is not UTF-8, an entry an earlier override of `source` assigned (perhaps by
// another spelling: a position and a name, `0` and `00`), or an entry an earlier override's
// value gave (`device=gtx480`, then `device.preset=cdna`).
void apply_override(YAML::Node& root, std::string_view assignment, YamlSource& source);

// `assignments` in the order to apply them: by the number of segments of their key paths, the
// given order among equals, so that a whole (`device=h100`) is set before its parts
// (`device.compute_units=2`) whichever was written first.
std::vector<std::string> wholes_before_parts(std::vector<std::string> assignments);

// The key path of an assignment "KEY=VALUE" (all of it when there is no '=').
std::string_view override_key(std::string_view assignment);

// Throws InputError, at the option `--set KEY`, when two of the --set `assignments` set the
// same key path: the later would silently replace the earlier.
void check_each_key_set_once(const std::vector<std::string>& assignments);

}  // namespace aqlsim
