// The `kernels:` section: kernel profiles.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <span>

#include "hsa_model/occupancy.hpp"
#include "scenario/scenario_reader.hpp"

namespace aqlsim {
namespace {

std::uint32_t read_reference_residency(const YamlNode& kernel) {
  const auto node = kernel.get("wg_time_residency");
  if (!node || (node->is_scalar() && node->as_string() == "max")) return 0;
  return static_cast<std::uint32_t>(node->as_int(1, 1024));
}

// `persistent: {workers_per_cu, overhead}`: the kernel runs as persistent threads.
void read_persistent(const YamlNode& node, KernelProfile& k) {
  node.expect_map("a map with workers_per_cu and overhead");
  node.allow_keys({"workers_per_cu", "overhead"});
  k.persistent_workers_per_cu =
      static_cast<std::uint32_t>(node.require("workers_per_cu").as_int(1, 64));
  k.persistent_overhead = node.double_or("overhead", 1.0, 0.1, 10.0);
}

KernelProfile read_kernel(const YamlNode& node, double clock_mhz) {
  node.expect_map("a kernel profile (a map with name and wg_time)");
  node.allow_keys({"name", "workgroup_size", "workgroups", "vgprs", "sgprs", "lds_bytes", "wg_time",
                   "wg_time_residency", "rsd", "contention", "persistent"});
  KernelProfile k;
  k.name = node.require("name").as_identifier();
  k.workgroup_size =
      static_cast<std::uint32_t>(node.int_or("workgroup_size", k.workgroup_size, 1, 65535));
  k.workgroups = static_cast<std::uint64_t>(node.int_or("workgroups", 1, 1, UINT32_MAX));
  k.vgprs = static_cast<std::uint32_t>(node.int_or("vgprs", k.vgprs, 0, 1 << 16));
  k.sgprs = static_cast<std::uint32_t>(node.int_or("sgprs", k.sgprs, 0, 1 << 16));
  k.lds_bytes = static_cast<std::uint32_t>(node.int_or("lds_bytes", 0, 0, INT32_MAX));
  k.duration.mean = node.require("wg_time").as_duration(clock_mhz);
  if (k.duration.mean <= 0) node.require("wg_time").fail("wg_time must be greater than 0");
  k.duration.reference_residency = read_reference_residency(node);
  k.duration.rsd = node.double_or("rsd", 0.0, 0.0, 10.0);
  k.duration.contention = node.double_or("contention", k.duration.contention, 0.0, 100.0);
  if (auto p = node.get("persistent")) read_persistent(*p, k);
  return k;
}

// `persistent: true` on an include: every kernel it brings becomes a persistent-thread kernel
// with as many workers per CU as its work-groups' occupancy allows on this device.
void make_persistent(std::span<KernelProfile> kernels, const DeviceSpec& device) {
  for (KernelProfile& k : kernels) {
    const WorkgroupDemand demand =
        workgroup_demand(device, k.workgroup_size, k.vgprs, k.sgprs, k.lds_bytes);
    k.persistent_workers_per_cu =
        std::max<std::uint32_t>(1, occupancy(device.cu, demand).max_residency);
  }
}

// `- include: path`: the kernels of another file (a map with a `kernels:` list), the path
// relative to the including file.
void read_included_kernels(const YamlNode& item, Scenario& scenario, int depth) {
  item.allow_keys({"include", "persistent"});
  const YamlNode path_node = item.require("include");
  if (depth >= 8) path_node.fail("includes nest more than 8 deep (a cycle?)");
  const std::filesystem::path base = std::filesystem::path(item.source().file).parent_path();
  const std::string path = (base / path_node.as_string()).lexically_normal().string();
  YamlNode library = [&] {
    try {
      return load_yaml_file(path);
    } catch (const InputError& e) {
      path_node.fail(fmt::format("cannot include '{}': {}", path, e.detail()));
    }
  }();
  library.expect_map("a kernel library: a map with a kernels list");
  library.allow_keys({"description", "kernels"});
  const std::size_t first = scenario.kernels.size();
  read_kernels(library.require("kernels"), scenario, depth + 1);
  if (item.bool_or("persistent", false)) {
    make_persistent(std::span(scenario.kernels).subspan(first), scenario.device);
  }
}

}  // namespace

void read_kernels(const YamlNode& list, Scenario& scenario, int depth) {
  list.expect_sequence("a list of kernel profiles (or `- include: file`)");
  for (const YamlNode& item : list.elements()) {
    if (item.is_map() && item.has("include")) {
      read_included_kernels(item, scenario, depth);
      continue;
    }
    KernelProfile kernel = read_kernel(item, scenario.device.clock_mhz);
    if (scenario.find_kernel(kernel.name)) {
      item.require("name").fail(fmt::format("kernel '{}' is defined twice", kernel.name));
    }
    scenario.kernels.push_back(std::move(kernel));
    scenario.kernel_locations.push_back(item.location());
  }
}

}  // namespace aqlsim
