// The `kernels:` section: kernel profiles.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <span>
#include <string>
#include <unordered_map>

#include "config/input_file.hpp"
#include "config/limits.hpp"
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
  // `include` too: an item with it is an include, and a misspelt one is suggested.
  node.allow_keys({"name", "workgroup_size", "workgroups", "vgprs", "sgprs", "lds_bytes", "wg_time",
                   "wg_time_residency", "rsd", "contention", "persistent", "include"});
  KernelProfile k;
  k.name = node.require("name").as_identifier();
  k.workgroup_size =
      static_cast<std::uint32_t>(node.int_or("workgroup_size", k.workgroup_size, 1, 65535));
  k.workgroups = static_cast<std::uint64_t>(node.int_or("workgroups", 1, 1, UINT32_MAX));
  k.vgprs = static_cast<std::uint32_t>(node.int_or("vgprs", k.vgprs, 0, 1 << 16));
  k.sgprs = static_cast<std::uint32_t>(node.int_or("sgprs", k.sgprs, 0, 1 << 16));
  k.lds_bytes = static_cast<std::uint32_t>(node.int_or("lds_bytes", 0, 0, INT32_MAX));
  k.duration.mean = node.require("wg_time").as_duration(clock_mhz);
  if (k.duration.mean <= 0) {
    node.require("wg_time").fail(
        "wg_time must be greater than 0, and at least 0.5ps: durations are whole picoseconds, and "
        "this one rounds to 0");
  }
  k.duration.reference_residency = read_reference_residency(node);
  k.duration.rsd = node.double_or("rsd", 0.0, 0.0, 10.0);
  k.duration.contention = node.double_or("contention", k.duration.contention, 0.0, 100.0);
  if (auto p = node.get("persistent")) read_persistent(*p, k);
  return k;
}

// `persistent: true` on an include: every kernel it brings becomes a persistent-thread kernel
// with as many workers per CU as its work-groups' occupancy allows on this device; one the
// library made persistent itself keeps its own `workers_per_cu`.
void make_persistent(std::span<KernelProfile> kernels, const DeviceSpec& device) {
  for (KernelProfile& k : kernels) {
    if (k.persistent_workers_per_cu > 0) continue;
    const WorkgroupDemand demand =
        workgroup_demand(device, k.workgroup_size, k.vgprs, k.sgprs, k.lds_bytes);
    k.persistent_workers_per_cu =
        std::max<std::uint32_t>(1, occupancy(device.cu, demand).max_residency);
  }
}

// How far the `include:` entries of one workload have gone: nesting and file loads in all; and
// the kernels defined so far, by name (a search of the list for each new kernel made 120,000
// kernels take 30 s), with where each was.
struct IncludeState {
  int depth = 0;
  std::size_t* loads = nullptr;
  std::unordered_map<std::string, SourceLocation>* defined = nullptr;
};

void read_kernel_list(const YamlNode& list, Scenario& scenario, IncludeState state);

// Adds where an error in an included file was included from, so that a message about a file
// that several workloads include says which inclusion it was.
[[noreturn]] void rethrow_included(const InputError& e, const YamlNode& include) {
  throw InputError(e.where(), fmt::format("{} (in a file included from {})", e.detail(),
                                          include.location().to_string()));
}

// `- include: path`: the kernels of another file (a map with a `kernels:` list), the path
// relative to the including file.
void read_included_kernels(const YamlNode& item, Scenario& scenario, IncludeState state) {
  item.allow_keys({"include", "persistent"});
  const YamlNode path_node = item.require("include");
  if (state.depth >= limits::kMaxIncludeDepth) {
    path_node.fail(
        fmt::format("includes nest more than {} deep (a cycle?)", limits::kMaxIncludeDepth));
  }
  if (++*state.loads > limits::kMaxIncludeLoads) {
    path_node.fail(fmt::format("a workload loads at most {} included files in all (the limit)",
                               limits::kMaxIncludeLoads));
  }
  const std::string path = path_beside(item.source().file.str(), path_node.as_string());
  const std::size_t first = scenario.kernels.size();
  try {
    const YamlNode library = load_yaml_file(path);
    scenario.input_files.push_back(path);
    library.expect_map("a kernel library: a map with a kernels list");
    library.allow_keys({"description", "kernels"});
    library.string_or("description", "");  // free text, checked as the workload's is
    read_kernel_list(library.require("kernels"), scenario,
                     {.depth = state.depth + 1, .loads = state.loads, .defined = state.defined});
  } catch (const InputError& e) {
    // A file that cannot be read is reported at the include; an error inside it where it is.
    if (e.where().file == path && e.where().line == 0)
      path_node.fail(fmt::format("cannot include '{}': {}", path, e.detail()));
    rethrow_included(e, path_node);
  }
  if (item.bool_or("persistent", false)) {
    make_persistent(std::span(scenario.kernels).subspan(first), scenario.device);
  }
}

void read_kernel_list(const YamlNode& list, Scenario& scenario, IncludeState state) {
  list.expect_sequence("a list of kernel profiles (or `- include: file`)");
  std::size_t includes = 0;
  for (const YamlNode& item : list.elements()) {
    if (item.is_map() && item.has("include")) {
      if (++includes > limits::kMaxIncludesPerList) {
        item.fail(fmt::format("a kernels list has at most {} includes (the limit)",
                              limits::kMaxIncludesPerList));
      }
      read_included_kernels(item, scenario, state);
      continue;
    }
    KernelProfile kernel = read_kernel(item, scenario.device.clock_mhz);
    if (const auto [first, added] = state.defined->emplace(kernel.name, item.location()); !added) {
      item.require("name").fail(fmt::format("kernel '{}' is defined twice (first at {})",
                                            kernel.name, first->second.to_string()));
    }
    scenario.kernels.push_back(std::move(kernel));
    scenario.kernel_locations.push_back(item.location());
  }
}

}  // namespace

void read_kernels(const YamlNode& list, Scenario& scenario) {
  std::size_t loads = 0;
  std::unordered_map<std::string, SourceLocation> defined;
  read_kernel_list(list, scenario, {.depth = 0, .loads = &loads, .defined = &defined});
}

}  // namespace aqlsim
