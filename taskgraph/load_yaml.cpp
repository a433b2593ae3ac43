#include "taskgraph/load_yaml.hpp"

#include <cstdint>
#include <limits>

#include "config/limits.hpp"

namespace aqlsim::taskgraph {
namespace {

// A grid dimension in an AQL dispatch packet is 32 bits wide.
constexpr std::int64_t kMaxWorkgroups = std::numeric_limits<std::uint32_t>::max();

TaskProps read_yaml_task(const YamlNode& node) {
  node.allow_keys({"id", "kernel", "cost", "workgroups", "after"});
  TaskProps task{.id = node.require("id").as_identifier(), .where = node.location()};
  if (auto kernel = node.get("kernel")) task.kernel = kernel->as_identifier();
  if (auto cost = node.get("cost")) task.cost = cost->as_double(0, limits::kMaxCost);
  if (auto workgroups = node.get("workgroups"))
    task.workgroups = workgroups->as_int(1, kMaxWorkgroups);
  return task;
}

void add_after_edges(TaskGraph& graph, const YamlNode& task_node, TaskId task) {
  const auto after = task_node.get("after");
  if (!after) return;
  for (const YamlNode& before : after->elements()) {
    graph.add_edge(before.as_identifier(), task, before.location());
  }
}

void add_listed_edge(TaskGraph& graph, const YamlNode& node) {
  node.allow_keys({"from", "to", "cost"});
  const double cost = node.double_or("cost", 0, 0, limits::kMaxCost);
  graph.add_edge(node.require("from").as_identifier(), node.require("to").as_identifier(),
                 node.location(), cost);
}

}  // namespace

TaskGraph load_graph_yaml(const YamlNode& graph_node) {
  graph_node.allow_keys({"tasks", "edges"});
  return read_graph_yaml(graph_node);
}

TaskGraph read_graph_yaml(const YamlNode& graph_node) {
  const std::vector<YamlNode> tasks = graph_node.require("tasks").elements();
  TaskGraph graph;
  // All tasks first, so that edges may name tasks defined further down.
  std::vector<TaskId> ids;
  ids.reserve(tasks.size());
  for (const YamlNode& task : tasks)
    ids.push_back(graph.add_task(read_yaml_task(task)));
  for (std::size_t i = 0; i < tasks.size(); ++i)
    add_after_edges(graph, tasks[i], ids[i]);
  if (auto edges = graph_node.get("edges")) {
    for (const YamlNode& edge : edges->elements())
      add_listed_edge(graph, edge);
  }
  graph.check_acyclic();
  return graph;
}

TaskGraph load_graph_file(const std::string& path) {
  return load_graph_yaml(load_yaml_file(path));
}

}  // namespace aqlsim::taskgraph
