#include "report/json_stream.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
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

void JsonObjectWriter::element_text(std::string_view text) {
  *out_ << (elements_++ == 0 ? "\n" : ",\n") << std::string(kElementIndent, ' ') << text;
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

void append_json_number(std::string& out, double value) {
  if (!std::isfinite(value)) {
    out += "null";
    return;
  }
  std::array<char, 64> buffer{};
  const char* end = nlohmann::detail::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  out.append(buffer.data(), static_cast<std::size_t>(end - buffer.data()));
}

void FlatJsonObject::key(std::string_view key) {
  // Members at dump(2)'s first level, re-indented for an array element.
  text_ += text_.size() == 1 ? "\n" : ",\n";
  text_.append(kElementIndent + 2, ' ');
  text_ += '"';
  text_ += key;  // the callers' keys are plain identifiers: nothing to escape
  text_ += "\": ";
}

void FlatJsonObject::member(std::string_view key, std::string_view value) {
  this->key(key);
  const bool plain = std::all_of(value.begin(), value.end(), [](char c) {
    return c >= 0x20 && c < 0x7F && c != '"' && c != '\\';
  });
  if (plain) {
    text_ += '"';
    text_ += value;
    text_ += '"';
  } else {
    text_ += nlohmann::ordered_json(value).dump();  // dump's escapes
  }
}

void FlatJsonObject::member(std::string_view key, double value) {
  this->key(key);
  append_json_number(text_, value);
}

void FlatJsonObject::member(std::string_view key, std::uint64_t value) {
  this->key(key);
  std::array<char, 24> buffer{};
  const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  text_.append(buffer.data(), end);
}

std::string FlatJsonObject::text() && {
  text_ += text_.size() == 1 ? "}" : "\n" + std::string(kElementIndent, ' ') + "}";
  return std::move(text_);
}

}  // namespace aqlsim
