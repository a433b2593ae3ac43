#include "report/json_stream.hpp"

#include <string>

namespace aqlsim {
namespace {

// dump(2)'s indentation: two spaces per level; members sit at level 1, their array's elements
// at level 2.
constexpr std::size_t kMemberIndent = 2;
constexpr std::size_t kElementIndent = 4;

}  // namespace

void JsonObjectWriter::member(std::string_view name, const Json& value) {
  key(name);
  write_indented(value, kMemberIndent);
}

void JsonObjectWriter::begin_array(std::string_view name) {
  key(name);
  *out_ << '[';
  elements_ = 0;
}

void JsonObjectWriter::element(const Json& value) {
  *out_ << (elements_++ == 0 ? "\n" : ",\n") << std::string(kElementIndent, ' ');
  write_indented(value, kElementIndent);
}

void JsonObjectWriter::end_array() {
  if (elements_ > 0) *out_ << '\n' << std::string(kMemberIndent, ' ');
  *out_ << ']';
}

void JsonObjectWriter::finish() {
  *out_ << (members_ == 0 ? "{}" : "\n}");
}

void JsonObjectWriter::key(std::string_view name) {
  *out_ << (members_++ == 0 ? "{\n" : ",\n") << std::string(kMemberIndent, ' ') << Json(name).dump()
        << ": ";
}

void JsonObjectWriter::write_indented(const Json& value, std::size_t indent) {
  const std::string text = value.dump(2);
  const std::string newline = '\n' + std::string(indent, ' ');
  std::size_t from = 0;
  for (std::size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', from)) {
    out_->write(text.data() + from, static_cast<std::streamsize>(end - from));
    *out_ << newline;
    from = end + 1;
  }
  out_->write(text.data() + from, static_cast<std::streamsize>(text.size() - from));
}

}  // namespace aqlsim
