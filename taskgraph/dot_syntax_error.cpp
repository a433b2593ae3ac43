#include "taskgraph/dot_syntax_error.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <vector>

#include "taskgraph/dot_text.hpp"

namespace aqlsim::taskgraph {
namespace {

// A prefix of the text that ends between two tokens, and the place where the text after the
// separator there (white space, a comment) starts.
struct Cut {
  std::size_t length = 0;
  DotPlace next;
};

// Steps over a quoted id and the `+ "..."` that Boost joins to it: a prefix cut inside the
// chain would fail ("must have quoted string after string concatenation") where the whole text
// does not. If a `+` is not followed by a quoted id, the chain ends after the `+`.
void skip_concatenation(DotCursor& at) {
  skip_quoted_id(at);
  for (;;) {
    DotCursor look = at;
    skip_between_tokens(look);
    if (look.peek() != '+') return;
    look.advance();
    at = look;
    skip_between_tokens(look);
    if (look.peek() != '"') return;
    at = look;
    skip_quoted_id(at);
  }
}

// Every cut of the text, the whole text last. No cut splits a token as Boost's reader lexes
// it: cuts are at white space and after separators, outside ids and joined quoted ids.
std::vector<Cut> cuts_of(std::string_view text) {
  std::vector<Cut> cuts;
  DotCursor at(text);
  while (!at.done()) {
    if (skip_separator(at)) {
      cuts.push_back({at.offset(), at.place()});
    } else if (at.peek() == '"') {
      skip_concatenation(at);
    } else if (at.peek() == '<') {
      skip_html_id(at);
    } else {
      const bool space = std::isspace(static_cast<unsigned char>(at.peek())) != 0;
      const std::size_t length = at.offset();
      at.advance();
      if (space) cuts.push_back({length, at.place()});
    }
  }
  cuts.push_back({text.size(), at.place()});
  return cuts;
}

// A lexer error names the character after the bad text, which a prefix cut just after that
// text does not have: the messages are compared without it.
std::string_view without_character(std::string_view message) {
  constexpr std::string_view kAtEnd = " (at end of input)";
  constexpr std::string_view kCharIs = " (char is '";  // then the character and "')"
  if (message.ends_with(kAtEnd)) return message.substr(0, message.size() - kAtEnd.size());
  const std::size_t suffix = kCharIs.size() + 3;
  if (message.size() >= suffix && message.ends_with("')") &&
      message.substr(message.size() - suffix, kCharIs.size()) == kCharIs) {
    return message.substr(0, message.size() - suffix);
  }
  return message;
}

// Whether the parser's bad token is the end of the text: Boost's message is its own text, then
// " (token is \"" and the token (whose value may hold anything).
bool at_end_of_text(std::string_view message) {
  constexpr std::string_view kToken = " (token is \"";
  const std::size_t token = message.find(kToken);
  return token != std::string_view::npos && message.substr(token + kToken.size()) == "<eof> ''\")";
}

}  // namespace

DotPlace locate_dot_syntax_error(std::string_view text, const std::string& message,
                                 const DotErrorOf& error_of) {
  if (at_end_of_text(message)) {
    DotCursor end(text);
    end.advance(text.size());
    return end.place();
  }
  const std::vector<Cut> cuts = cuts_of(text);
  const std::string_view wanted = without_character(message);
  const auto fails_as_whole = [&](std::size_t i) {
    const std::optional<std::string> error = error_of(text.substr(0, cuts[i].length));
    return error && without_character(*error) == wanted;
  };
  // The whole text, the last cut, fails with `message`. From here on the first cut that fails
  // so lies in (below, above].
  const std::size_t whole = cuts.size() - 1;
  if (fails_as_whole(0)) return DotPlace{};
  std::size_t below = 0;
  std::size_t above = std::min<std::size_t>(1, whole);
  // Doubling, so that an error near the start costs reads of short prefixes only.
  while (above < whole && !fails_as_whole(above)) {
    below = above;
    above = std::min(2 * above, whole);
  }
  while (above - below > 1) {
    const std::size_t middle = below + (above - below) / 2;
    (fails_as_whole(middle) ? above : below) = middle;
  }
  return cuts[below].next;
}

}  // namespace aqlsim::taskgraph
