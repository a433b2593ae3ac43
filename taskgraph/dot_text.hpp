#pragma once
// A walk over DOT text that knows its line and column and steps over what holds no token of the
// graph's own, the way Boost's reader (1.74, read_graphviz_new) lexes it: quoted and HTML ids,
// comments, C preprocessor lines and backslash-newlines. The checks that Boost's reader leaves
// undone (numbers with an exponent, where a syntax error is) walk the rest.
#include <cstddef>
#include <string_view>

namespace aqlsim::taskgraph {

struct DotPlace {
  int line = 1;    // 1-based
  int column = 1;  // 1-based, in characters
  bool operator==(const DotPlace&) const = default;
};

// A cursor over DOT text (columns count characters, not bytes).
class DotCursor {
 public:
  explicit DotCursor(std::string_view text) : text_(text) {}
  bool done() const { return at_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const {
    return at_ + ahead < text_.size() ? text_[at_ + ahead] : '\0';
  }
  bool at(std::string_view s) const { return text_.substr(at_, s.size()) == s; }
  bool comes_later(std::string_view s) const {
    return text_.find(s, at_) != std::string_view::npos;
  }
  void advance();
  void advance(std::size_t n);
  // Advances past the first `end` (or to the end of the text).
  void skip_past(std::string_view end);
  // Advances to the next line end that Boost's regular expressions know (\n, \r or \f), or to
  // the end of the text.
  void skip_to_line_end();
  void skip_to_end() { advance(text_.size() - at_); }
  // Whether a '#' here starts a comment: Boost's `^#` matches where its skipping starts (right
  // after a token, or at the start of the text) and after a line end, but not after other white
  // space or a `/* */` comment.
  bool hash_starts_comment() const;
  void mark_block_comment_end() { after_block_comment_ = true; }
  std::size_t offset() const { return at_; }
  int line() const { return line_; }
  int column() const { return column_; }
  DotPlace place() const { return {line_, column_}; }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  int line_ = 1;
  int column_ = 1;
  bool after_block_comment_ = false;  // the last step ended a `/* */` comment
};

// A digit of a DOT numeral: ASCII only, as in Boost's and Graphviz's lexers.
inline bool is_dot_digit(char c) {
  return c >= '0' && c <= '9';
}

// Steps over a comment (`//` or `#` to the line end, which stays; `/* */`) or a
// backslash-newline at the cursor, which separate tokens as white space does; false (the cursor
// unmoved) when none starts there.
bool skip_separator(DotCursor& at);

// Steps over white space and separators, to the next token or the end of the text.
void skip_between_tokens(DotCursor& at);

// Steps over a quoted id (to the end of the text if it is not closed) at the cursor.
void skip_quoted_id(DotCursor& at);

// Steps over an HTML id at the cursor (a '<'), as Boost reads one: from tag to tag (quoted
// attribute values may hold '>'; CDATA sections are skipped whole) until as many tags have closed
// as opened, to the end of the text if they never do. Where Boost finds a '<' that starts
// neither a tag nor a closed CDATA section, it stops reading with an error: so does the cursor,
// at the end of the text (nothing after that '<' is read as tokens, and going on could take
// quadratic time).
void skip_html_id(DotCursor& at);

// Steps over a separator, a quoted id or an HTML id; false (the cursor unmoved) when none starts
// at the cursor.
bool skip_non_token_text(DotCursor& at);

// Calls `plain(at)` at every character outside quoted and HTML ids, comments, preprocessor
// lines and backslash-newlines; `plain` advances the cursor by one character or more.
template <class Plain>
void walk_dot(std::string_view text, Plain plain) {
  DotCursor at(text);
  while (!at.done()) {
    if (!skip_non_token_text(at)) plain(at);
  }
}

}  // namespace aqlsim::taskgraph
