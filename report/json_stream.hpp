#pragma once
// Writes a JSON object to a stream a member at a time, in exactly the bytes nlohmann's dump(2)
// gives for the whole object, so that an array of any length can be written an element at a
// time and the document is never held whole. Each value is dumped by nlohmann itself and
// re-indented for its depth (dump escapes newlines inside strings, so every newline it writes
// is layout).
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>

namespace aqlsim {

class JsonObjectWriter {
 public:
  using Json = nlohmann::ordered_json;

  // Writes nothing until the first member or finish().
  explicit JsonObjectWriter(std::ostream& out) : out_(&out) {}

  void member(std::string_view key, const Json& value);
  // A member whose value is an array written element by element.
  void begin_array(std::string_view key);
  void element(const Json& value);
  // An element already written as dump(2) writes it, indented for an element (FlatJsonObject).
  void element_text(std::string_view text);
  void end_array();
  // Closes the object (with no member, "{}").
  void finish();

 private:
  void key(std::string_view key);
  void write_indented(const Json& value, std::size_t indent);

  std::ostream* out_;
  std::size_t members_ = 0;
  std::size_t elements_ = 0;  // of the array being written
};

// The bytes dump(2) gives for an object of scalar members, indented as an element of a
// JsonObjectWriter's array, written without a Json object: a run of a million kernels built and
// dumped one for each.
class FlatJsonObject {
 public:
  void member(std::string_view key, std::string_view value);
  void member(std::string_view key, double value);
  void member(std::string_view key, std::uint64_t value);
  // The object, closed (once: the object is used up).
  std::string text() &&;

 private:
  void key(std::string_view key);
  std::string text_ = "{";
};

// Appends `value` as dump writes it (its own conversion, which dump uses too).
void append_json_number(std::string& out, double value);

}  // namespace aqlsim
