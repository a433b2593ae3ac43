// The search for where a DOT syntax error is, against a toy reader whose error place is known:
// it fails at its first 'X' with "bad X", and with an end-of-file message when a '(' is left
// open, as Boost's reader does at a bad token and at a truncated statement.
#include "taskgraph/dot_syntax_error.hpp"

#include <gtest/gtest.h>

#include <string>

namespace aqlsim::taskgraph {
namespace {

const std::string kBadX = "bad X";
const std::string kEof = "Wanted an identifier (token is \"<eof> ''\")";

class ToyReader {
 public:
  std::optional<std::string> operator()(std::string_view text) {
    ++reads_;
    int open = 0;
    for (const char c : text) {
      if (c == 'X') return kBadX;
      open += c == '(' ? 1 : c == ')' ? -1 : 0;
    }
    if (open > 0) return kEof;
    return std::nullopt;
  }
  int reads() const { return reads_; }

 private:
  int reads_ = 0;
};

DotPlace locate(std::string_view text, const std::string& message, ToyReader& reader) {
  return locate_dot_syntax_error(text, message, std::ref(reader));
}

TEST(DotSyntaxError, FindsTheRunOfTextThatHoldsTheBadToken) {
  ToyReader reader;
  // Before the X's run, a cut inside "(a b" would fail with an end-of-file message, not "bad X".
  EXPECT_EQ(locate("(a b)\nc d\n  e fX g\n(h X", kBadX, reader), (DotPlace{3, 5}));
  EXPECT_EQ(locate("X a b c", kBadX, reader), (DotPlace{1, 1}));
  EXPECT_EQ(locate("a b c X", kBadX, reader), (DotPlace{1, 7}));
  EXPECT_EQ(locate("aX", kBadX, reader), (DotPlace{1, 1}));
}

TEST(DotSyntaxError, ColumnsCountCharactersNotBytes) {
  ToyReader reader;
  EXPECT_EQ(locate("\xc3\xa9t\xc3\xa9 X", kBadX, reader), (DotPlace{1, 5}));
}

TEST(DotSyntaxError, SpacesInQuotedIdsAndCommentsAreNotCut) {
  ToyReader reader;
  // Cut at the spaces inside the quotes or the comment, the prefix would hold the X: the error
  // would be placed in the run before.
  EXPECT_EQ(locate("a \"b X c\" d", kBadX, reader), (DotPlace{1, 3}));
  EXPECT_EQ(locate("a /* b X c */ d", kBadX, reader), (DotPlace{1, 3}));
  EXPECT_EQ(locate("a // b X\nc", kBadX, reader), (DotPlace{1, 3}));
}

TEST(DotSyntaxError, AnEndOfFileErrorIsAtTheEnd) {
  ToyReader reader;
  EXPECT_EQ(locate("a (\nb c\n", kEof, reader), (DotPlace{3, 1}));
  EXPECT_EQ(reader.reads(), 0);
}

TEST(DotSyntaxError, ReadsLogarithmicallyManyPrefixes) {
  std::string text;
  for (int i = 0; i < 4096; ++i)
    text += "a ";
  text += "X";
  ToyReader reader;
  EXPECT_EQ(locate(text, kBadX, reader), (DotPlace{1, 8193}));
  // 4097 cuts: 1 + 13 doublings to reach the last, then at most 12 halvings.
  EXPECT_LE(reader.reads(), 1 + 13 + 12);
  ToyReader early;
  EXPECT_EQ(locate("a b X " + text, kBadX, early), (DotPlace{1, 5}));
  EXPECT_LE(early.reads(), 4);
}

}  // namespace
}  // namespace aqlsim::taskgraph
