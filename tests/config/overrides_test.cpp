#include "config/overrides.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace aqlsim {
namespace {

using ::testing::HasSubstr;

TEST(ApplyOverride, ReplacesNestedValuesAndCreatesMissingMaps) {
  YAML::Node root = YAML::Load("device: {cus: 4}\n");
  YamlSource source;
  apply_override(root, "device.cus=8", source);
  apply_override(root, "scheduling.params.rr-idle.swaps_per_quantum=2", source);
  EXPECT_EQ(root["device"]["cus"].as<int>(), 8);
  EXPECT_EQ(root["scheduling"]["params"]["rr-idle"]["swaps_per_quantum"].as<int>(), 2);
  EXPECT_EQ(source.overrides.at("device.cus"), "--set device.cus=8");
}

TEST(ApplyOverride, SelectsListElementsByPositionOrName) {
  YAML::Node root = YAML::Load("queues: [{name: a, priority: 1}, {name: b, priority: 1}]\n");
  YamlSource source;
  apply_override(root, "queues.1.priority=5", source);
  apply_override(root, "queues.a.priority=7", source);
  EXPECT_EQ(root["queues"][0]["priority"].as<int>(), 7);
  EXPECT_EQ(root["queues"][1]["priority"].as<int>(), 5);
  // Canonical paths use positions, so errors about the value find the option.
  EXPECT_TRUE(source.overrides.contains("queues.0.priority"));
}

TEST(ApplyOverride, OverriddenValueErrorsPointAtTheOption) {
  YAML::Node root = YAML::Load("device: {cus: 4}\n");
  auto source = std::make_shared<YamlSource>();
  source->file = "w.yaml";
  apply_override(root, "device.cus=many", *source);
  const YamlNode doc(root, source, "");
  try {
    doc.require("device").require("cus").as_int(1, 1000);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().file, "--set device.cus=many");
  }
}

// Everything the option brings, the maps it creates on the way included, is the option's: an
// error there must not point into the file (whose marks the option's nodes do not have).
TEST(ApplyOverride, ErrorsInsideTheValueOrInCreatedMapsPointAtTheOption) {
  YAML::Node root = YAML::Load("queues: [{name: a}]\n");
  auto source = std::make_shared<YamlSource>();
  source->file = "w.yaml";
  apply_override(root, "device.front_end.bogus=1", *source);
  apply_override(root, "queues.0.packets=[{dispatch: k, at: soon}]", *source);
  const YamlNode doc(root, source, "");
  EXPECT_EQ(doc.require("device").location().file, "--set device.front_end.bogus=1");
  EXPECT_EQ(doc.require("device").require("front_end").location().file,
            "--set device.front_end.bogus=1");
  const YamlNode packet = doc.require("queues").elements()[0].require("packets").elements()[0];
  EXPECT_EQ(packet.require("at").location().file,
            "--set queues.0.packets=[{dispatch: k, at: soon}]");
  EXPECT_EQ(doc.require("queues").elements()[0].location().file, "w.yaml");
}

// A file holds one YAML document and so does a value: YAML::Load read the first and dropped the
// rest, a syntax error after `...` included.
TEST(ApplyOverride, AValueOfTwoDocumentsIsAnError) {
  YAML::Node root = YAML::Load("seed: 1\n");
  YamlSource source;
  for (const char* assignment : {"seed=7\n---\n9", "seed=7\n...\ngarbage: ["}) {
    try {
      apply_override(root, assignment, source);
      FAIL() << "expected an InputError for " << assignment;
    } catch (const InputError& e) {
      EXPECT_EQ(e.where().file, std::string("--set ") + assignment);
    }
  }
  EXPECT_EQ(root["seed"].as<int>(), 1);
}

// An alias shares its node with the anchor: an override through either must change that copy
// alone, and the nodes it passes through keep their place in the file for later errors.
TEST(ApplyOverride, ChangesOnlyThePathGivenWhenANodeIsAnAlias) {
  YAML::Node root = YAML::Load(
      "queues:\n"
      "  - &q {name: a, packets: [{dispatch: k, at: 1}]}\n"
      "  - *q\n"
      "first: &n 1\n"
      "second: *n\n");
  auto source = std::make_shared<YamlSource>();
  source->file = "w.yaml";
  apply_override(root, "queues.0.packets.0.at=100", *source);
  apply_override(root, "queues.1.name=b", *source);
  apply_override(root, "second=2", *source);
  EXPECT_EQ(root["queues"][0]["packets"][0]["at"].as<int>(), 100);
  EXPECT_EQ(root["queues"][1]["packets"][0]["at"].as<int>(), 1);
  EXPECT_EQ(root["queues"][0]["name"].as<std::string>(), "a");
  EXPECT_EQ(root["queues"][1]["name"].as<std::string>(), "b");
  EXPECT_EQ(root["first"].as<int>(), 1);
  EXPECT_EQ(root["second"].as<int>(), 2);
  const YamlNode doc(root, source, "");
  const YamlNode queue1 = doc.require("queues").elements()[1];
  // Where each node is in the file: queue 1 is the anchor's map (line 2, at its `&q`).
  const auto at = [](const YamlNode& n) {
    return std::pair(n.location().line, n.location().column);
  };
  EXPECT_EQ(at(queue1), std::pair(2, 5));
  EXPECT_EQ(at(doc.require("queues")), std::pair(2, 3));
  EXPECT_EQ(at(queue1.require("packets")), std::pair(2, 27));
  EXPECT_EQ(queue1.location().file, "w.yaml");
}

