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
