#include "taskgraph/load_dot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/graph/graphviz.hpp>
#include <boost/range/iterator_range.hpp>
#include <cctype>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "config/identifier.hpp"
#include "config/input_file.hpp"
#include "config/limits.hpp"
#include "config/parse_real.hpp"
#include "config/utf8.hpp"
#include "taskgraph/dot_node_places.hpp"
#include "taskgraph/dot_syntax_error.hpp"
#include "taskgraph/dot_text.hpp"

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

bool starts_name(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// A DOT numeral is [-]digits with at most one point, and nothing glued to it: Graphviz splits
// "1e3", "5us", "12.34.56", "3-4" or "7\"8\"" into two ids (and warns of a badly delimited
// number), and Boost's reader then drops the second without a word, so `cost=1e3` would be
// read as 1. Such a token is an error here; quoted, "1e3" is read whole.
bool starts_numeral(const DotCursor& at, std::size_t i = 0) {
  const char c = at.peek(i);
  return is_dot_digit(c) || (c == '.' && is_dot_digit(at.peek(i + 1))) ||
         (c == '-' && (is_dot_digit(at.peek(i + 1)) || at.peek(i + 1) == '.'));
}

void check_numerals(std::string_view text, const std::string& name) {
  walk_dot(text, [&](DotCursor& at) {
    const char c = at.peek();
    if (starts_name(c)) {  // a name may hold digits: `a1e3` is one id
      while (!at.done() && (starts_name(at.peek()) || is_dot_digit(at.peek())))
        at.advance();
    } else if (starts_numeral(at)) {
      const int line = at.line();
      const int column = at.column();
      std::string numeral(1, c);
      int points = c == '.' ? 1 : 0;
      for (at.advance(); !at.done() && (is_dot_digit(at.peek()) || at.peek() == '.');
           at.advance()) {
        points += at.peek() == '.' ? 1 : 0;
        numeral += at.peek();
      }
      const char next = at.peek();
      if (points <= 1 && !starts_name(next) && next != '"' && !starts_numeral(at)) return;
      // The token as Graphviz would have warned of it: up to the next separator.
      constexpr std::string_view kSeparators = " \t\r\n,;=[]{}";
      constexpr std::size_t kShown = 40;
      for (std::size_t i = 0; numeral.size() < kShown && at.peek(i) != '\0' &&
                              kSeparators.find(at.peek(i)) == std::string_view::npos;
           ++i)
        numeral += at.peek(i);
      throw InputError({name, line, column},
                       fmt::format("'{}' is not a DOT number (digits with at most one point; no "
                                   "exponent, unit or other text glued to it): quote it or write "
                                   "it out",
                                   numeral));
    } else {
      at.advance();
    }
  });
}

// What Boost's reader would build, estimated from the text before it reads it, as it checks
// none of it (DotCursor's tokens: an id is a name, a numeral, a quoted or an HTML id).
//  - It descends once for each nested `{` and has no limit: about 17,000 levels overflow an
//    8 MiB stack here (fewer under a sanitizer). DOT files nest a few levels.
//  - It copies what it has read so far into each subgraph it starts: 8,000 one-node subgraphs
//    took 1.3 GB and 8 s, 300 after 20,000 nodes 250 MB. The ids before each `{`, summed, bound
//    that work (about 40 bytes each).
//  - An edge between two subgraphs is an edge from each node of one to each of the other:
//    `subgraph {b0 ... b5999} -> subgraph {c0 ... c5999}`, 70 KB of text, is 36 million edges,
//    all built before the graph's edge limit could be checked. The ids in each group bound its
//    nodes.
constexpr std::size_t kMaxNesting = 1000;
constexpr std::uint64_t kMaxIdsCopied = 50'000'000;

class DotEstimate {
 public:
  DotEstimate(std::string_view text, const std::string& name) : at_(text), name_(name) {}

  void check() {
    while (!at_.done()) {
      if (skip_separator(at_)) continue;
      const char c = at_.peek();
      if (c == '"' || c == '<' || starts_name(c) || is_dot_digit(c) || c == '.') {
        read_id(c);
        ++ids_;
        last_closed_group_ = false;
        continue;
      }
      if (c == '{') {
        open_group();
      } else if (c == '}') {
        close_group();
        at_.advance();
        continue;
      } else if (c == '-' && (at_.peek(1) == '>' || at_.peek(1) == '-')) {
        left_ = last_closed_group_ ? last_group_size_ : 1;
        pending_ = Pending::operand;
        at_.advance(2);
        continue;
      } else if (std::isspace(static_cast<unsigned char>(c)) == 0) {
        pending_ = Pending::none;  // a `;`, `[`, `=`...: no subgraph operand follows the edge
        last_closed_group_ = false;
      }
      at_.advance();
    }
  }

 private:
  struct Group {
    std::uint64_t ids_before;
    std::uint64_t edge_left;  // the size of the edge's other side, 0 unless the right operand
  };

  // After an edge, `subgraph`, then perhaps its name, still lead to the edge's operand; any
  // other id is the operand.
  void read_id(char c) {
    std::string word;
    if (c == '"') {
      skip_quoted_id(at_);
    } else if (c == '<') {
      skip_html_id(at_);
    } else {
      for (; !at_.done() &&
             (starts_name(at_.peek()) || is_dot_digit(at_.peek()) || at_.peek() == '.');
           at_.advance())
        word += static_cast<char>(std::tolower(static_cast<unsigned char>(at_.peek())));
    }
    if (pending_ == Pending::operand && word == "subgraph") {
      pending_ = Pending::subgraph_keyword;
    } else if (pending_ == Pending::subgraph_keyword) {
      pending_ = Pending::subgraph_named;
    } else {
      pending_ = Pending::none;
    }
  }

  void open_group() {
    if (groups_.size() >= kMaxNesting) {
      throw InputError({name_, at_.line(), at_.column()},
                       fmt::format("braces nested deeper than {} levels: Boost's DOT reader "
                                   "would run out of stack",
                                   kMaxNesting));
    }
    copied_ += ids_;
    if (copied_ > kMaxIdsCopied) {
      throw InputError({name_, at_.line(), at_.column()},
                       fmt::format("too many subgraphs after too many nodes: Boost's DOT reader "
                                   "copies the graph read so far into each subgraph, here more "
                                   "than {} ids in all; declare the subgraphs first, use fewer, or "
                                   "write the graph as YAML or JSON Lines",
                                   kMaxIdsCopied));
    }
    groups_.push_back({ids_, pending_ != Pending::none ? left_ : 0});
    pending_ = Pending::none;
  }

  void close_group() {
    if (groups_.empty()) return;  // Boost's reader reports the syntax error
    const Group group = groups_.back();
    groups_.pop_back();
    last_group_size_ = ids_ - group.ids_before;
    last_closed_group_ = true;
    edges_ += group.edge_left * last_group_size_;
    if (edges_ > limits::kMaxGraphEdges) {
      throw InputError({name_, at_.line(), at_.column()},
                       fmt::format("a task graph has at most {} edges (the limit): the edges "
                                   "between subgraphs up to here make more",
                                   limits::kMaxGraphEdges));
    }
  }

  DotCursor at_;
  const std::string& name_;
  std::vector<Group> groups_;
  std::uint64_t ids_ = 0;
  std::uint64_t copied_ = 0;
  std::uint64_t edges_ = 0;
  std::uint64_t left_ = 1;
  std::uint64_t last_group_size_ = 0;
  bool last_closed_group_ = false;
  // Where the text stands after an edge operator, until its right operand starts.
  enum class Pending { none, operand, subgraph_keyword, subgraph_named };
  Pending pending_ = Pending::none;
};

// Boost's reader, for the attributes that make a task graph.
void read_dot(const std::string& text, DotGraph& dot) {
  boost::dynamic_properties properties(boost::ignore_other_properties);
  properties.property("node_id", boost::get(&DotNode::name, dot));
  properties.property("kernel", boost::get(&DotNode::kernel, dot));
  properties.property("cost", boost::get(&DotNode::cost, dot));
  properties.property("size", boost::get(&DotNode::size, dot));
  properties.property("cost", boost::get(&DotEdge::cost, dot));
  properties.property("size", boost::get(&DotEdge::size, dot));
  boost::read_graphviz(text, dot, properties, "node_id");
}

// The largest text whose syntax errors are given a place.
constexpr std::size_t kLocatedUpToKiB = 256;

// The reader's message for `text`, nullopt when it reads.
std::optional<std::string> syntax_error_of(std::string_view text) {
  DotGraph dot;
  try {
    read_dot(std::string(text), dot);
  } catch (const boost::bad_graphviz_syntax& e) {
    return e.errmsg;  // what() would end at a NUL byte
  } catch (const boost::graph_exception& e) {
    return e.what();
  } catch (const std::runtime_error& e) {  // Boost.Regex gave up
    return e.what();
  }
  return std::nullopt;
}

// Whether the text holds an HTML id (`<...>` outside quotes and comments).
bool has_html_id(std::string_view text) {
  DotCursor at(text);
  while (!at.done()) {
    if (at.peek() == '<') return true;
    if (!skip_non_token_text(at)) at.advance();
  }
  return false;
}

// Boost's message for two Graphviz constructs its reader (1.74) cannot read, with what to write.
std::string with_hint(const std::string& message, std::string_view text) {
  // It wants a second brace after the `{` of a subgraph without the keyword (`a -> {b c}`).
  if (message.starts_with("Wanted left brace to start subgraph")) {
    return message +
           "; Boost's DOT reader cannot read a subgraph written `{ ... }`: "
           "write `subgraph { ... }`";
  }
  // It reads `<b>x</b>` as an HTML id, but takes the `<<b>` of Graphviz's `<<b>x</b>>` for one
  // tag and the `<x>` of a plain `<x>` for an open one.
  const bool html = message.starts_with("Unclosed HTML string") ||
                    message.starts_with("Invalid contents in HTML string") ||
                    message.starts_with("Invalid character (char is '>')");
  if (html && has_html_id(text)) {
    return message +
           "; Boost's DOT reader cannot read Graphviz's HTML-like labels (`label=<...>`): aqlsim "
           "reads no label, so quote it or leave it out";
  }
  return message;
}

// Where the graph's keyword stands (`graph` or `digraph`, after `strict` if given; DOT's
// keywords are case-independent).
DotPlace graph_keyword_place(std::string_view text) {
  DotCursor at(text);
  skip_between_tokens(at);
  std::string word;
  for (std::size_t i = 0; i < 6; ++i)
    word += static_cast<char>(std::tolower(static_cast<unsigned char>(at.peek(i))));
  if (word == "strict") {
    at.advance(word.size());
    skip_between_tokens(at);
  }
  return at.place();
}

DotGraph parse_dot(const std::string& text, const std::string& name) {
  check_numerals(text, name);
  DotEstimate(text, name).check();
  DotGraph dot;
  try {
    read_dot(text, dot);
  } catch (const boost::bad_graphviz_syntax& e) {
    const std::string message = fmt::format(
        "malformed DOT graph: {}", with_hint(printable(escape_invalid_utf8(e.errmsg)), text));
    // Boost's message has no place. Finding it reads about 2 log2(n) prefixes, and Boost reads
    // dense DOT at about 2 MB/s here: about 2 s at the limit.
    if (text.size() > kLocatedUpToKiB * 1024) {
      throw InputError({name, 0, 0},
                       fmt::format("{} (the place of a syntax error is searched for in files of "
                                   "up to {} KiB only)",
                                   message, kLocatedUpToKiB));
    }
    const DotPlace place = locate_dot_syntax_error(text, e.errmsg, syntax_error_of);
    throw InputError({name, place.line, place.column}, message);
  } catch (const boost::undirected_graph_error&) {
    const DotPlace at = graph_keyword_place(text);
    throw InputError({name, at.line, at.column},
                     "an undirected graph: a task graph is directed, so write `digraph` and "
                     "`->` edges");
  } catch (const boost::graph_exception& e) {
    throw InputError({name, 0, 0}, fmt::format("malformed DOT graph: {}", e.what()));
  } catch (const std::runtime_error& e) {
    // Boost.Regex's "ran out of stack space": its lexer matches all the comments and
    // backslash-newlines between two tokens in one regular expression.
    throw InputError({name, 0, 0},
                     fmt::format("Boost's DOT reader cannot read this file ({}): it gives up on "
                                 "a very long run of comments between two tokens",
                                 e.what()));
  }
  return dot;
}

// `cost`, else `size`, as a number >= 0; nothing when neither is given.
std::optional<double> read_cost(const std::string& cost, const std::string& size,
                                const std::string& owner, const SourceLocation& where) {
  const std::string& text = cost.empty() ? size : cost;
  if (text.empty()) return std::nullopt;
  // Beyond a double's range, a cost is inf (over the limit, which TaskGraph reports) or 0.
  const std::optional<double> value = parse_real(text);
  if (!value || *value < 0) {
    throw InputError(where, fmt::format("{}: expected a cost >= 0, found '{}'", owner, text));
  }
  return value;
}

// `where`: the node's first mention (errors about its cost are placed there too: a cost may be
// set in several places, and the last one read wins).
TaskProps to_task(const DotNode& node, const SourceLocation& where) {
  if (!is_identifier(node.name)) {
    throw InputError(where,
                     fmt::format("node '{}': expected {}", printable(node.name), kIdentifierRule));
  }
  return TaskProps{
      .id = node.name,
      .kernel = node.kernel,
      .cost = read_cost(node.cost, node.size, fmt::format("node '{}'", node.name), where),
      .where = where};
}

// Where node `id` is first named (no line if the walk could not place it).
SourceLocation node_location(const std::unordered_map<std::string, DotPlace>& places,
                             const std::string& id, const SourceFile& file) {
  const auto place = places.find(id);
  if (place == places.end()) return {file, 0, 0};
  return {file, place->second.line, place->second.column};
}

// The vertices in the order their nodes are first named in the file, as a YAML or JSON Lines
// graph lists its tasks (Boost's reader orders them by name, so `queue_order: listed` would
// have meant alphabetical order for DOT alone). Nodes the walk could not place come last, in
// Boost's order.
std::vector<std::size_t> vertices_in_file_order(
    const DotGraph& dot, const std::unordered_map<std::string, DotPlace>& places) {
  const auto place_of = [&](std::size_t v) {
    const auto place = places.find(dot[v].name);
    return place == places.end()
               ? std::pair{std::numeric_limits<int>::max(), std::numeric_limits<int>::max()}
               : std::pair{place->second.line, place->second.column};
  };
  std::vector<std::size_t> order(boost::num_vertices(dot));
  for (std::size_t v = 0; v < order.size(); ++v)
    order[v] = v;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return place_of(a) < place_of(b); });
  return order;
}

}  // namespace

