#include "taskgraph/dot_node_places.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <vector>

namespace aqlsim::taskgraph {
namespace {

// Boost's tokens as far as placing nodes needs: ids (names, numbers, quoted and HTML ids), the
// `subgraph` keyword, the other keywords, and punctuation (one character, or `->` / `--`).
enum class Kind { id, quoted, subgraph, keyword, punctuation };

struct Token {
  Kind kind;
  std::string value;  // an id's normalised text; a punctuation's first character
  DotPlace place;
};

bool is_punctuation(const Token& t, char c) {
  return t.kind == Kind::punctuation && t.value[0] == c;
}

// Boost's basic id is `[[:alpha:]_]\w*` in the C locale: ASCII only.
bool starts_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool in_word(char c) {
  return starts_word(c) || is_dot_digit(c);
}

Kind word_kind(std::string word) {
  std::ranges::transform(word, word.begin(),
                         [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (word == "subgraph") return Kind::subgraph;
  const bool keyword =
      word == "strict" || word == "graph" || word == "digraph" || word == "node" || word == "edge";
  return keyword ? Kind::keyword : Kind::id;
}

// The length of Boost's number token `-?(\.\d+|\d+(\.\d*)?)` at the cursor, 0 if none.
std::size_t number_length(const DotCursor& at) {
  std::size_t n = at.peek() == '-' ? 1 : 0;
  if (at.peek(n) == '.' && is_dot_digit(at.peek(n + 1))) {
    for (++n; is_dot_digit(at.peek(n));)
      ++n;
    return n;
  }
  if (!is_dot_digit(at.peek(n))) return 0;
  while (is_dot_digit(at.peek(n)))
    ++n;
  if (at.peek(n) == '.') {
    for (++n; is_dot_digit(at.peek(n));)
      ++n;
  }
  return n;
}

// A quoted id's text as Boost keeps it: without the quotes, `\"` as `"`, backslash-newlines
// removed, every other backslash kept.
std::string unquote(std::string_view quoted) {
  const std::string_view inside = quoted.substr(1, quoted.size() >= 2 ? quoted.size() - 2 : 0);
  std::string text;
  for (std::size_t i = 0; i < inside.size(); ++i) {
    const char next = i + 1 < inside.size() ? inside[i + 1] : '\0';
    if (inside[i] == '\\' && (next == '"' || next == '\n')) {
      if (next == '"') text += '"';
      ++i;
    } else {
      text += inside[i];
    }
  }
  return text;
}

// The text's tokens, up to the first character that starts none.
std::vector<Token> tokens_of(std::string_view text) {
  std::vector<Token> tokens;
  DotCursor at(text);
  for (skip_between_tokens(at); !at.done(); skip_between_tokens(at)) {
    const DotPlace place = at.place();
    const std::size_t begin = at.offset();
    const char c = at.peek();
    Kind kind = Kind::id;
    if (starts_word(c)) {
      while (in_word(at.peek()))
        at.advance();
      kind = word_kind(std::string(text.substr(begin, at.offset() - begin)));
    } else if (std::string_view("[]{};=,:+()@").find(c) != std::string_view::npos || at.at("->") ||
               at.at("--")) {
      kind = Kind::punctuation;
      at.advance(c == '-' ? 2 : 1);
    } else if (const std::size_t n = number_length(at); n > 0) {
      at.advance(n);
    } else if (c == '"') {
      kind = Kind::quoted;
      skip_quoted_id(at);
    } else if (c == '<') {
      skip_html_id(at);
    } else {
      break;
    }
    std::string_view token = text.substr(begin, at.offset() - begin);
    tokens.push_back({kind, kind == Kind::quoted ? unquote(token) : std::string(token), place});
  }
  return tokens;
}

// Quoted ids joined by `+` become one id, as Boost's reader hands them to its parser.
std::vector<Token> joined(std::vector<Token> tokens) {
  std::vector<Token> out;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    Token t = std::move(tokens[i]);
    if (t.kind == Kind::quoted) {
      t.kind = Kind::id;
      while (i + 2 < tokens.size() && is_punctuation(tokens[i + 1], '+') &&
             tokens[i + 2].kind == Kind::quoted) {
        t.value += tokens[i + 2].value;
        i += 2;
      }
    }
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace

std::unordered_map<std::string, DotPlace> dot_node_places(std::string_view text) {
  const std::vector<Token> tokens = joined(tokens_of(text));
  std::unordered_map<std::string, DotPlace> places;
  // The header (`strict`, `digraph`, the graph's name) ends at the first brace.
  const auto body =
      std::ranges::find_if(tokens, [](const Token& t) { return is_punctuation(t, '{'); });
  int in_brackets = 0;     // attribute lists
  int in_parentheses = 0;  // port locations `:(x,y)`
  for (auto t = body; t != tokens.end(); ++t) {
    if (t->kind == Kind::punctuation) {
      in_brackets += is_punctuation(*t, '[') - is_punctuation(*t, ']');
      in_parentheses += is_punctuation(*t, '(') - is_punctuation(*t, ')');
      continue;
    }
    if (t->kind != Kind::id || in_brackets > 0 || in_parentheses > 0) continue;
    const Token& before = *(t - 1);  // the brace at least
    if (before.kind == Kind::subgraph || is_punctuation(before, ':') ||
        is_punctuation(before, '@')) {
      continue;  // a subgraph's name, a port
    }
    if (t + 1 != tokens.end() && is_punctuation(*(t + 1), '=')) {
      t += std::min<std::ptrdiff_t>(2, tokens.end() - t - 1);  // `name = value`: the graph's
      continue;
    }
    places.try_emplace(t->value, t->place);
  }
  return places;
}

}  // namespace aqlsim::taskgraph
