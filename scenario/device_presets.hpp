#pragma once
// Device presets: the YAML files of workloads/devices/, compiled into the program.
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "config/yaml_node.hpp"
#include "hsa_model/device_spec.hpp"

namespace aqlsim {

struct EmbeddedPreset {
  std::string_view name;
  std::string_view path;  // where it lives in the source tree, for messages
  std::string_view yaml;
};

std::span<const EmbeddedPreset> embedded_device_presets();
std::vector<std::string> device_preset_names();

// Applies the keys present in a device map to `device` (a preset's or a user's). Keys not
// given keep their current values. `preset` is not read here.
void apply_device_yaml(const YamlNode& node, DeviceSpec& device);

// The device a preset describes.
DeviceSpec device_from_preset(const EmbeddedPreset& preset);
// The named preset, if there is one (for programs that use the host API).
std::optional<DeviceSpec> find_device_preset(std::string_view name);
// The named preset; throws InputError at `where` if there is none.
DeviceSpec load_device_preset(const std::string& name, const YamlNode& where);

// A `device:` entry: a preset name, or a map with an optional `preset` and overrides.
DeviceSpec read_device(const YamlNode& node);

}  // namespace aqlsim
