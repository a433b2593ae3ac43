// Where DOT nodes are first named, on texts whose lines and columns are counted by hand.
#include "taskgraph/dot_node_places.hpp"

#include <gtest/gtest.h>

namespace aqlsim::taskgraph {
namespace {

TEST(DotNodePlaces, ANodeIsPlacedAtItsFirstMentionAsANode) {
  const auto places = dot_node_places(
      "digraph g {\n"         // line 1: the graph's name is no node
      "  b -> c;\n"           // 2: b at 3, c at 8
      "  c [cost=2];\n"       // 3: c again
      "  a -> b [cost=1];\n"  // 4: a at 3
      "}\n");
  ASSERT_EQ(places.size(), 3u);
  EXPECT_EQ(places.at("b"), (DotPlace{2, 3}));
  EXPECT_EQ(places.at("c"), (DotPlace{2, 8}));
  EXPECT_EQ(places.at("a"), (DotPlace{4, 3}));
}

// Ids that are not nodes where they stand: attribute names and values (in brackets or as a
// graph attribute `x = y`), subgraph names, ports, and the graph's name. Each is named again
// later as a node, where it must be placed.
TEST(DotNodePlaces, IdsThatAreNotNodesWhereTheyStandArePassedOver) {
  const auto places = dot_node_places(
      "digraph n {\n"                            // 1
      "  rankdir = LR;\n"                        // 2
      "  node [kernel=k, cost=2];\n"             // 3
      "  subgraph s { x }\n"                     // 4: x at 16
      "  p:q -> x:r:w;\n"                        // 5: p at 3
      "  y:(a, b) -> z@c;\n"                     // 6: y at 3, z at 15
      "  LR; k; cost; s; q; r; w; a; b; c; n\n"  // 7
      "}\n");
  EXPECT_EQ(places.at("x"), (DotPlace{4, 16}));
  EXPECT_EQ(places.at("p"), (DotPlace{5, 3}));
  EXPECT_EQ(places.at("y"), (DotPlace{6, 3}));
  EXPECT_EQ(places.at("z"), (DotPlace{6, 15}));
  // Line 7: "  LR; k; cost; s; q; r; w; a; b; c; n"
  EXPECT_EQ(places.at("LR"), (DotPlace{7, 3}));
  EXPECT_EQ(places.at("k"), (DotPlace{7, 7}));
  EXPECT_EQ(places.at("cost"), (DotPlace{7, 10}));
  EXPECT_EQ(places.at("s"), (DotPlace{7, 16}));
  EXPECT_EQ(places.at("q"), (DotPlace{7, 19}));
  EXPECT_EQ(places.at("r"), (DotPlace{7, 22}));
  EXPECT_EQ(places.at("w"), (DotPlace{7, 25}));
  EXPECT_EQ(places.at("a"), (DotPlace{7, 28}));
  EXPECT_EQ(places.at("b"), (DotPlace{7, 31}));
  EXPECT_EQ(places.at("c"), (DotPlace{7, 34}));
  EXPECT_EQ(places.at("n"), (DotPlace{7, 37}));
  EXPECT_EQ(places.size(), 15u);
}

// Quoted ids as Boost's reader keeps them: quotes removed, \" unescaped, backslash-newlines
// removed, `+` joins; numbers (a leading minus included) and HTML ids (with their brackets)
// are ids too (Boost's reader reads `<b>x</b>` as an HTML id; it cannot read Graphviz's
// `<<b>x</b>>`). Comments hold no nodes; columns count characters, not bytes.
TEST(DotNodePlaces, IdsAreNormalisedAsBoostReadsThem) {
  const auto places = dot_node_places(
      "digraph {\n"                      // 1
      "  \"a\\\"b\" -> \"c\" + \"d\"\n"  // 2: "a\"b" at 3, "c" + "d" at 13
      "  /* e */ -1.5 -> .5; // f\n"     // 3: -1.5 at 11, .5 at 19
      "  \"é\" -> <b>x</b>;\n"         // 4: "é" at 3, the HTML id at 10
      "  \"g\\\nh\"\n"                   // 5: "g\<newline>h" at 3
      "}\n");
  EXPECT_EQ(places.at("a\"b"), (DotPlace{2, 3}));
  EXPECT_EQ(places.at("cd"), (DotPlace{2, 13}));
  EXPECT_EQ(places.at("-1.5"), (DotPlace{3, 11}));
  EXPECT_EQ(places.at(".5"), (DotPlace{3, 19}));
  EXPECT_EQ(places.at("é"), (DotPlace{4, 3}));
  EXPECT_EQ(places.at("<b>x</b>"), (DotPlace{4, 10}));
  EXPECT_EQ(places.at("gh"), (DotPlace{5, 3}));
  EXPECT_EQ(places.size(), 7u);
}

}  // namespace
}  // namespace aqlsim::taskgraph
