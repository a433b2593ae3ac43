#include "taskgraph/dot_text.hpp"

namespace aqlsim::taskgraph {

void DotCursor::advance() {
  if (text_[at_] == '\n') {
    ++line_;
    column_ = 1;
  } else if ((static_cast<unsigned char>(text_[at_]) & 0xC0) != 0x80) {
    ++column_;
  }
  ++at_;
}

void DotCursor::skip_past(std::string_view end) {
  while (!done() && text_.substr(at_, end.size()) != end)
    advance();
  for (std::size_t i = 0; i < end.size() && !done(); ++i)
    advance();
}

bool skip_non_token_text(DotCursor& at) {
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
  } else {
    return false;
  }
  return true;
}

}  // namespace aqlsim::taskgraph
