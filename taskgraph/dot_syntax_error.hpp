#pragma once
// Where in a DOT text Boost's reader met a syntax error: its message names the bad token but not
// its place. The reader reads left to right and stops at the first bad token, so a prefix of the
// text that ends after that token fails with the same message, and one that ends before it fails
// at its end (an end-of-file message) or reads. Prefixes are cut only at white space outside
// quoted and HTML ids and comments, where no token is split, and the shortest that fails as the
// whole text does is found by doubling and then halving: O(log n) reads of prefixes, paid only
// when a file is malformed.
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace aqlsim::taskgraph {

struct DotPlace {
  int line = 1;    // 1-based
  int column = 1;  // 1-based, in characters
  bool operator==(const DotPlace&) const = default;
};

// The reader's message for a text, nullopt when the text reads.
using DotErrorOf = std::function<std::optional<std::string>(std::string_view)>;

// The start of the run of text without white space that holds the bad token of `text`, whose
// whole reading failed with `message`; for an error at the end of the text (the message names
// Boost's end-of-file token), the end of the text.
DotPlace locate_dot_syntax_error(std::string_view text, const std::string& message,
                                 const DotErrorOf& error_of);

}  // namespace aqlsim::taskgraph
