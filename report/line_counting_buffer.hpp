#pragma once
// A read buffer over another stream's buffer that knows the line and column it has reached, so
// that a streaming reader of a file too large to keep (a trace of millions of events) can say
// where in it a bad value is. Newlines are counted a block at a time, as blocks are used up and
// when a position is asked for, never a character at a time.
#include <array>
#include <cstdint>
#include <streambuf>

namespace aqlsim::report {

class LineCountingBuffer : public std::streambuf {
 public:
  explicit LineCountingBuffer(std::streambuf& source) : source_(&source) {}

  struct Position {
    std::uint64_t line = 1;    // 1-based
    std::uint64_t column = 1;  // 1-based, in bytes; 0 for a newline, which ends its line
  };
  // Where the next character to be read is.
  Position next() const;
  // Where the last character read is ({1, 0} before any).
  Position last() const;

 protected:
  int_type underflow() override;

 private:
  std::streambuf* source_;
  std::array<char, 1 << 16> block_{};
  std::uint64_t lines_before_ = 0;   // newlines before the block
  std::uint64_t column_before_ = 0;  // bytes after the last of them, before the block
};

}  // namespace aqlsim::report
