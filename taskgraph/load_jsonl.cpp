#include "taskgraph/load_jsonl.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <string_view>
#include <vector>

#include "config/utf8.hpp"

namespace aqlsim::taskgraph {
namespace {

using Json = nlohmann::json;

constexpr std::int64_t kMaxWorkgroups = std::numeric_limits<std::uint32_t>::max();

// One non-blank line of the file, parsed.
struct Line {
  Json object;
  SourceLocation where;
};

[[noreturn]] void fail(const SourceLocation& where, const std::string& message) {
  throw InputError(where, message);
}

// Parses one line, rejecting a key repeated within an object (the parser would keep the last).
Json parse_line(std::string_view text, const SourceLocation& where) {
  std::vector<std::set<std::string>> keys;  // one set per open object
  const auto check = [&](int, Json::parse_event_t event, Json& parsed) {
    if (event == Json::parse_event_t::object_start) keys.emplace_back();
    if (event == Json::parse_event_t::object_end) keys.pop_back();
    if (event == Json::parse_event_t::key && !keys.back().insert(parsed.get<std::string>()).second)
      fail(where, fmt::format("the key '{}' is given twice", parsed.get<std::string>()));
    return true;
  };
  try {
    return Json::parse(text, check);
  } catch (const Json::parse_error& e) {
    // e.byte is the offending byte's 1-based offset in the line (the column, in bytes).
    const int column = static_cast<int>(std::max<std::size_t>(e.byte, 1));
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..."
    std::string message = e.what();
    const std::size_t detail = message.find(": ", message.find("column"));
    if (detail != std::string::npos) message.erase(0, detail + 2);
    fail({where.file, where.line, column}, "not a JSON object: " + message);
  } catch (const Json::exception& e) {
    // A number beyond a double ("[json.exception.out_of_range.406] number overflow ...").
    std::string message = e.what();
    message.erase(0, message.find(']') + 2);
    fail(where, message);
  }
}

// Calls `each` with every non-blank line, parsed, in order.
template <class Fn>
void for_each_line(const std::string& text, const std::string& name, Fn each) {
  std::size_t begin = 0;
  for (int number = 1; begin < text.size(); ++number) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + begin, end - begin);
    if (line.find_first_not_of(" \t\r") != std::string_view::npos) {
      const SourceLocation where{name, number, 1};
      Json object = parse_line(line, where);
      if (!object.is_object()) fail(where, "expected a JSON object (a task or an edge) per line");
      each(Line{std::move(object), where});
    }
    begin = end + 1;
  }
}

void allow_keys(const Line& line, std::initializer_list<std::string_view> allowed) {
  for (const auto& [key, value] : line.object.items()) {
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end())
      fail(line.where,
           fmt::format("unknown key '{}'; expected one of {}", key, fmt::join(allowed, ", ")));
  }
}

std::string identifier(const Json& value, std::string_view key, const SourceLocation& where) {
  if (!value.is_string()) fail(where, fmt::format("'{}' must be a string", key));
  const auto& text = value.get_ref<const std::string&>();
  if (text.empty() || text.find_first_of(" \t.\n") != std::string::npos)
    fail(where, fmt::format("'{}': expected a name without spaces or dots, found '{}'", key, text));
  return text;
}

std::string required_identifier(const Line& line, std::string_view key) {
  const auto it = line.object.find(key);
  if (it == line.object.end()) fail(line.where, fmt::format("missing '{}'", key));
  return identifier(*it, key, line.where);
}

std::optional<double> cost(const Line& line) {
  const auto it = line.object.find("cost");
  if (it == line.object.end()) return std::nullopt;
  if (!it->is_number() || !std::isfinite(it->get<double>()) || it->get<double>() < 0)
    fail(line.where, fmt::format("'cost' must be a number >= 0, found {}", it->dump()));
  return it->get<double>();
}

TaskProps read_task(const Line& line) {
  allow_keys(line, {"id", "kernel", "cost", "workgroups", "after"});
  TaskProps task{.id = required_identifier(line, "id"), .where = line.where};
  if (line.object.contains("kernel")) task.kernel = required_identifier(line, "kernel");
  task.cost = cost(line);
  if (const auto it = line.object.find("workgroups"); it != line.object.end()) {
    if (!it->is_number_integer() || it->get<std::int64_t>() < 1 ||
        it->get<std::int64_t>() > kMaxWorkgroups) {
      fail(line.where, fmt::format("'workgroups' must be an integer from 1 to {}, found {}",
                                   kMaxWorkgroups, it->dump()));
    }
    task.workgroups = it->get<std::int64_t>();
  }
  return task;
}

// An edge read before every task is known: edges are added once the tasks are.
struct PendingEdge {
  std::string from;
  std::string to;
  int line = 0;
  double cost = 0;
};

void read_after(const Line& line, const std::string& id, std::vector<PendingEdge>& edges) {
  const auto after = line.object.find("after");
  if (after == line.object.end()) return;
  if (!after->is_array()) fail(line.where, "'after' must be a list of task ids");
  for (const Json& before : *after)
    edges.push_back({identifier(before, "after", line.where), id, line.where.line});
}

PendingEdge read_edge(const Line& line) {
  allow_keys(line, {"from", "to", "cost"});
  return {required_identifier(line, "from"), required_identifier(line, "to"), line.where.line,
          cost(line).value_or(0)};
}

double edge_cost(const TaskGraph& graph, TaskId from, TaskId to) {
  return graph.graph()[boost::edge(from, to, graph.graph()).first].comm_cost;
}

}  // namespace

TaskGraph load_graph_jsonl_text(const std::string& text, const std::string& name) {
  check_utf8(text, name);
  TaskGraph graph;
  // As for YAML: every task's `after` edges in task order, then the edge lines.
  std::vector<PendingEdge> after;
  std::vector<PendingEdge> listed;
  for_each_line(text, name, [&](const Line& line) {
    if (!line.object.contains("id")) {
      listed.push_back(read_edge(line));
      return;
    }
    TaskProps task = read_task(line);
    read_after(line, task.id, after);
    graph.add_task(std::move(task));
  });
  for (const auto* edges : {&after, &listed}) {
    for (const PendingEdge& e : *edges)
      graph.add_edge(e.from, e.to, {name, e.line, 1}, e.cost);
  }
  graph.check_acyclic();
  return graph;
}

std::string graph_to_jsonl(const TaskGraph& graph) {
  std::string out;
  std::vector<nlohmann::ordered_json> costed;  // edges with a communication cost, written last
  for (const TaskId t : graph.topological_order()) {
    const TaskProps& task = graph.task(t);
    nlohmann::ordered_json line{{"id", task.id}};
    if (!task.kernel.empty()) line["kernel"] = task.kernel;
    if (task.cost) line["cost"] = *task.cost;
    if (task.workgroups) line["workgroups"] = *task.workgroups;
    nlohmann::ordered_json after = nlohmann::ordered_json::array();
    for (const TaskId p : graph.predecessors(t)) {
      const double c = edge_cost(graph, p, t);
      if (c == 0) {
        after.push_back(graph.task(p).id);
      } else {
        costed.push_back({{"from", graph.task(p).id}, {"to", task.id}, {"cost", c}});
      }
    }
    if (!after.empty()) line["after"] = std::move(after);
    out += line.dump();
    out += '\n';
  }
  for (const nlohmann::ordered_json& edge : costed) {
    out += edge.dump();
    out += '\n';
  }
  return out;
}

}  // namespace aqlsim::taskgraph
