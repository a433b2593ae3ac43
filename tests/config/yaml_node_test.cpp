#include "config/yaml_node.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "config/overrides.hpp"
#include "tests/support/input_error.hpp"

namespace aqlsim {
namespace {

using ::testing::HasSubstr;

using testing::error_of;

TEST(YamlNode, UnknownKeyNamesLineColumnAndSuggestion) {
  const YamlNode doc = load_yaml_text("device:\n  cus: 4\n  quantm: 100us\n", "f.yaml");
  const InputError e = error_of([&] { doc.require("device").allow_keys({"cus", "quantum"}); });
  EXPECT_EQ(e.where().file, "f.yaml");
  EXPECT_EQ(e.where().line, 3);
  EXPECT_EQ(e.where().column, 3);
  EXPECT_THAT(e.what(), HasSubstr("unknown key 'quantm'"));
  EXPECT_THAT(e.what(), HasSubstr("did you mean 'quantum'"));
}

// A key is shown as a value is: a control character escaped (an escape sequence reached the
// terminal, and "\x01seed" read as "seed (did you mean 'seed'?)"), a long one cut short, a list
// named as one (it read as ''), in the message and in its path.
TEST(YamlNode, UnknownKeysAreShownPrintably) {
  const YamlNode doc = load_yaml_text("\"\\x01seed\": 1\n", "f.yaml");
  EXPECT_THAT(error_of([&] { doc.allow_keys({"seed"}); }).what(),
              HasSubstr("f.yaml:1:1: unknown key '\\x01seed' (did you mean 'seed'?); expected one "
                        "of: seed (at '\\x01seed')"));
  const YamlNode long_key = load_yaml_text("? " + std::string(100'000, 'x') + "\n: 1\n", "g.yaml");
  EXPECT_LT(std::string(error_of([&] { long_key.allow_keys({"seed"}); }).what()).size(), 400u);
  const YamlNode list_key = load_yaml_text("? [a, b]\n: 1\n", "h.yaml");
  EXPECT_THAT(error_of([&] { list_key.allow_keys({"seed"}); }).what(),
              HasSubstr("unknown key a list;"));
}

// A key the file repeats is placed where it repeats it, even when an option sets that key.
TEST(YamlNode, AKeyGivenTwiceIsPlacedInTheFileUnderAnOption) {
  YAML::Node root = YAML::Load("seed: 1\nseed: 2\n");
  auto source = std::make_shared<YamlSource>();
  source->file = "w.yaml";
  apply_override(root, "seed=3", *source);
  const YamlNode doc(root, source, "");
  const InputError e = error_of([&] { doc.allow_keys({"seed"}); });
  EXPECT_EQ(e.where().file, "w.yaml");
  EXPECT_EQ(e.where().line, 2);
  EXPECT_EQ(e.detail(), "key 'seed' is given twice (at 'seed')");
  // A map the option gave repeats the key in the option's text, not in the file's.
  apply_override(root, "device={preset: cdna, preset: gem5}", *source);
  const YamlNode device = YamlNode(root, source, "").require("device");
  EXPECT_EQ(error_of([&] { device.allow_keys({"preset"}); }).where().file,
            "--set device={preset: cdna, preset: gem5}");
}

TEST(YamlNode, WrongTypesSayWhatWasExpected) {
  const YamlNode doc = load_yaml_text("a: 1.5\nb: yes please\nc: 12\nd: 3x\n", "t.yaml");
  EXPECT_THAT(error_of([&] { doc.require("a").as_int(0, 10); }).what(),
              HasSubstr("t.yaml:1:4: expected an integer, found '1.5'"));
  EXPECT_THAT(error_of([&] { doc.require("b").as_bool(); }).what(),
              HasSubstr("expected true or false (or yes/no, on/off), found 'yes please'"));
  EXPECT_THAT(error_of([&] { doc.require("c").as_int(0, 10); }).what(),
              HasSubstr("expected an integer from 0 to 10, found 12"));
  EXPECT_THAT(error_of([&] { doc.require("d").as_duration(1000); }).what(),
              HasSubstr("expected a duration"));
  EXPECT_EQ(doc.require("c").as_int(0, 100), 12);
}

// A number out of range is quoted as written: beyond a double's range 1e400 reads as inf and
// 1e-400 as 0, which the message would otherwise show.
TEST(YamlNode, NumbersOutOfRangeAreQuotedAsWritten) {
  const YamlNode doc = load_yaml_text("a: 1e400\nb: 1e-400\nc: 2.50\n", "n.yaml");
  EXPECT_THAT(error_of([&] { doc.require("a").as_double(1, 10); }).what(),
              HasSubstr("n.yaml:1:4: expected a number from 1 to 10, found '1e400'"));
  EXPECT_THAT(error_of([&] { doc.require("b").as_double(1, 10); }).what(),
              HasSubstr("n.yaml:2:4: expected a number from 1 to 10, found '1e-400'"));
  EXPECT_THAT(error_of([&] { doc.require("c").as_double(0, 1); }).what(),
              HasSubstr("expected a number from 0 to 1, found '2.50'"));
  EXPECT_EQ(doc.require("b").as_double(0, 1), 0.0);
}

// A name is listed in tables and messages: a control character would break their columns or
// the terminal, so it is refused, and the message shows it escaped.
TEST(YamlNode, ANameHoldsNoControlCharacter) {
  const YamlNode doc =
      load_yaml_text("a: \"q\\r1\"\nb: \"q\\t1\"\nc: \"q\\x7F\"\nd: q-1_x\n", "n.yaml");
  EXPECT_THAT(error_of([&] { doc.require("a").as_identifier(); }).what(),
              HasSubstr("n.yaml:1:4: expected a name without spaces, dots or control characters, "
                        "found 'q\\x0D1'"));
  EXPECT_THAT(error_of([&] { doc.require("b").as_identifier(); }).what(),
              HasSubstr("found 'q\\x091'"));
  EXPECT_THAT(error_of([&] { doc.require("c").as_identifier(); }).what(),
              HasSubstr("found 'q\\x7F'"));
  EXPECT_EQ(doc.require("d").as_identifier(), "q-1_x");
}

// Beyond ASCII: a C1 control (U+0085, next line), a line separator, a zero-width space, a
// no-break space and a byte-order mark print as nothing or move the text; other letters are
// names.
TEST(YamlNode, ANameHoldsNoInvisibleOrMovingCharacter) {
  const YamlNode doc = load_yaml_text(
      "a: \"q\\x85r\"\nb: \"q\\u2028\"\nc: \"\\u200Bq\"\nd: \"q\\xA0r\"\ne: \"q\\uFEFF\"\n"
      "f: \"\u00e9t\u00e9\u4e2d\u2013\"\n",
      "u.yaml");
  EXPECT_THAT(error_of([&] { doc.require("a").as_identifier(); }).what(),
              HasSubstr("u.yaml:1:4: expected a name without spaces, dots or control characters, "
                        "found 'q\\u0085r'"));
  EXPECT_THAT(error_of([&] { doc.require("b").as_identifier(); }).what(), HasSubstr("'q\\u2028'"));
  EXPECT_THAT(error_of([&] { doc.require("c").as_identifier(); }).what(), HasSubstr("'\\u200Bq'"));
  EXPECT_THAT(error_of([&] { doc.require("d").as_identifier(); }).what(), HasSubstr("'q\\u00A0r'"));
  EXPECT_THAT(error_of([&] { doc.require("e").as_identifier(); }).what(), HasSubstr("'q\\uFEFF'"));
  EXPECT_EQ(doc.require("f").as_identifier(), "\u00e9t\u00e9\u4e2d\u2013");
}

// yaml-cpp's own texts: its depth guard's ("bad file") becomes a message that says what is
// wrong; a NUL (whose quoting by yaml-cpp ended the message on the terminal, at a place after
// it) is refused where it is, as every control character but a tab or a line end is.
TEST(YamlNode, ParserErrorsSayWhatIsWrongInPrintableText) {
  const std::string deep = "a: " + std::string(3000, '[') + std::string(3000, ']') + "\n";
  EXPECT_THAT(error_of([&] { load_yaml_text(deep, "deep.yaml"); }).what(),
              HasSubstr("deep.yaml:1:"));
  EXPECT_THAT(error_of([&] { load_yaml_text(deep, "deep.yaml"); }).detail(),
              ::testing::StartsWith("maps and lists nested too deep (the YAML reader stops at "));
  const std::string nul("a: 1\nb: x\0\0", 12);
  const std::string message = error_of([&] { load_yaml_text(nul, "nul.yaml"); }).what();
  EXPECT_EQ(message.find('\0'), std::string::npos);
  EXPECT_THAT(message, HasSubstr("nul.yaml:2:5: control character 0x00"));
  EXPECT_THAT(error_of([] { load_yaml_text("a: \"\x1B[31m\"\n", "esc.yaml"); }).what(),
              HasSubstr("esc.yaml:1:5: control character 0x1B"));
  EXPECT_NO_THROW(load_yaml_text("a:\t1\r\nb: 2\n", "ok.yaml"));
}

// A later document was ignored without a word (yaml-cpp's Load reads the first); an empty one,
// a `---` that ends the file, holds nothing to ignore.
TEST(YamlNode, ASecondDocumentIsAnErrorAtItsStart) {
  const InputError e = error_of([] { load_yaml_text("a: 1\n---\nb: 2\n", "two.yaml"); });
  EXPECT_EQ(e.where().line, 3);
  EXPECT_EQ(e.detail(), "a second YAML document (after `---`): a file holds one");
  EXPECT_EQ(load_yaml_text("---\na: 1\n...\n", "one.yaml").require("a").as_int(0, 9), 1);
  EXPECT_EQ(load_yaml_text("a: 1\n---\n", "end.yaml").require("a").as_int(0, 9), 1);
}

// yaml-cpp 0.7 neither consumes nor reports a stray top-level `,`: LoadAll read empty documents
// there for ever (a fuzz finding), Load ignored it and the rest of the file.
TEST(YamlNode, ATokenTheReaderCannotPassIsAnErrorAtIt) {
  const InputError alone = error_of([] { load_yaml_text(",\nb: c\n", "comma.yaml"); });
  EXPECT_EQ(alone.where().line, 1);
  EXPECT_EQ(alone.where().column, 1);
  EXPECT_EQ(alone.detail(), "',' cannot stand here: the YAML reader stops");
  const InputError after = error_of([] { load_yaml_text("- 1\n,\n", "after.yaml"); });
  EXPECT_EQ(after.where().line, 2);
  EXPECT_EQ(after.where().column, 1);
  EXPECT_EQ(load_yaml_text("a: 1\n---\n---\n", "empties.yaml").require("a").as_int(0, 9), 1);
}

// A whole file read where a map was expected (a DOT graph given to `run`), or a long value, was
// quoted whole: 60 characters are, with control characters escaped.
TEST(YamlNode, ALongValueIsQuotedShort) {
  const std::string value(100, 'x');
  const YamlNode doc = load_yaml_text("a: " + value + "\nb: \"\\t" + value + "\"\n", "l.yaml");
  EXPECT_EQ(error_of([&] { doc.require("a").as_int(0, 9); }).detail(),
            "expected an integer, found '" + value.substr(0, 60) + "... (100 bytes)' (at 'a')");
  EXPECT_EQ(error_of([&] { doc.require("b").expect_map("a map"); }).detail(),
            "expected a map, found '\\x09" + value.substr(0, 59) + "... (101 bytes)' (at 'b')");
}

TEST(YamlNode, MissingKeyAndWrongShape) {
  const YamlNode doc = load_yaml_text("queues: 3\n", "s.yaml");
  EXPECT_THAT(error_of([&] { doc.require("kernels"); }).what(),
              HasSubstr("missing required key 'kernels'"));
  EXPECT_THAT(error_of([&] { doc.require("queues").elements(); }).what(),
              HasSubstr("s.yaml:1:9: expected a list, found '3'"));
}

TEST(YamlNode, SyntaxErrorsCarryTheParserPosition) {
  const InputError e = error_of([] { load_yaml_text("a: [1, 2\nb: 3\n", "bad.yaml"); });
  EXPECT_EQ(e.where().file, "bad.yaml");
  EXPECT_GT(e.where().line, 0);
}

TEST(YamlNode, PathsFollowKeysAndPositions) {
  const YamlNode doc = load_yaml_text("queues:\n  - name: q0\n    size: x\n", "p.yaml");
  const YamlNode size = doc.require("queues").elements()[0].require("size");
  EXPECT_EQ(size.path(), "queues.0.size");
  EXPECT_THAT(error_of([&] { size.as_int(1, 64); }).what(), HasSubstr("(at 'queues.0.size')"));
}

}  // namespace
}  // namespace aqlsim
