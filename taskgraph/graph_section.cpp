#include "taskgraph/graph_section.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <memory>

#include "config/input_file.hpp"
#include "config/limits.hpp"
#include "config/suggest.hpp"
#include "hsa_model/occupancy.hpp"
#include "hsa_model/user_queue.hpp"
#include "hsa_model/workgroup_duration.hpp"
#include "scenario/kernel_index.hpp"
#include "taskgraph/generate_spec.hpp"
#include "taskgraph/load_dot.hpp"
#include "taskgraph/load_jsonl.hpp"
#include "taskgraph/load_stg.hpp"
#include "taskgraph/load_yaml.hpp"

namespace aqlsim::taskgraph {
namespace {

constexpr std::string_view kSources[] = {"tasks", "generate", "import"};

GraphFormat graph_format(const std::string& path) {
  if (const auto format = graph_format_of(path)) return *format;
  throw std::invalid_argument(
      fmt::format("cannot tell the format of '{}': use .yaml, .dot/.gv, .stg or .jsonl", path));
}

// The file `import` names, relative to the workload.
std::string import_path(const YamlNode& import, const Scenario& scenario) {
  return path_beside(scenario.source, import.as_string());
}

// `e`, at a place in the graph file that `import` names, saying where it was imported from.
[[noreturn]] void throw_in_import(const InputError& e, const YamlNode& import) {
  throw InputError(e.where(), fmt::format("{} (in a graph imported from {})", e.detail(),
                                          import.location().to_string()));
}

TaskGraph read_source(const YamlNode& node, const Scenario& scenario) {
  std::string_view source;
  for (const std::string_view key : kSources) {
    if (!node.has(key)) continue;
    if (!source.empty())
      node.fail(fmt::format("a graph has one of tasks, generate or import, not both '{}' and '{}'",
                            source, key));
    source = key;
  }
  if (source.empty()) node.fail("a graph needs tasks, generate or import");
  if (source == "tasks") return read_graph_yaml(node);
  if (source == "generate") return generate_graph(node.require("generate"));
  const YamlNode import = node.require("import");
  const std::string path = import_path(import, scenario);
  try {
    return load_graph_by_extension(path);
  } catch (const std::invalid_argument& e) {
    import.fail(e.what());
  } catch (const InputError& e) {
    // A file that cannot be read, or whose error has no line, is reported at the import.
    if (e.where().file == path && e.where().line == 0)
      import.fail(fmt::format("cannot import '{}': {}", path, e.detail()));
    throw_in_import(e, import);
  }
}

// Where to report a problem with a task: its own definition when it has a line, else the
// section's source (a generator's `kernel` key, the `generate` or `import` key).
SourceLocation task_location(const TaskProps& task, const YamlNode& node) {
  if (task.where.line > 0) return task.where;
  if (auto generate = node.get("generate")) {
    if (auto kernel = generate->get("kernel")) return kernel->location();
    return generate->location();
  }
  if (auto import = node.get("import")) return import->location();
  return node.location();
}

// Every task must end up with a kernel the workload defines.
void check_kernels(const TaskGraph& graph, const std::string& default_kernel,
                   const Scenario& scenario, const YamlNode& node) {
  const KernelIndex kernels(scenario.kernels);
  for (TaskId t = 0; t < graph.size(); ++t) {
    const TaskProps& task = graph.task(t);
    const std::string& kernel = task.kernel.empty() ? default_kernel : task.kernel;
    if (kernel.empty()) {
      throw InputError(task_location(task, node),
                       fmt::format("task '{}' names no kernel; give it `kernel:` or set "
                                   "graph.default_kernel",
                                   task.id));
    }
    if (kernels.find(kernel)) continue;
    std::vector<std::string> names;
    for (const KernelProfile& k : scenario.kernels)
      names.push_back(k.name);
    std::string message =
        fmt::format("task '{}': dispatch of unknown kernel '{}'", task.id, kernel);
    if (auto near = nearest_word(kernel, names))
      message += fmt::format(" (did you mean '{}'?)", *near);
    throw InputError(task_location(task, node), message);
  }
}

double estimated_runtime_us(const Scenario& s, const KernelProfile& k, std::uint64_t workgroups) {
  const WorkgroupDemand demand =
      workgroup_demand(s.device, k.workgroup_size, k.vgprs, k.sgprs, k.lds_bytes);
  const std::uint32_t residency = occupancy(s.device.cu, demand).max_residency;
  const double reference =
      k.duration.reference_residency == 0 ? residency : k.duration.reference_residency;
  // A persistent-thread kernel's workers (W per CU) take its work-groups as tasks, in turn.
  const std::uint32_t per_cu = k.persistent_workers_per_cu > 0
                                   ? std::min(k.persistent_workers_per_cu, residency)
                                   : residency;
  const double t = DurationSampler(k.launched_duration(), reference).mean_at(per_cu);
  const double steps =
      std::ceil(static_cast<double>(workgroups) / (per_cu * s.device.compute_units));
  return steps * t / kMicrosecond;
}

}  // namespace

TaskCostFn task_cost(CostMode mode, const Scenario& scenario, const std::string& default_kernel) {
  switch (mode) {
    case CostMode::unit:
      return unit_cost;
    case CostMode::explicit_:
      return explicit_cost;
    case CostMode::estimated:
      break;
  }
  // Shared: a TaskCostFn is copied.
  auto kernels = std::make_shared<const KernelIndex>(scenario.kernels);
  return [&scenario, kernels, default_kernel](const TaskProps& task) {
    const std::string& name = task.kernel.empty() ? default_kernel : task.kernel;
    const KernelProfile* k = kernels->find(name);
    if (!k)
      throw InputError(task.where, fmt::format("task '{}': unknown kernel '{}'", task.id, name));
    const auto groups =
        task.workgroups ? static_cast<std::uint64_t>(*task.workgroups) : k->workgroups;
    return estimated_runtime_us(scenario, *k, groups);
  };
}

std::optional<GraphFormat> graph_format_of(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".yaml" || ext == ".yml") return GraphFormat::yaml;
  if (ext == ".dot" || ext == ".gv") return GraphFormat::dot;
  if (ext == ".stg") return GraphFormat::stg;
  if (ext == ".jsonl") return GraphFormat::jsonl;
  return std::nullopt;
}

