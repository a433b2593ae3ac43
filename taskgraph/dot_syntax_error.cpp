#include "taskgraph/dot_syntax_error.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <vector>

#include "taskgraph/dot_text.hpp"

namespace aqlsim::taskgraph {
namespace {

// A prefix of the text that ends at a white-space character, and the place of the character
// after that one: where the text that follows the cut starts.
struct Cut {
  std::size_t length = 0;
  DotPlace next;
};

DotPlace end_of(std::string_view text) {
  DotCursor at(text);
  while (!at.done())
    at.advance();
  return {at.line(), at.column()};
}

// Every cut of the text, the whole text last.
std::vector<Cut> cuts_of(std::string_view text) {
  std::vector<Cut> cuts;
  walk_dot(text, [&](DotCursor& at) {
    const bool space = std::isspace(static_cast<unsigned char>(at.peek())) != 0;
    const std::size_t length = at.offset();
    at.advance();
    if (space) cuts.push_back({length, {at.line(), at.column()}});
  });
  cuts.push_back({text.size(), end_of(text)});
  return cuts;
}

}  // namespace

DotPlace locate_dot_syntax_error(std::string_view text, const std::string& message,
                                 const DotErrorOf& error_of) {
  // How Boost's reader names the end of the text as the bad token.
  if (message.ends_with("(token is \"<eof> ''\")")) return end_of(text);
  const std::vector<Cut> cuts = cuts_of(text);
  const auto fails_as_whole = [&](std::size_t i) {
    return error_of(text.substr(0, cuts[i].length)) == message;
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
