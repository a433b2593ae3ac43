#include "taskgraph/dot_text.hpp"

#include <cctype>
#include <optional>

namespace aqlsim::taskgraph {
namespace {

enum class TagKind { open, close, empty };

bool is_line_end(char c) {
  return c == '\n' || c == '\r' || c == '\f';
}

// Boost's XML tag at the cursor (a '<'): `<`, an optional `/`, then any characters but `!`, `?`
// and quotes, quoted values in '' or "" taken whole, up to the first `>` outside them; `/>` ends
// an empty tag. nullopt (the cursor unmoved) when there is no such tag.
std::optional<TagKind> skip_tag(DotCursor& at) {
  DotCursor look = at;
  look.advance();
  const bool close = look.peek() == '/';
  if (close) look.advance();
  char before = '\0';
  while (!look.done()) {
    const char c = look.peek();
    if (c == '>') {
      look.advance();
      at = look;
      return close ? TagKind::close : before == '/' ? TagKind::empty : TagKind::open;
    }
    if (c == '!' || c == '?') return std::nullopt;
    if (c == '\'' || c == '"') {
      look.advance();
      while (!look.done() && look.peek() != c)
        look.advance();
      if (look.done()) return std::nullopt;
    }
    before = c;
    look.advance();
  }
  return std::nullopt;
}

}  // namespace

void DotCursor::advance() {
  after_block_comment_ = false;
  if (text_[at_] == '\n') {
    ++line_;
    column_ = 1;
  } else if ((static_cast<unsigned char>(text_[at_]) & 0xC0) != 0x80) {
    ++column_;
  }
  ++at_;
}

void DotCursor::advance(std::size_t n) {
  for (std::size_t i = 0; i < n && !done(); ++i)
    advance();
}

void DotCursor::skip_past(std::string_view end) {
  while (!done() && !at(end))
    advance();
  advance(end.size());
}

void DotCursor::skip_to_line_end() {
  while (!done() && !is_line_end(peek()))
    advance();
}

bool DotCursor::hash_starts_comment() const {
  if (at_ == 0) return true;
  const char before = text_[at_ - 1];
  if (is_line_end(before)) return true;
  return std::isspace(static_cast<unsigned char>(before)) == 0 && !after_block_comment_;
}

bool skip_separator(DotCursor& at) {
  if (at.at("//")) {
    at.skip_to_line_end();
  } else if (at.at("/*")) {
    at.skip_past("*/");
    at.mark_block_comment_end();
  } else if (at.peek() == '#' && at.hash_starts_comment()) {
    at.skip_to_line_end();
  } else if (at.at("\\\n")) {
    at.advance(2);
  } else {
    return false;
  }
  return true;
}

void skip_between_tokens(DotCursor& at) {
  while (!at.done()) {
    if (std::isspace(static_cast<unsigned char>(at.peek())) != 0) {
      at.advance();
    } else if (!skip_separator(at)) {
      return;
    }
  }
}

void skip_quoted_id(DotCursor& at) {
  at.advance();
  while (!at.done() && at.peek() != '"') {
    if (at.peek() == '\\') at.advance();
    if (!at.done()) at.advance();
  }
  if (!at.done()) at.advance();
}

void skip_html_id(DotCursor& at) {
  int open = 0;
  do {
    if (at.done()) return;
    if (at.peek() != '<') {
      at.advance();
      continue;
    }
    if (const std::optional<TagKind> tag = skip_tag(at)) {
      open += *tag == TagKind::open ? 1 : *tag == TagKind::close ? -1 : 0;
    } else if (at.at("<![CDATA[") && at.comes_later("]]>")) {
      at.skip_past("]]>");
    } else {
      at.skip_to_end();
      return;
    }
  } while (open > 0);
}

bool skip_non_token_text(DotCursor& at) {
  if (skip_separator(at)) return true;
  if (at.peek() == '"') {
    skip_quoted_id(at);
  } else if (at.peek() == '<') {
    skip_html_id(at);
  } else {
    return false;
  }
  return true;
}

}  // namespace aqlsim::taskgraph
