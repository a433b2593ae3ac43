#include "report/line_counting_buffer.hpp"

#include <algorithm>
#include <iterator>

namespace aqlsim::report {
namespace {

// The newlines in [begin, end) and the bytes after the last of them.
struct Lines {
  std::uint64_t newlines = 0;
  std::uint64_t tail = 0;
};

Lines lines_in(const char* begin, const char* end) {
  const auto newlines = static_cast<std::uint64_t>(std::count(begin, end, '\n'));
  const char* after_last =
      std::find(std::make_reverse_iterator(end), std::make_reverse_iterator(begin), '\n').base();
  return {newlines, static_cast<std::uint64_t>(end - after_last)};
}

}  // namespace

LineCountingBuffer::Position LineCountingBuffer::next() const {
  const Lines read = lines_in(eback(), gptr());
  const std::uint64_t column = read.newlines > 0 ? read.tail : column_before_ + read.tail;
  return {lines_before_ + read.newlines + 1, column + 1};
}

LineCountingBuffer::Position LineCountingBuffer::last() const {
  if (gptr() > eback()) {
    const Position p = next();
    if (gptr()[-1] == '\n') return {p.line - 1, 0};
    return {p.line, p.column - 1};
  }
  // The last character read ended the block before (or none was read).
  if (column_before_ > 0) return {lines_before_ + 1, column_before_};
  return {std::max<std::uint64_t>(1, lines_before_), 0};
}

LineCountingBuffer::int_type LineCountingBuffer::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  const Lines used = lines_in(eback(), egptr());
  lines_before_ += used.newlines;
  column_before_ = used.newlines > 0 ? used.tail : column_before_ + used.tail;
  setg(block_.data(), block_.data(), block_.data());
  const std::streamsize got = source_->sgetn(block_.data(), block_.size());
  if (got <= 0) return traits_type::eof();
  setg(block_.data(), block_.data(), block_.data() + got);
  return traits_type::to_int_type(*gptr());
}

}  // namespace aqlsim::report
