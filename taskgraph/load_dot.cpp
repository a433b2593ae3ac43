#include "taskgraph/load_dot.hpp"

#include <fmt/format.h>

#include <boost/graph/graphviz.hpp>
#include <boost/range/iterator_range.hpp>
#include <charconv>
#include <cmath>

#include "config/input_file.hpp"
#include "config/utf8.hpp"

namespace aqlsim::taskgraph {
namespace {

// Attributes as the DOT file spells them; converted and checked after parsing.
struct DotNode {
  std::string name;
  std::string kernel;
  std::string cost;
  std::string size;
};

struct DotEdge {
  std::string cost;
  std::string size;
};

using DotGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, DotNode, DotEdge>;

DotGraph parse_dot(const std::string& text, const std::string& name) {
  DotGraph dot;
  boost::dynamic_properties properties(boost::ignore_other_properties);
  properties.property("node_id", boost::get(&DotNode::name, dot));
  properties.property("kernel", boost::get(&DotNode::kernel, dot));
  properties.property("cost", boost::get(&DotNode::cost, dot));
  properties.property("size", boost::get(&DotNode::size, dot));
  properties.property("cost", boost::get(&DotEdge::cost, dot));
  properties.property("size", boost::get(&DotEdge::size, dot));
  try {
    boost::read_graphviz(text, dot, properties, "node_id");
  } catch (const boost::graph_exception& e) {
    throw InputError({name, 0, 0}, fmt::format("malformed DOT graph: {}", e.what()));
  }
  return dot;
}

// `cost`, else `size`, as a number >= 0; nothing when neither is given.
std::optional<double> read_cost(const std::string& cost, const std::string& size,
                                const std::string& owner, const std::string& name) {
  const std::string& text = cost.empty() ? size : cost;
  if (text.empty()) return std::nullopt;
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(value) || value < 0) {
    throw InputError({name, 0, 0},
                     fmt::format("{}: expected a cost >= 0, found '{}'", owner, text));
  }
  return value;
}

TaskProps to_task(const DotNode& node, const SourceFile& name) {
  return TaskProps{
      .id = node.name,
      .kernel = node.kernel,
      .cost = read_cost(node.cost, node.size, fmt::format("node '{}'", node.name), name),
      .where = {name, 0, 0}};
}

}  // namespace

TaskGraph load_graph_dot_text(const std::string& text, const std::string& name) {
  check_utf8(text, name);
  const DotGraph dot = parse_dot(text, name);
  TaskGraph graph;
  const SourceFile file(name);
  for (const auto v : boost::make_iterator_range(boost::vertices(dot))) {
    graph.add_task(to_task(dot[v], file));
  }
  // Vertices were added in the same order, so DOT and task ids coincide.
  for (const auto e : boost::make_iterator_range(boost::edges(dot))) {
    const auto from = boost::source(e, dot);
    const auto to = boost::target(e, dot);
    const std::string owner = fmt::format("edge '{}' -> '{}'", dot[from].name, dot[to].name);
    graph.add_edge(from, to, read_cost(dot[e].cost, dot[e].size, owner, name).value_or(0.0));
  }
  graph.check_acyclic();
  return graph;
}

TaskGraph load_graph_dot(const std::string& path) {
  return load_graph_dot_text(read_input_file(path), path);
}

}  // namespace aqlsim::taskgraph
