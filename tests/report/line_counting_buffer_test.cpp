// LineCountingBuffer against positions counted directly in the text, over block boundaries
// (64 KiB), lines longer than a block, and newlines as the last character of a block.
#include "report/line_counting_buffer.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace aqlsim::report {
namespace {

// The line and column (1-based) of text[i], counted character by character (i may be the
// text's size: the position after its end).
LineCountingBuffer::Position at(const std::string& text, std::size_t i) {
  LineCountingBuffer::Position p;
  for (std::size_t j = 0; j < i; ++j) {
    p.column = text[j] == '\n' ? 1 : p.column + 1;
    p.line += text[j] == '\n' ? 1 : 0;
  }
  return p;
}

void expect_position(const LineCountingBuffer::Position& got,
                     const LineCountingBuffer::Position& want, std::size_t i) {
  ASSERT_EQ(got.line, want.line) << "after reading " << i << " characters";
  ASSERT_EQ(got.column, want.column) << "after reading " << i << " characters";
}

TEST(LineCountingBuffer, KnowsWhereItIsAcrossBlocks) {
  constexpr std::size_t kBlock = 1 << 16;
  std::string text;
  // Short lines, a newline as a block's last character, a line longer than two blocks.
  for (int i = 0; text.size() < kBlock - 1; ++i)
    text += std::string(static_cast<std::size_t>(i % 7), 'x') + '\n';
  text.resize(kBlock - 1);
  text += '\n';
  text += std::string(2 * kBlock + 5, 'y') + "\nz\n\nlast";
  std::istringstream source(text);
  LineCountingBuffer buffer(*source.rdbuf());
  EXPECT_EQ(buffer.last().line, 1u);
  EXPECT_EQ(buffer.last().column, 0u);
  std::size_t checked = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    ASSERT_EQ(buffer.sbumpc(), static_cast<unsigned char>(text[i])) << i;
    // Every position near a block boundary, and a sample of the rest.
    const std::size_t in_block = i % kBlock;
    if (in_block > 2 && in_block < kBlock - 3 && i % 997 != 0) continue;
    LineCountingBuffer::Position last = at(text, i);
    if (text[i] == '\n') last.column = 0;  // a newline ends its line
    expect_position(buffer.last(), last, i + 1);
    expect_position(buffer.next(), at(text, i + 1), i + 1);
    ++checked;
  }
  EXPECT_EQ(buffer.sbumpc(), std::char_traits<char>::eof());
  expect_position(buffer.last(), at(text, text.size() - 1), text.size());
  expect_position(buffer.next(), at(text, text.size()), text.size());
  EXPECT_GT(checked, 20u);
}

}  // namespace
}  // namespace aqlsim::report
