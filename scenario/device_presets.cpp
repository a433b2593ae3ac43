#include "scenario/device_presets.hpp"

#include <fmt/format.h>

#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "config/duration.hpp"
#include "config/limits.hpp"

namespace aqlsim {
namespace {

std::uint32_t read_u32(const YamlNode& map, std::string_view key, std::uint32_t current,
                       std::int64_t min, std::int64_t max) {
  return static_cast<std::uint32_t>(map.int_or(key, current, min, max));
}

// A key naming one of `ways` (its name, its value); `current` if absent.
template <class T>
T read_choice(const YamlNode& map, std::string_view key,
              std::initializer_list<std::pair<std::string_view, T>> ways, T current) {
  const auto value = map.get(key);
  if (!value) return current;
  const std::string text = value->as_string();
  std::string names;  // "a, b or c"
  std::size_t i = 0;
  for (const auto& [name, way] : ways) {
    if (text == name) return way;
    names += (i == 0 ? "" : i + 1 == ways.size() ? " or " : ", ") + std::string(name);
    ++i;
  }
  value->fail(fmt::format("unknown {} '{}'; expected {}", key, text, names));
}

void apply_cu_yaml(const YamlNode& node, ComputeUnitSpec& cu) {
  node.allow_keys({"simds", "waves_per_simd", "vgprs_per_simd", "vgpr_granule", "sgprs_per_simd",
                   "sgpr_granule", "lds_bytes", "max_workgroups", "timing"});
  cu.simds = read_u32(node, "simds", cu.simds, 1, kMaxSimdsPerCu);
  cu.waves_per_simd = read_u32(node, "waves_per_simd", cu.waves_per_simd, 1, kMaxWavesPerSimd);
  cu.vgprs_per_simd = read_u32(node, "vgprs_per_simd", cu.vgprs_per_simd, 1, 1 << 20);
  cu.vgpr_granule = read_u32(node, "vgpr_granule", cu.vgpr_granule, 1, 256);
  cu.sgprs_per_simd = read_u32(node, "sgprs_per_simd", cu.sgprs_per_simd, 0, 1 << 20);
  cu.sgpr_granule = read_u32(node, "sgpr_granule", cu.sgpr_granule, 1, 256);
  cu.lds_bytes = read_u32(node, "lds_bytes", cu.lds_bytes, 0, 1 << 30);
  cu.max_workgroups = read_u32(node, "max_workgroups", cu.max_workgroups, 1, kMaxWorkgroupsPerCu);
  cu.timing = read_choice(node, "timing",
                          {{"at-dispatch", WorkgroupTiming::at_dispatch},
                           {"processor-sharing", WorkgroupTiming::processor_sharing}},
                          cu.timing);
}

// The gem5 differences (README: Comparing with gem5): all of them under `semantics: gem5`;
// under hsa, barrier-AND polling and the barrier-bit timing one at a time.
void apply_semantics_yaml(const YamlNode& node, FrontEndSpec& fe) {
  fe.semantics = read_choice(node, "semantics",
                             {{"hsa", FrontEndSemantics::hsa}, {"gem5", FrontEndSemantics::gem5}},
                             fe.semantics);
  fe.barrier_and_polling = read_choice(
      node, "barrier_and", {{"immediate", false}, {"polling", true}}, fe.barrier_and_polling);
  fe.gem5_barrier_bit =
      read_choice(node, "barrier_bit", {{"hsa", false}, {"gem5", true}}, fe.gem5_barrier_bit);
  fe.placement = read_choice(node, "placement",
                             {{"spread", WorkgroupPlacement::spread},
                              {"cu0-first", WorkgroupPlacement::cu0_first},
                              {"rotate", WorkgroupPlacement::rotate}},
                             fe.placement);
  if (!fe.gem5()) return;
  for (const auto& [key, hsa_way] :
       {std::pair{"barrier_and", "immediate"}, {"barrier_bit", "hsa"}}) {
    if (node.has(key) && node.require(key).as_string() == hsa_way) {
      node.require(key).fail(fmt::format(
          "{}: {} is not available under semantics gem5, which follows gem5's code", key, hsa_way));
    }
  }
}

void apply_front_end_yaml(const YamlNode& node, FrontEndSpec& fe, double clock_mhz) {
  node.allow_keys({"hw_queues", "quantum", "map_latency", "unmap_latency", "packet_latency",
                   "max_concurrent_kernels", "max_unfinished_per_queue", "semantics", "barrier_and",
                   "barrier_bit", "placement"});
  apply_semantics_yaml(node, fe);
  fe.max_unfinished_per_queue =
      read_u32(node, "max_unfinished_per_queue", fe.max_unfinished_per_queue, 0, 1 << 20);
  fe.hw_queues = read_u32(node, "hw_queues", fe.hw_queues, 1, kMaxHwQueues);
  fe.quantum = node.duration_or("quantum", fe.quantum, clock_mhz);
  fe.map_latency = node.duration_or("map_latency", fe.map_latency, clock_mhz);
  fe.unmap_latency = node.duration_or("unmap_latency", fe.unmap_latency, clock_mhz);
  fe.packet_latency = node.duration_or("packet_latency", fe.packet_latency, clock_mhz);
  fe.max_concurrent_kernels =
      read_u32(node, "max_concurrent_kernels", fe.max_concurrent_kernels, 1, 1 << 20);
  if (fe.quantum <= fe.map_latency + fe.unmap_latency) {
    const YamlNode& where = node.has("quantum") ? node.require("quantum") : node;
    where.fail(fmt::format("the quantum ({}) must be longer than map_latency + unmap_latency ({})",
                           format_duration(fe.quantum),
                           format_duration(fe.map_latency + fe.unmap_latency)));
  }
  if (fe.quantum < kMinQuantum) {
    node.require("quantum").fail(fmt::format(
        "the quantum ({}) must be at least {}: while queues outnumber slots the front end wakes "
        "every quantum, so a run would take an event per quantum of simulated time",
        format_duration(fe.quantum), format_duration(kMinQuantum)));
  }
}

void apply_preemption_yaml(const YamlNode& node, PreemptionSpec& p, double clock_mhz) {
  node.expect_map(
      "a map with mechanism, eviction_command, pending_read, launch_command, save_gbps");
  node.allow_keys({"mechanism", "eviction_command", "pending_read", "launch_command", "save_gbps"});
  if (auto m = node.get("mechanism")) {
    const auto mechanism = preemption_mechanism_named(m->as_string());
    if (!mechanism) {
      m->fail(fmt::format("unknown preemption mechanism '{}'; expected drain, context-save or kill",
                          m->as_string()));
    }
    p.mechanism = *mechanism;
  }
  p.eviction_command = node.duration_or("eviction_command", p.eviction_command, clock_mhz);
  p.pending_read = node.duration_or("pending_read", p.pending_read, clock_mhz);
  p.launch_command = node.duration_or("launch_command", p.launch_command, clock_mhz);
  p.save_gbps = node.double_or("save_gbps", p.save_gbps, 1e-3, 1e6);
}

}  // namespace

std::vector<std::string> device_preset_names() {
  std::vector<std::string> names;
  for (const EmbeddedPreset& p : embedded_device_presets())
    names.emplace_back(p.name);
  return names;
}

void apply_device_yaml(const YamlNode& node, DeviceSpec& device) {
  node.expect_map("a map of device settings");
  node.allow_keys({"preset", "name", "clock_mhz", "compute_units", "wave_size", "cu", "front_end",
                   "preemption"});
  device.name = node.string_or("name", device.name);
  device.clock_mhz = node.double_or("clock_mhz", device.clock_mhz, 1.0, 1e5);
  device.compute_units = read_u32(node, "compute_units", device.compute_units, 1, 1 << 16);
  device.wave_size = read_u32(node, "wave_size", device.wave_size, 1, 1024);
  if (auto cu = node.get("cu")) apply_cu_yaml(*cu, device.cu);
  if (auto fe = node.get("front_end"))
    apply_front_end_yaml(*fe, device.front_end, device.clock_mhz);
  if (auto p = node.get("preemption"))
    apply_preemption_yaml(*p, device.preemption, device.clock_mhz);
}

DeviceSpec device_from_preset(const EmbeddedPreset& preset) {
  DeviceSpec device;
  apply_device_yaml(load_yaml_text(std::string(preset.yaml), std::string(preset.path)), device);
  return device;
}

std::optional<DeviceSpec> find_device_preset(std::string_view name) {
  for (const EmbeddedPreset& p : embedded_device_presets()) {
    if (p.name == name) return device_from_preset(p);
  }
  return std::nullopt;
}

DeviceSpec load_device_preset(const std::string& name, const YamlNode& where) {
  if (auto device = find_device_preset(name)) return *device;
  where.fail(fmt::format("no device preset named '{}'; presets: {}", name,
                         fmt::join(device_preset_names(), ", ")));
}

DeviceSpec read_device(const YamlNode& node) {
  if (node.is_scalar()) return load_device_preset(node.as_string(), node);
  node.expect_map("a device preset name or a map of device settings");
  DeviceSpec device;
  if (auto preset = node.get("preset")) device = load_device_preset(preset->as_string(), *preset);
  apply_device_yaml(node, device);
  return device;
}

}  // namespace aqlsim
