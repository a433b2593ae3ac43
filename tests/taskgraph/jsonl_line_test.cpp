// The quick reader of JSON Lines graph lines takes exactly the valid task and edge lines, with
// the values a JSON document gives them, and declines every other line (which the loader then
// reads as a document, to say what is wrong: load_jsonl_test.cpp).
#include "taskgraph/jsonl_line.hpp"

#include <gtest/gtest.h>

namespace aqlsim::taskgraph {
namespace {

using Strings = std::vector<std::string>;

TEST(JsonlLine, ReadsATaskWhateverTheOrderOfItsKeys) {
  const auto line = read_valid_jsonl_line(
      R"({"workgroups": 64, "after": ["a", "b\u0063"], "cost": 25e-1, "kernel": "k", "id": "t"})");
  ASSERT_TRUE(line);
  EXPECT_EQ(line->id, "t");
  EXPECT_EQ(line->kernel, "k");
  EXPECT_EQ(line->cost, 2.5);
  EXPECT_EQ(line->workgroups, 64);
  EXPECT_EQ(line->after, (Strings{"a", "bc"}));
  EXPECT_FALSE(line->from);
  EXPECT_FALSE(line->to);
}

TEST(JsonlLine, NumbersAreReadAsADocumentReadsThem) {
  // An integer cost is the same double; the largest grid is 2^32 - 1 work-groups; an unsigned
  // beyond int64 is still a cost.
  const auto task = read_valid_jsonl_line(
      R"({"id": "t", "cost": 18446744073709551615, "workgroups": 4294967295})");
  ASSERT_TRUE(task);
  EXPECT_EQ(task->cost, 18446744073709551615.0);
  EXPECT_EQ(task->workgroups, 4294967295);
  const auto plain = read_valid_jsonl_line(R"({"id": "t", "cost": 3, "after": []})");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->cost, 3.0);
  EXPECT_EQ(plain->after, Strings{});  // present, empty
  EXPECT_FALSE(plain->kernel);
  EXPECT_FALSE(plain->workgroups);
}

TEST(JsonlLine, ReadsEdges) {
  const auto edge = read_valid_jsonl_line(R"({"to": "b", "from": "a"})");
  ASSERT_TRUE(edge);
  EXPECT_FALSE(edge->id);
  EXPECT_EQ(edge->from, "a");
  EXPECT_EQ(edge->to, "b");
  EXPECT_FALSE(edge->cost);
  EXPECT_FALSE(edge->after);
  const auto costed = read_valid_jsonl_line(R"({"from": "a", "to": "b", "cost": 0.5})");
  ASSERT_TRUE(costed);
  EXPECT_EQ(costed->cost, 0.5);
}

TEST(JsonlLine, DeclinesEveryOtherLine) {
  for (const char* text : {
           R"(["id", "t"])",                              // not an object
           R"("t")",                                      //
           R"({"id": "t", "kernel": {"name": "k"}})",     // a nested object
           R"({"id": "t", "kernel": null})",              // null and booleans
           R"({"id": "t", "cost": true})",                //
           R"({"id": "t", "colour": "red"})",             // an unknown key
           R"({"id": "t", "id": "u"})",                   // a key twice
           R"({"id": "t.1"})",                            // not a name
           R"({"id": ""})",                               //
           R"({"id": "t", "kernel": "a b"})",             //
           R"({"id": "t", "after": ["a", "b c"]})",       //
           R"({"id": 7})",                                // a number for a name
           R"({"id": "t", "workgroups": 0})",             // grids out of range or not integers
           R"({"id": "t", "workgroups": 4294967296})",    //
           R"({"id": "t", "workgroups": 2.0})",           //
           R"({"id": "t", "workgroups": "2"})",           //
           R"({"id": "t", "cost": -1})",                  // costs below 0 or not numbers
           R"({"id": "t", "cost": "1"})",                 //
           R"({"id": "t", "after": "a"})",                // `after` not a list of names
           R"({"id": "t", "after": [1]})",                //
           R"({"id": "t", "after": [["a"]]})",            //
           R"({"id": "t", "from": "a", "to": "b"})",      // a task with edge keys
           R"({"from": "a"})",                            // an edge without an end
           R"({"from": "a", "to": "b", "kernel": "k"})",  // an edge with task keys
           R"({"from": "a", "to": "b", "after": []})",    //
           R"({})",                                       //
           R"({"id": "t"} x)",                            // not JSON
           R"({"id": "t",})",                             //
           R"({"id": "t", "cost": 1e999})",               //
       }) {
    EXPECT_FALSE(read_valid_jsonl_line(text)) << text;
  }
}

}  // namespace
}  // namespace aqlsim::taskgraph