TEST(ApplyOverride, RejectsAnAssignmentThatIsNotUtf8) {
  YAML::Node root = YAML::Load("description: x\n");
  YamlSource source;
  try {
    apply_override(root, "description=a\xC0\xAF", source);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().file, "--set description=a\\xC0\\xAF");
    EXPECT_THAT(e.detail(), HasSubstr("invalid UTF-8 (byte 0xC0 at offset 13)"));
  }
}

// One entry reached twice, by position and by name or by two spellings of a position: the later
// value would silently replace the earlier (a check of the key texts alone let them through).
TEST(ApplyOverride, AnEntryReachedTwiceUnderAnotherSpellingIsAnError) {
  for (const auto& [first, second] : {std::pair{"kernels.0.wg_time=1us", "kernels.k.wg_time=2us"},
                                      std::pair{"kernels.00.wg_time=1us", "kernels.0.wg_time=2us"},
                                      std::pair{"kernels.0={name: k}", "kernels.k={name: k}"}}) {
    SCOPED_TRACE(second);
    YAML::Node root = YAML::Load("kernels: [{name: k, wg_time: 5us}]\n");
    YamlSource source;
    apply_override(root, first, source);
    try {
      apply_override(root, second, source);
      FAIL() << "expected an InputError";
    } catch (const InputError& e) {
      EXPECT_EQ(e.where().file, std::string("--set ") + second);
      EXPECT_THAT(e.detail(), HasSubstr(std::string("as '") + first + "' does"));
    }
  }
  // Different entries of one element are not the same entry.
  YAML::Node root = YAML::Load("kernels: [{name: k, wg_time: 5us, workgroups: 2}]\n");
  YamlSource source;
  apply_override(root, "kernels.0.wg_time=1us", source);
  apply_override(root, "kernels.k.workgroups=3", source);
  EXPECT_EQ(root["kernels"][0]["workgroups"].as<int>(), 3);
}

// A part of an entry a whole's value gives would silently replace it (a sweep of `device` with a
// --set of `device.preset` ran every row on the set preset); a part the whole leaves out refines
// it.
TEST(ApplyOverride, APartOfWhatAnEarlierWholeGaveIsAnError) {
  YAML::Node root = YAML::Load("kernels: [{name: k, wg_time: 5us}]\n");
  YamlSource source;
  apply_override(root, "kernels.0={name: k, wg_time: 1us}", source);
  apply_override(root, "kernels.k.workgroups=3", source);  // not in the whole's value: a refinement
  EXPECT_EQ(root["kernels"][0]["workgroups"].as<int>(), 3);
  try {
    apply_override(root, "kernels.k.wg_time=2us", source);
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().file, "--set kernels.k.wg_time=2us");
    EXPECT_THAT(e.detail(), HasSubstr("reaches 'kernels.0.wg_time', which the value of "
                                      "'kernels.0={name: k, wg_time: 1us}' gives"));
  }
}

// A part set before its whole would be lost: the whole is applied first, whatever the order given.
TEST(WholesBeforeParts, OrdersByTheNumberOfSegmentsAndKeepsTheOrderAmongEquals) {
  EXPECT_EQ(wholes_before_parts({"device.compute_units=2", "b.c=1", "device=gem5", "a=1"}),
            (std::vector<std::string>{"device=gem5", "a=1", "device.compute_units=2", "b.c=1"}));
  // Inside the part's value, dots do not count: only the key's.
  EXPECT_EQ(wholes_before_parts({"a=x.y.z", "b.c=1"}),
            (std::vector<std::string>{"a=x.y.z", "b.c=1"}));
  YAML::Node root = YAML::Load("device: {compute_units: 4}\n");
  YamlSource source;
  for (const std::string& assignment :
       wholes_before_parts({"device.compute_units=2", "device={preset: gem5}"}))
    apply_override(root, assignment, source);
  EXPECT_EQ(root["device"]["preset"].as<std::string>(), "gem5");
  EXPECT_EQ(root["device"]["compute_units"].as<int>(), 2);
}

TEST(ApplyOverride, RejectsBadPaths) {
  YAML::Node root = YAML::Load("device: gtx480\nqueues: [{name: a}]\n");
  YamlSource source;
  EXPECT_THROW(apply_override(root, "device.cus=4", source), InputError);
  EXPECT_THROW(apply_override(root, "queues.zz.priority=1", source), InputError);
  EXPECT_THROW(apply_override(root, "noequals", source), InputError);
  try {
    apply_override(root, "queues.9.priority=1", source);
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("has no element '9'"));
  }
}

}  // namespace
}  // namespace aqlsim
