#pragma once
// Writes a JSON object to a stream a member at a time, in exactly the bytes nlohmann's dump(2)
// gives for the whole object, so that an array of any length can be written an element at a
// time and the document is never held whole. Each value is dumped by nlohmann itself and
// re-indented for its depth (dump escapes newlines inside strings, so every newline it writes
// is layout).
#include <cstddef>
#include <nlohmann/json.hpp>
#include <ostream>
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

}  // namespace aqlsim
