// `aqlsim graph ranks|stats|lower|gen`: tools for task graphs.
#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/commands.hpp"
#include "config/input_file.hpp"
#include "config/utf8.hpp"
#include "hsa_model/aql_packet.hpp"
#include "report/output_file.hpp"
#include "scenario/load_scenario.hpp"
#include "taskgraph/generate_spec.hpp"
#include "taskgraph/graph_section.hpp"
#include "taskgraph/load_jsonl.hpp"
#include "taskgraph/load_yaml.hpp"
#include "taskgraph/stats.hpp"

namespace aqlsim::cli {
namespace {

using namespace aqlsim::taskgraph;

struct GraphOptions {
  std::string tool;       // ranks, stats or lower
  std::string file_help;  // what FILE may be, as --help says
  std::string file;
  std::vector<std::string> overrides;
  std::optional<std::string> cost;  // not given: the file's own choice
  bool json = false;
};

// A graph with what is needed to rank it: from a workload's `graph:` section (kernels and
// device known, so `estimated` costs work) or from a plain graph file.
struct LoadedGraph {
  std::optional<GraphSection> section;
  Scenario scenario;  // the workload, when there is one
  TaskGraph plain;

  const TaskGraph& graph() const { return section ? section->graph : plain; }
};

LoadedGraph load(const GraphOptions& o) {
  if (o.cost && !parse_cost_mode(*o.cost)) {
    throw InputError({"--cost " + escape_invalid_utf8(*o.cost), 0, 0},
                     "expected unit, estimated or explicit");
  }
  LoadedGraph loaded;
  // Read once: the file may be a pipe or a FIFO, which cannot be opened twice.
  const std::string text = read_input_file(o.file);
  // A name that is no graph format's is YAML, as `run` reads any workload.
  const std::optional<GraphFormat> format = graph_format_of(o.file);
  const bool yaml = !format || *format == GraphFormat::yaml;
  const YAML::Node root = yaml ? parse_yaml_text(text, o.file) : YAML::Node();
  // A graph section given with --set makes a workload one as well.
  const bool sets_graph = std::ranges::any_of(o.overrides, [](const std::string& assignment) {
    return assignment.starts_with("graph=") || assignment.starts_with("graph.");
  });
  const bool workload = root.IsMap() && (root["graph"] || sets_graph);
  // Else read as a graph file, a workload would fail on its first key ("unknown key 'device'").
  if (root.IsMap() && !workload && !root["tasks"] && (root["kernels"] || root["queues"])) {
    std::string expected = o.file_help;
    expected[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(expected[0])));
    throw InputError(
        {o.file, 0, 0},
        fmt::format("the workload has no `graph:` section; `graph {}` reads {}", o.tool, expected));
  }
  if (!workload) {
    if (!o.overrides.empty()) throw InputError({o.file, 0, 0}, "--set applies to workload files");
    loaded.plain = format ? load_graph_text_by_extension(text, o.file)
                          : load_graph_yaml(load_yaml_text(text, o.file));
    return loaded;
  }
  // Read the workload with a graph section that also keeps what it read; --cost replaces the
  // section's own choice before it is read (an `explicit` section checks every task's cost).
  std::vector<std::string> overrides = o.overrides;
  if (o.cost) overrides.push_back("graph.ranks=" + *o.cost);
  const ExtraSection keep = graph_extra_section(&loaded.section);
  try {
    loaded.scenario = load_scenario_text(text, o.file, overrides, {&keep, 1});
  } catch (const InputError& e) {
    // The option the user gave, not the setting it stands for.
    if (!o.cost || e.where().file != "--set " + overrides.back()) throw;
    throw InputError({"--cost " + *o.cost, 0, 0}, e.detail());
  }
  return loaded;
}

CostMode cost_mode(const GraphOptions& o, const LoadedGraph& g) {
  if (!o.cost) return g.section ? g.section->cost_mode : CostMode::unit;
  const auto mode = parse_cost_mode(*o.cost);  // checked by load
  if (*mode == CostMode::estimated && !g.section) {
    throw InputError({o.file, 0, 0}, "estimated costs need a workload file (kernels and device)");
  }
  return *mode;
}

TaskCostFn cost_fn(CostMode mode, const LoadedGraph& g) {
  return task_cost(mode, g.scenario, g.section ? g.section->lowering.default_kernel : "");
}

int print_ranks(const GraphOptions& o) {
  const LoadedGraph g = load(o);
  const CostMode mode = cost_mode(o, g);
  const TaskCostFn cost = cost_fn(mode, g);
  const std::vector<double> ranks = upward_ranks(g.graph(), cost, mode == CostMode::explicit_);
  const std::vector<std::uint32_t> priority = rank_priorities(ranks);
  std::vector<TaskId> order(g.graph().size());
  for (TaskId t = 0; t < order.size(); ++t)
    order[t] = t;
  std::stable_sort(order.begin(), order.end(),
                   [&](TaskId a, TaskId b) { return priority[a] > priority[b]; });
  if (o.json) {
    nlohmann::ordered_json out = {{"cost", std::string(to_string(mode))},
                                  {"tasks", nlohmann::ordered_json::array()}};
    for (const TaskId t : order) {
      out["tasks"].push_back({{"task", g.graph().task(t).id},
                              {"cost", cost(g.graph().task(t))},
                              {"rank", ranks[t]},
                              {"priority", priority[t]}});
    }
    std::cout << out.dump(2) << '\n';
    return kExitOk;
  }
  fmt::print("upward ranks, {} costs\n{:<20} {:>12} {:>12} {:>9}\n", to_string(mode), "task",
             "cost", "rank", "priority");
  for (const TaskId t : order) {
    fmt::print("{:<20} {:>12.6g} {:>12.6g} {:>9}\n", g.graph().task(t).id, cost(g.graph().task(t)),
               ranks[t], priority[t]);
  }
  return kExitOk;
}

int print_stats(const GraphOptions& o) {
  const LoadedGraph g = load(o);
  const CostMode mode = cost_mode(o, g);
  const GraphStats s = graph_stats(g.graph());
  const double critical =
      critical_path_length(g.graph(), cost_fn(mode, g), mode == CostMode::explicit_);
  fmt::print(
      "tasks {}\nedges {}\ndepth {}\nwidth {}\nsources {}\nsinks {}\ncritical path {:g} ({} "
      "costs)\n",
      s.tasks, s.edges, s.depth, s.width, s.sources, s.sinks, critical, to_string(mode));
  return kExitOk;
}

std::string describe(const PacketSpec& p) {
  switch (p.kind) {
    case PacketSpec::Kind::dispatch:
      return fmt::format("dispatch {}{}", p.kernel,
                         p.workgroups ? fmt::format(" x{}", *p.workgroups) : "");
    case PacketSpec::Kind::barrier_and:
      return fmt::format("barrier-and [{}]", fmt::join(p.depends_on, ", "));
    case PacketSpec::Kind::barrier_or:
      return fmt::format("barrier-or [{}]", fmt::join(p.depends_on, ", "));
    case PacketSpec::Kind::raw:
      return fmt::format("raw type {}", p.raw_type);
  }
  return "?";
}

int print_lowering(const GraphOptions& o) {
  const LoadedGraph g = load(o);
  if (!g.section)
    throw InputError({o.file, 0, 0}, "`graph lower` needs a workload file with a graph section");
  fmt::print("{} queues ({} lowering, {} ranks)\n", g.scenario.queues.size(),
             to_string(g.section->lowering.lowering), to_string(g.section->cost_mode));
  for (const QueueSpec& q : g.scenario.queues) {
    fmt::print("\nqueue {} (priority {}, size {})\n", q.name, q.priority, q.size);
    for (std::size_t i = 0; i < q.packets.size(); ++i) {
      const PacketSpec& p = q.packets[i];
      fmt::print("  [{}] {:<16} {}{} priority {}\n", i, p.name, describe(p),
                 p.barrier ? ", barrier bit" : "", p.priority.value_or(q.priority));
    }
  }
  return kExitOk;
}

struct GenOptions {
  std::string kind;
  std::vector<std::string> params;
  std::string output;
  std::string format;  // yaml or jsonl; empty: by the output's extension (gen_format)
};

// The generator spec from `kind` and `key=value` parameters, each value parsed as YAML. An
// error about a parameter names the parameter as it was given.
YamlNode generator_spec(const GenOptions& o) {
  auto source = std::make_shared<YamlSource>();
  source->file = "graph gen";
  YAML::Node spec(YAML::NodeType::Map);
  const auto add = [&](const std::string& key, const std::string& value, const std::string& given) {
    const SourceLocation where{escape_invalid_utf8(given), 0, 0};
    check_utf8_at(given, where);
    if (key.empty()) throw InputError(where, "expected key=value");
    if (key == "kind" && spec[key]) {
      throw InputError(where, fmt::format("the kind is the first argument ('{}'), not a parameter",
                                          escape_invalid_utf8(o.kind)));
    }
    if (spec[key]) throw InputError(where, fmt::format("parameter '{}' is given twice", key));
    try {
      spec[key] = YAML::Load(value);
    } catch (const YAML::Exception& e) {
      throw InputError(where, fmt::format("the value is not valid YAML: {}", e.msg));
    }
    source->overrides[key] = where.file;
  };
  add("kind", o.kind, "graph gen " + o.kind);
  for (const std::string& p : o.params) {
    const auto eq = p.find('=');
    if (eq == std::string::npos) add("", "", p);
    add(p.substr(0, eq), p.substr(eq + 1), p);
  }
  return YamlNode(spec, source, "");
}

std::string graph_to_yaml(const TaskGraph& graph) {
  YAML::Emitter out;
  out << YAML::BeginMap << YAML::Key << "tasks" << YAML::Value << YAML::BeginSeq;
  for (TaskId t = 0; t < graph.size(); ++t) {  // the graph's order, as graph_to_jsonl
    const TaskProps& task = graph.task(t);
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "id" << YAML::Value << task.id;
    if (!task.kernel.empty()) out << YAML::Key << "kernel" << YAML::Value << task.kernel;
    const auto preds = graph.predecessors(t);
    if (!preds.empty()) {
      out << YAML::Key << "after" << YAML::Value << YAML::Flow << YAML::BeginSeq;
      for (const TaskId p : preds)
        out << graph.task(p).id;
      out << YAML::EndSeq;
    }
    out << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::EndMap;
  return std::string(out.c_str()) + '\n';
}

// The format gen writes: --format, else the output's extension, else YAML. A file is read by
// its extension, so an output named for another format than the one written is refused.
GraphFormat gen_format(const GenOptions& o) {
  const std::optional<GraphFormat> named = graph_format_of(o.output);
  if (named && *named != GraphFormat::yaml && *named != GraphFormat::jsonl) {
    throw InputError({"--output " + o.output, 0, 0},
                     fmt::format("graph gen writes YAML (.yaml, .yml) or JSON Lines (.jsonl), "
                                 "not {}",
                                 graph_format_name(*named)));
  }
  if (o.format.empty()) return named.value_or(GraphFormat::yaml);
  const GraphFormat format = o.format == "jsonl" ? GraphFormat::jsonl : GraphFormat::yaml;
  if (named && *named != format) {
    throw InputError({"--format " + o.format, 0, 0},
                     fmt::format("--output {} names a {} file, and files are read by their "
                                 "extension: leave --format out, or name the output for {}",
                                 o.output, graph_format_name(*named), graph_format_name(format)));
  }
  return format;
}

int generate(const GenOptions& o) {
  const bool jsonl = gen_format(o) == GraphFormat::jsonl;
  std::optional<OutputFile> file;  // opened first: a bad path fails before generating
  if (!o.output.empty()) file.emplace(o.output, "graph");
  const TaskGraph graph = generate_graph(generator_spec(o));
  const std::string text = jsonl ? graph_to_jsonl(graph) : graph_to_yaml(graph);
  if (file) {
    file->stream() << text;
    file->commit();
  } else {
    std::cout << text;
  }
  return kExitOk;
}

// A graph tool's options: FILE and --set always; --cost and --json only where the tool uses
// them, so that CLI11 rejects them elsewhere rather than they be ignored.
struct GraphTool {
  const char* name;
  const char* help;
  const char* file_help;
  bool cost;  // --cost: the task costs of the ranks
  bool json;  // --json: JSON instead of a table
};

constexpr const char* kAnyGraphFile =
    "A workload with a graph section, or a graph file (.yaml, .dot, .stg, .jsonl)";

template <class Fn>
void add_graph_tool(CLI::App& graph, Action& action, const GraphTool& tool, Fn run) {
  auto o = std::make_shared<GraphOptions>();
  o->tool = tool.name;
  o->file_help = tool.file_help;
  CLI::App* cmd = graph.add_subcommand(tool.name, tool.help);
  cmd->add_option("file", o->file, tool.file_help)->required();
  cmd->add_option("--set", o->overrides, "Override a workload value (as for `run`)")
      ->type_name("KEY=VALUE");
  if (tool.cost) {
    cmd->add_option("--cost", o->cost,
                    "Task costs for the ranks: unit, estimated or explicit (default: the file's "
                    "graph.ranks, else unit)");
  }
  if (tool.json) cmd->add_flag("--json", o->json, "Print JSON instead of a table");
  cmd->callback([&action, o, run] { action = [o, run] { return run(*o); }; });
}

}  // namespace

void add_graph_command(CLI::App& app, Action& action) {
  CLI::App* graph = app.add_subcommand("graph", "Task-graph tools: ranks, stats, lower, gen");
  graph->require_subcommand(1);
  add_graph_tool(
      *graph, action,
      {"ranks", "Print each task's HEFT upward rank and queue priority", kAnyGraphFile, true, true},
      print_ranks);
  add_graph_tool(
      *graph, action,
      {"stats", "Print size, depth, width and critical-path length", kAnyGraphFile, true, false},
      print_stats);
  // Lowering needs the workload's kernels and takes its ranks from graph.ranks (--set).
  add_graph_tool(*graph, action,
                 {"lower", "Show the queues and packets a workload's graph is lowered to",
                  "A workload with a graph section", false, false},
                 print_lowering);
  auto gen = std::make_shared<GenOptions>();
  CLI::App* cmd = graph->add_subcommand(
      "gen", "Generate a graph: chain, fork-join, diamond, layered, nw, cholesky");
  cmd->add_option("kind", gen->kind, "chain | fork-join | diamond | layered | nw | cholesky")
      ->required();
  cmd->add_option("params", gen->params, "key=value parameters, e.g. n=8 kernel=k (see README)");
  add_output_option(*cmd, "-o,--output", gen->output, "Write the graph here instead of stdout");
  cmd->add_option("--format", gen->format,
                  "yaml or jsonl (JSON Lines, one task per line: much faster to read for large "
                  "graphs); default jsonl when the output is named *.jsonl, else yaml")
      ->check(CLI::IsMember({"yaml", "jsonl"}));
  cmd->callback([&action, gen] { action = [gen] { return generate(*gen); }; });
}

}  // namespace aqlsim::cli
