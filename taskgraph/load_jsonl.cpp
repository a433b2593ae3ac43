#include "taskgraph/load_jsonl.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <string_view>
#include <vector>

#include "config/identifier.hpp"
#include "config/json_excerpt.hpp"
#include "config/utf8.hpp"
#include "taskgraph/jsonl_line.hpp"

namespace aqlsim::taskgraph {
namespace {

using Json = nlohmann::json;

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
    fail(where, without_exception_id(e));
  }
}

// Calls `each` with every non-blank line and where it is, in order.
template <class Fn>
void for_each_line(const std::string& text, const SourceFile& file, Fn each) {
  std::size_t begin = 0;
  for (int number = 1; begin < text.size(); ++number) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + begin, end - begin);
    if (line.find_first_not_of(" \t\r") != std::string_view::npos)
      each(line, SourceLocation{file, number, 1});
    begin = end + 1;
  }
}

Line parse_document(std::string_view text, const SourceLocation& where) {
  Json object = parse_line(text, where);
  if (!object.is_object()) fail(where, "expected a JSON object (a task or an edge) per line");
  return Line{std::move(object), where};
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
  if (!is_identifier(text))
    fail(where,
         fmt::format("'{}': expected {}, found '{}'", key, kIdentifierRule, printable(text)));
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
    fail(line.where, fmt::format("'cost' must be a number >= 0, found {}", json_excerpt(*it)));
  return it->get<double>();
}

JsonlLine read_jsonl_task(const Line& line) {
  allow_keys(line, {"id", "kernel", "cost", "workgroups", "after"});
  JsonlLine task{.id = required_identifier(line, "id")};
  if (line.object.contains("kernel")) task.kernel = required_identifier(line, "kernel");
  task.cost = cost(line);
  if (const auto it = line.object.find("workgroups"); it != line.object.end()) {
    if (!it->is_number_integer() || it->get<std::int64_t>() < 1 ||
        it->get<std::int64_t>() > kMaxTaskWorkgroups) {
      fail(line.where, fmt::format("'workgroups' must be an integer from 1 to {}, found {}",
                                   kMaxTaskWorkgroups, json_excerpt(*it)));
    }
    task.workgroups = it->get<std::int64_t>();
  }
  if (const auto after = line.object.find("after"); after != line.object.end()) {
    if (!after->is_array()) fail(line.where, "'after' must be a list of task ids");
    task.after.emplace();
    for (const Json& before : *after)
      task.after->push_back(identifier(before, "after", line.where));
  }
  return task;
}

JsonlLine read_edge(const Line& line) {
  allow_keys(line, {"from", "to", "cost"});
  return {.from = required_identifier(line, "from"),
          .to = required_identifier(line, "to"),
          .cost = cost(line)};
}

// A line the quick reader (jsonl_line.hpp) did not take, read as a document: its checks say
// what is wrong.
JsonlLine read_document(std::string_view text, const SourceLocation& where) {
  const Line line = parse_document(text, where);
  return line.object.contains("id") ? read_jsonl_task(line) : read_edge(line);
}

// An edge read before every task is known: edges are added once the tasks are. An `after`
// edge's target is the task whose line lists it.
template <typename Target>
struct PendingEdge {
  std::string from;
  Target to;
  int line = 0;
  double cost = 0;
};

}  // namespace

TaskGraph load_graph_jsonl_text(const std::string& text, const std::string& name) {
  check_text(text, name);
  TaskGraph graph;
  // As for YAML: every task's `after` edges in task order, then the edge lines.
  std::vector<PendingEdge<TaskId>> after;
  std::vector<PendingEdge<std::string>> listed;
  const SourceFile file(name);
  for_each_line(text, file, [&](std::string_view source, const SourceLocation& where) {
    std::optional<JsonlLine> read = read_valid_jsonl_line(source);
    JsonlLine line = read ? std::move(*read) : read_document(source, where);
    if (!line.id) {
      listed.push_back(
          {std::move(*line.from), std::move(*line.to), where.line, line.cost.value_or(0)});
      return;
    }
    const TaskId task = graph.add_task({.id = std::move(*line.id),
                                        .kernel = std::move(line.kernel).value_or(""),
                                        .cost = line.cost,
                                        .workgroups = line.workgroups,
                                        .where = where});
    if (line.after) {
      for (std::string& before : *line.after)
        after.push_back({std::move(before), task, where.line});
    }
  });
  for (const auto& e : after)
    graph.add_edge(e.from, e.to, {file, e.line, 1}, e.cost);
  for (const auto& e : listed)
    graph.add_edge(e.from, e.to, {file, e.line, 1}, e.cost);
  graph.check_acyclic();
  return graph;
}

std::string graph_to_jsonl(const TaskGraph& graph) {
  std::string out;
  std::vector<nlohmann::ordered_json> costed;  // edges with a communication cost, written last
  for (TaskId t = 0; t < graph.size(); ++t) {
    const TaskProps& task = graph.task(t);
    nlohmann::ordered_json line{{"id", task.id}};
    if (!task.kernel.empty()) line["kernel"] = task.kernel;
    if (task.cost) line["cost"] = *task.cost;
    if (task.workgroups) line["workgroups"] = *task.workgroups;
    nlohmann::ordered_json after = nlohmann::ordered_json::array();
    // The edges into t, not a lookup of each from its source: a task with many successors made
    // every lookup long.
    const Graph& g = graph.graph();
    for (const auto& edge : boost::make_iterator_range(boost::in_edges(t, g))) {
      const TaskId p = boost::source(edge, g);
      const double c = g[edge].comm_cost;
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