const char* graph_format_name(GraphFormat format) {
  switch (format) {
    case GraphFormat::yaml:
      return "YAML";
    case GraphFormat::dot:
      return "DOT";
    case GraphFormat::stg:
      return "STG";
    case GraphFormat::jsonl:
      break;
  }
  return "JSON Lines";
}

TaskGraph load_graph_text_by_extension(const std::string& text, const std::string& path) {
  switch (graph_format(path)) {
    case GraphFormat::yaml:
      return load_graph_yaml(load_yaml_text(text, path));
    case GraphFormat::dot:
      return load_graph_dot_text(text, path);
    case GraphFormat::jsonl:
      return load_graph_jsonl_text(text, path);
    case GraphFormat::stg:
      break;
  }
  return load_graph_stg_text(text, path);
}

TaskGraph load_graph_by_extension(const std::string& path) {
  graph_format(path);  // an unknown extension is reported without reading the file
  return load_graph_text_by_extension(read_input_file(path), path);
}

GraphSection read_graph_section(const YamlNode& node, const Scenario& scenario) {
  node.expect_map("a graph section (tasks, generate or import; lowering, ranks, ...)");
  node.allow_keys({"tasks", "edges", "generate", "import", "default_kernel", "lowering",
                   "queue_order", "ranks", "queue_size"});
  // Made in place: Boost's adjacency_list has no move assignment, so assigning the graph would
  // copy every task and edge.
  GraphSection section{
      .graph = read_source(node, scenario), .lowering = {}, .cost_mode = CostMode::unit};
  if (node.has("edges") && !node.has("tasks")) node.require("edges").fail("edges need tasks");
  // Lowered, it would make no queues: the workload's error would be that it has none.
  if (section.graph.size() == 0) {
    if (auto import = node.get("import")) {
      import->fail(fmt::format("the graph imported from '{}' has no tasks", import->as_string()));
    }
    node.require(node.has("tasks") ? "tasks" : "generate")
        .fail("the graph has no tasks: a graph needs at least one");
  }
  LoweringOptions& o = section.lowering;
  o.default_kernel = node.string_or("default_kernel", "");
  if (auto text = node.get("lowering")) {
    const auto lowering = parse_lowering(text->as_string());
    if (!lowering) text->fail("expected per-task, chains, round-robin:K (K >= 1) or by-level");
    o.lowering = *lowering;
  }
  if (auto text = node.get("queue_order")) {
    const auto order = parse_queue_order(text->as_string());
    if (!order) text->fail("expected listed or level");
    o.queue_order = *order;
  }
  if (auto text = node.get("ranks")) {
    const auto mode = parse_cost_mode(text->as_string());
    if (!mode) text->fail("expected unit, estimated or explicit");
    section.cost_mode = *mode;
    if (section.cost_mode == CostMode::explicit_ && node.has("generate")) {
      text->fail(
          "a generated graph's tasks have no cost, which ranks: explicit needs on every "
          "task: give unit or estimated");
    }
  }
  o.queue_size = static_cast<std::uint32_t>(
      node.int_or("queue_size", o.queue_size, 1, limits::kMaxQueuePackets));
  if (!is_power_of_two(o.queue_size))
    node.require("queue_size").fail("a queue size must be a power of two");
  try {
    check_kernels(section.graph, o.default_kernel, scenario, node);
    o.ranks = upward_ranks(section.graph, task_cost(section.cost_mode, scenario, o.default_kernel),
                           section.cost_mode == CostMode::explicit_);
  } catch (const InputError& e) {
    // A task of an imported graph (its kernel, its cost) is reported in that file, as a
    // syntax error there is.
    const std::optional<YamlNode> import = node.get("import");
    if (!import || e.where().file != import_path(*import, scenario)) throw;
    throw_in_import(e, *import);
  }
  return section;
}

ExtraSection graph_extra_section(std::optional<GraphSection>* read) {
  return {"graph", [read](const YamlNode& node, Scenario& scenario) {
            GraphSection section = read_graph_section(node, scenario);
            if (auto import = node.get("import"))
              scenario.input_files.push_back(import_path(*import, scenario));
            for (QueueSpec& q : lower_graph(section.graph, section.lowering)) {
              scenario.queues.push_back(std::move(q));
            }
            if (read) *read = std::move(section);
          }};
}

Scenario load_workload(const std::string& path, const std::vector<std::string>& overrides) {
  const ExtraSection graph = graph_extra_section();
  return load_scenario(path, overrides, {&graph, 1});
}

Scenario load_workload_text(const std::string& text, const std::string& name,
                            const std::vector<std::string>& overrides) {
  const ExtraSection graph = graph_extra_section();
  return load_scenario_text(text, name, overrides, {&graph, 1});
}

}  // namespace aqlsim::taskgraph