TaskGraph load_graph_dot_text(const std::string& text, const std::string& name) {
  check_text(text, name);
  const DotGraph dot = parse_dot(text, name);
  const std::unordered_map<std::string, DotPlace> places = dot_node_places(text);
  TaskGraph graph;
  const SourceFile file(name);
  std::vector<TaskId> task_of(boost::num_vertices(dot));
  for (const std::size_t v : vertices_in_file_order(dot, places)) {
    task_of[v] = graph.add_task(to_task(dot[v], node_location(places, dot[v].name, file)));
  }
  for (const auto e : boost::make_iterator_range(boost::edges(dot))) {
    const auto from = boost::source(e, dot);
    const auto to = boost::target(e, dot);
    const std::string owner = fmt::format("edge '{}' -> '{}'", dot[from].name, dot[to].name);
    // Reported, as TaskGraph reports an edge's errors, at its target's first mention.
    const SourceLocation& where = graph.task(task_of[to]).where;
    graph.add_edge(task_of[from], task_of[to],
                   read_cost(dot[e].cost, dot[e].size, owner, where).value_or(0.0));
  }
  graph.check_acyclic();
  return graph;
}

TaskGraph load_graph_dot(const std::string& path) {
  return load_graph_dot_text(read_input_file(path), path);
}

}  // namespace aqlsim::taskgraph
