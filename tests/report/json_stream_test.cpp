// JsonObjectWriter writes, a member and an element at a time, exactly the bytes nlohmann's
// dump(2) writes for the whole object: the streamed JSON of `aqlsim run` is byte-identical to
// the document it replaces.
#include "report/json_stream.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <sstream>
#include <string_view>

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

// A flat object written without a Json object is, in an array, what the Json object gives:
// plain and escaped strings (quotes, control characters, UTF-8), integers to 2^64 - 1, and
// doubles by dump's own conversion (infinity as null), and no member at all.
TEST(FlatJsonObject, WritesWhatDumpWritesForAnArrayElement) {
  const double infinity = std::numeric_limits<double>::infinity();
  std::ostringstream flat_out;
  std::ostringstream json_out;
  JsonObjectWriter flat(flat_out);
  JsonObjectWriter json(json_out);
  flat.begin_array("kernels");
  json.begin_array("kernels");
  for (const char* name : {"t12", "k \"quoted\"\nline\ttab", "µs", "back\\slash"}) {
    FlatJsonObject object;
    object.member("name", std::string_view(name));
    object.member("workgroups", std::uint64_t{18446744073709551615u});
    object.member("time_us", 0.1);
    object.member("third", 1.0 / 3.0);
    object.member("huge", 1e300);
    object.member("infinite", infinity);
    flat.element_text(std::move(object).text());
    json.element(Json{{"name", name},
                      {"workgroups", std::uint64_t{18446744073709551615u}},
                      {"time_us", 0.1},
                      {"third", 1.0 / 3.0},
                      {"huge", 1e300},
                      {"infinite", infinity}});
  }
  FlatJsonObject empty;
  flat.element_text(std::move(empty).text());
  json.element(Json::object());
  flat.end_array();
  json.end_array();
  flat.finish();
  json.finish();
  EXPECT_EQ(flat_out.str(), json_out.str());
}

}  // namespace
}  // namespace aqlsim
