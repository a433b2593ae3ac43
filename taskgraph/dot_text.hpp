#pragma once
// A walk over DOT text that knows its line and column and steps over what holds no token of the
// graph's own: quoted and HTML ids, comments and C preprocessor lines. The checks that Boost's
// reader leaves undone (numbers with an exponent, where a syntax error is) walk the rest.
#include <cstddef>
#include <string_view>

namespace aqlsim::taskgraph {

// A cursor over DOT text (columns count characters, not bytes).
class DotCursor {
 public:
  explicit DotCursor(std::string_view text) : text_(text) {}
  bool done() const { return at_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const {
    return at_ + ahead < text_.size() ? text_[at_ + ahead] : '\0';
  }
  void advance();
  // Advances past the first `end` (or to the end of the text).
  void skip_past(std::string_view end);
  std::size_t offset() const { return at_; }
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  int line_ = 1;
  int column_ = 1;
};

// Steps over a quoted id, an HTML id, a comment or a preprocessor line at the cursor; false
// (the cursor unmoved) when none starts there.
bool skip_non_token_text(DotCursor& at);

// Calls `plain(at)` at every character outside quoted and HTML ids, comments and preprocessor
// lines; `plain` advances the cursor by one character or more.
template <class Plain>
void walk_dot(std::string_view text, Plain plain) {
  DotCursor at(text);
  while (!at.done()) {
    if (!skip_non_token_text(at)) plain(at);
  }
}

}  // namespace aqlsim::taskgraph
