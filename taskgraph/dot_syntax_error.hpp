#pragma once
// Where in a DOT text Boost's reader met a syntax error: its message names the bad token (or, for
// a lexer error, the character after the bad text) but not its place. The reader reads left to
// right and stops at the first error, so a prefix of the text that ends after the bad text fails
// with the same message (but for that character), and one that ends before it fails at its end
// (an end-of-file message) or reads. Prefixes are cut only where no token, as Boost lexes it,
// is split: at white space and after comments, outside quoted ids joined by `+` and HTML ids.
// The shortest prefix that fails as the whole text does is found by doubling and then halving:
// O(log n) reads of prefixes, paid only when a file is malformed.
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "taskgraph/dot_text.hpp"

namespace aqlsim::taskgraph {

// The reader's message for a text, nullopt when the text reads.
using DotErrorOf = std::function<std::optional<std::string>(std::string_view)>;

// Where the text between two cuts that holds the bad token of `text` starts (the whole reading
// failed with `message`); for a parser error at the end of the text (the message names Boost's
// end-of-file token), the end of the text.
DotPlace locate_dot_syntax_error(std::string_view text, const std::string& message,
                                 const DotErrorOf& error_of);

}  // namespace aqlsim::taskgraph
