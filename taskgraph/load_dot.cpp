#include "taskgraph/load_dot.hpp"

#include <fmt/format.h>

#include <boost/graph/graphviz.hpp>
#include <boost/range/iterator_range.hpp>
#include <cctype>
#include <charconv>
#include <cmath>
#include <string_view>

#include "config/identifier.hpp"
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

// A cursor over DOT text that knows its line and column (columns count characters).
class DotCursor {
 public:
  explicit DotCursor(std::string_view text) : text_(text) {}
  bool done() const { return at_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const {
    return at_ + ahead < text_.size() ? text_[at_ + ahead] : '\0';
  }
  void advance() {
    if (text_[at_] == '\n') {
      ++line_;
      column_ = 1;
    } else if ((static_cast<unsigned char>(text_[at_]) & 0xC0) != 0x80) {
      ++column_;
    }
    ++at_;
  }
  // Advances past the first `end` (or to the end of the text).
  void skip_past(std::string_view end) {
    while (!done() && text_.substr(at_, end.size()) != end)
      advance();
    for (std::size_t i = 0; i < end.size() && !done(); ++i)
      advance();
  }
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  int line_ = 1;
  int column_ = 1;
};

bool starts_name(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}
bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// A DOT numeral has no exponent or unit: Graphviz splits "1e3" or "5us" into two ids (and warns
// of a badly delimited number), and Boost's reader then drops the second without a word, so
// `cost=1e3` would be read as 1. Such a token is an error here; quoted, "1e3" is read whole.
void check_numerals(std::string_view text, const std::string& name) {
  DotCursor at(text);
  while (!at.done()) {
    const char c = at.peek();
    if (c == '"') {  // a quoted id, with backslash escapes
      at.advance();
      while (!at.done() && at.peek() != '"') {
        if (at.peek() == '\\') at.advance();
        if (!at.done()) at.advance();
      }
      if (!at.done()) at.advance();
    } else if (c == '<') {  // an HTML id, whose angle brackets nest
      int depth = 0;
      do {
        depth += at.peek() == '<' ? 1 : at.peek() == '>' ? -1 : 0;
        at.advance();
      } while (!at.done() && depth > 0);
    } else if (c == '/' && at.peek(1) == '/') {
      at.skip_past("\n");
    } else if (c == '/' && at.peek(1) == '*') {
      at.skip_past("*/");
    } else if (c == '#' && at.column() == 1) {  // a C preprocessor line
      at.skip_past("\n");
    } else if (starts_name(c)) {  // a name may hold digits: `a1e3` is one id
      while (!at.done() && (starts_name(at.peek()) || is_digit(at.peek())))
        at.advance();
    } else if (is_digit(c) || (c == '.' && is_digit(at.peek(1)))) {
      const int line = at.line();
      const int column = at.column();
      std::string numeral;
      while (!at.done() && (is_digit(at.peek()) || at.peek() == '.')) {
        numeral += at.peek();
        at.advance();
      }
      if (starts_name(at.peek())) {
        std::string rest;
        for (std::size_t i = 0; starts_name(at.peek(i)) || is_digit(at.peek(i)); ++i)
          rest += at.peek(i);
        throw InputError({name, line, column},
                         fmt::format("'{}{}' is not a DOT number (a number has no exponent or "
                                     "unit): quote it (\"{}{}\") or write it out",
                                     numeral, rest, numeral, rest));
      }
    } else {
      at.advance();
    }
  }
}

DotGraph parse_dot(const std::string& text, const std::string& name) {
  check_numerals(text, name);
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
  if (!is_identifier(node.name)) {
    throw InputError({name, 0, 0},
                     fmt::format("node '{}': expected {}", printable(node.name), kIdentifierRule));
  }
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
