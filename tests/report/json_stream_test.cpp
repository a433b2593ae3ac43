// JsonObjectWriter writes, a member and an element at a time, exactly the bytes nlohmann's
// dump(2) writes for the whole object: the streamed JSON of `aqlsim run` is byte-identical to
// the document it replaces.
#include "report/json_stream.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace aqlsim {
namespace {

using Json = JsonObjectWriter::Json;

// Streams `whole` (an object) member by member, its arrays element by element.
std::string streamed(const Json& whole) {
  std::ostringstream out;
  JsonObjectWriter writer(out);
  for (const auto& [key, value] : whole.items()) {
    if (!value.is_array()) {
      writer.member(key, value);
      continue;
    }
    writer.begin_array(key);
    for (const Json& element : value)
      writer.element(element);
    writer.end_array();
  }
  writer.finish();
  return out.str();
}

TEST(JsonObjectWriter, AnEmptyObjectIsBraces) {
  EXPECT_EQ(streamed(Json::object()), "{}");
}

TEST(JsonObjectWriter, WritesWhatDumpWritesAtEveryDepth) {
  const Json whole = Json::parse(R"({
    "name": "k \"quoted\"\nline\ttab µ",
    "count": 18446744073709551615,
    "negative": -3,
    "time_us": 0.1,
    "third": 0.3333333333333333,
    "flag": true,
    "none": null,
    "empty_object": {},
    "empty_array": [],
    "nested": {"a": {"b": [1, {"c": []}, [2, 3]]}, "d": {}},
    "kernels": [
      {"name": "a0", "predictions": [{"time_us": 1.5, "predicted_us": 2e-7}], "p": {"x": 1}},
      {"name": "a1", "predictions": []},
      [],
      "text",
      {}
    ],
    "key \"with\" escapes\n": 1
  })");
  EXPECT_EQ(streamed(whole), whole.dump(2));
}

TEST(JsonObjectWriter, AnArrayWithNoElementIsEmptyBrackets) {
  const Json whole = Json::parse(R"({"kernels": [], "after": 1})");
  EXPECT_EQ(streamed(whole), whole.dump(2));
}

}  // namespace
}  // namespace aqlsim
