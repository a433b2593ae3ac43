#include "scenario/device_presets.hpp"

#include <fmt/format.h>

#include <memory>

#include "config/duration.hpp"
#include "config/limits.hpp"

namespace aqlsim {
namespace {

std::uint32_t read_u32(const YamlNode& map, std::string_view key, std::uint32_t current,
                       std::int64_t min, std::int64_t max) {
  return static_cast<std::uint32_t>(map.int_or(key, current, min, max));
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
  if (auto timing = node.get("timing")) {
    const std::string text = timing->as_string();
    if (text == "at-dispatch") {
      cu.timing = WorkgroupTiming::at_dispatch;
    } else if (text == "processor-sharing") {
      cu.timing = WorkgroupTiming::processor_sharing;
    } else {
      timing->fail(
          fmt::format("unknown timing '{}'; expected at-dispatch or processor-sharing", text));
    }
  }
}

// A key naming one of two ways: false for `first`, true for `second`; `current` if absent.
bool read_either(const YamlNode& map, std::string_view key, std::string_view first,
                 std::string_view second, bool current) {
  const auto value = map.get(key);
  if (!value) return current;
  const std::string text = value->as_string();
  if (text != first && text != second) {
    value->fail(fmt::format("unknown {} '{}'; expected {} or {}", key, text, first, second));
  }
  return text == second;
}

// The gem5 differences (README: Comparing with gem5): all of them under `semantics: gem5`;
// under hsa, barrier-AND polling and the barrier-bit timing one at a time.
void apply_semantics_yaml(const YamlNode& node, FrontEndSpec& fe) {
  fe.semantics = read_either(node, "semantics", "hsa", "gem5", fe.gem5()) ? FrontEndSemantics::gem5
                                                                          : FrontEndSemantics::hsa;
  fe.barrier_and_polling =
      read_either(node, "barrier_and", "immediate", "polling", fe.barrier_and_polling);
  fe.gem5_barrier_bit = read_either(node, "barrier_bit", "hsa", "gem5", fe.gem5_barrier_bit);
  if (const auto placement = node.get("placement")) {
    const std::string text = placement->as_string();
    if (text == "spread") {
      fe.placement = WorkgroupPlacement::spread;
    } else if (text == "cu0-first") {
      fe.placement = WorkgroupPlacement::cu0_first;
    } else if (text == "rotate") {
      fe.placement = WorkgroupPlacement::rotate;
    } else {
      placement->fail(
          fmt::format("unknown placement '{}'; expected spread, cu0-first or rotate", text));
    }
  }
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
