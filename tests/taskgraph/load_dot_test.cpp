#include "taskgraph/load_dot.hpp"

#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace aqlsim::taskgraph {
namespace {

using testing::data_path;
using testing::edge_set;
using testing::EdgeSet;
using testing::error_of;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::task_named;

double comm_cost(const TaskGraph& graph, std::string_view from, std::string_view to) {
  const auto [e, found] =
      boost::edge(task_named(graph, from), task_named(graph, to), graph.graph());
  EXPECT_TRUE(found);
  return graph.graph()[e].comm_cost;
}

TEST(LoadGraphDot, ReadsDaggenOutput) {
  const TaskGraph graph = load_graph_dot(data_path("daggen.dot"));
  EXPECT_EQ(edge_set(graph), (EdgeSet{{"1", "2"}, {"1", "3"}, {"2", "3"}}));
  EXPECT_EQ(graph.task(task_named(graph, "1")).cost, 20.0);
  EXPECT_EQ(graph.task(task_named(graph, "2")).cost, 30.0);
  EXPECT_EQ(comm_cost(graph, "1", "3"), 7.0);
  EXPECT_EQ(graph.task(0).where.file, data_path("daggen.dot"));
}

// Tasks are listed in the order their nodes are first named, as a YAML graph lists them (Boost's
// reader orders its vertices by name): `queue_order: listed` means the same in every format.
TEST(LoadGraphDot, TasksAreInTheOrderOfTheFile) {
  const TaskGraph graph = load_graph_dot_text(
      "digraph g {\n  zz; aa [cost=2];\n  b10 -> mm;\n  b9;\n  zz -> aa [cost=3];\n}\n", "o.dot");
  ASSERT_EQ(graph.size(), 5u);
  const std::vector<std::string> ids = {"zz", "aa", "b10", "mm", "b9"};
  for (TaskId t = 0; t < graph.size(); ++t)
    EXPECT_EQ(graph.task(t).id, ids[t]);
  EXPECT_EQ(edge_set(graph), (EdgeSet{{"zz", "aa"}, {"b10", "mm"}}));
  EXPECT_EQ(graph.task(1).cost, 2.0);
  EXPECT_EQ(comm_cost(graph, "zz", "aa"), 3.0);
  EXPECT_EQ(graph.task(2).where.line, 3);
}

TEST(LoadGraphDot, KernelAndCostAttributes) {
  const TaskGraph graph = load_graph_dot_text(
      "digraph g {\n  a [kernel=gemm, cost=2.5, label=\"A\"];\n  b;\n"
      "  a -> b [cost=4, size=9, color=red];\n  b -> c;\n}\n",
      "g.dot");
  const TaskProps& a = graph.task(task_named(graph, "a"));
  EXPECT_EQ(a.kernel, "gemm");
  EXPECT_EQ(a.cost, 2.5);
  EXPECT_EQ(graph.task(task_named(graph, "b")).cost, std::nullopt);
  EXPECT_EQ(graph.task(task_named(graph, "c")).kernel, "");
  EXPECT_EQ(comm_cost(graph, "a", "b"), 4.0);  // cost wins over size
  EXPECT_EQ(comm_cost(graph, "b", "c"), 0.0);
}

TEST(LoadGraphDot, MalformedInputNamesTheFile) {
  const InputError e = error_of([] { load_graph_dot_text("digraph g { a -> ; }", "bad.dot"); });
  EXPECT_EQ(e.where().file, "bad.dot");
  EXPECT_THAT(e.what(), HasSubstr("bad.dot:1:18: malformed DOT graph"));
  EXPECT_THAT(error_of([] { load_graph_dot(data_path("missing.dot")); }).what(),
              HasSubstr("cannot open file"));
}

// The line and column of the error that loading `text` raises.
std::pair<int, int> where(const std::string& text) {
  const InputError e = error_of([&] { load_graph_dot_text(text, "s.dot"); });
  return {e.where().line, e.where().column};
}

// Boost's reader names the bad token but not its place; the loader finds the run of text that
// holds it (columns count characters).
TEST(LoadGraphDot, SyntaxErrorsHaveTheirLineAndColumn) {
  EXPECT_EQ(where("digraph G {\n  a [kernel=k];\n  b [kernel=k]\n  a -> ;\n}\n"), std::pair(4, 8));
  EXPECT_EQ(where("digraph G {\n  a [label=\"x y\"] /* a b */\n  \"\u00e9 c\" -> a ] \n}"),
            std::pair(3, 14));
  EXPECT_EQ(where("digraph{a->;}"), std::pair(1, 1));
  // A statement cut short by the end of the file: the error is at the end.
  EXPECT_EQ(where("digraph G {\n  a -> b\n"), std::pair(3, 1));
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph G {\n  a -> ;\n}", "s.dot"); }).what(),
              HasSubstr("s.dot:2:8: malformed DOT graph: Wanted"));
}

// Prefixes are cut only where Boost's lexer ends a token: after comments, preprocessor lines and
// backslash-newlines too; never inside an HTML id (whose quoted attributes may hold '>') or a
// chain of quoted ids joined by '+'. A lexer error names the character after the bad text, which
// the search ignores. Places counted by hand.
TEST(LoadGraphDot, SyntaxErrorsArePlacedAsBoostLexesTheText) {
  EXPECT_EQ(where("digraph G {\n  a -> // note\n;\n}\n"), std::pair(3, 1));
  EXPECT_EQ(where("digraph G {\n  a ->\n# line\n;\n}\n"), std::pair(4, 1));
  EXPECT_EQ(where("digraph G {\n  a -> /* x */;\n}\n"), std::pair(2, 15));
  EXPECT_EQ(where("digraph G {\n  a -> b \\\n  c \\ d\n}\n"), std::pair(3, 5));
  EXPECT_EQ(
      where("digraph G {\n  a [label=<a title=\"1>0\">x</a>]\n  b [label=\"q\"]\n  c -> ;\n}\n"),
      std::pair(4, 8));
  // The last HTML id is never closed; the words of the first are not cut.
  EXPECT_EQ(where("digraph G {\n  a [label=<b>one two three</b>]\n  b\n  e [label=<i>]\n}\n"),
            std::pair(4, 5));
  // A '+' that no quoted id follows: the place is where the joined ids start.
  EXPECT_EQ(where("digraph G {\n  a [label=\"x\" + y ]\n}\n"), std::pair(2, 5));
  EXPECT_EQ(where("digraph G {\n  n n n  a [label=\"x\" + \"y\"]\n  b\n  d [label=\"z\" +"),
            std::pair(4, 5));
  // '#' starts a comment right after a token or a line end (\n, \r or \f), not after a space;
  // `//` and `#` comments end at any of the three.
  EXPECT_EQ(where("digraph{a#\"\nb\n= =\n}\n"), std::pair(3, 3));
  EXPECT_EQ(where("digraph{\n// note\ra b c = = }\n"), std::pair(2, 17));
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph{a #x\n}", "s.dot"); }).what(),
              HasSubstr("s.dot:1:11: malformed DOT graph: Invalid character (char is '#')"));
  // A bad quoted id whose text looks like the end-of-file token is not the end of the file.
  EXPECT_EQ(where("digraph G {\n  a -> b\n}\n\"(token is \\\"<eof> '\"\n\n"), std::pair(4, 1));
  // A NUL byte in a quoted id: no input file may hold one, and the message says where it is.
  const std::string nul("strict \"x\0y\" {\n  a -> b\n}\n", 26);
  EXPECT_EQ(where(nul), std::pair(1, 10));
  EXPECT_THAT(error_of([&] { load_graph_dot_text(nul, "s.dot"); }).what(),
              HasSubstr("s.dot:1:10: control character 0x00"));
  // A form feed is white space to DOT, as it is to Graphviz.
  EXPECT_EQ(load_graph_dot_text("digraph {\f a -> b\f}\n", "f.dot").size(), 2u);
}

// Finding the place reads about 2 log2(n) prefixes of the text: not done past 256 KiB, and said
// so.
TEST(LoadGraphDot, ASyntaxErrorInAFileOverTheLimitHasNoPlace) {
  const std::string text = "digraph G {\n  a -> ;\n}\n// " + std::string(256 * 1024, 'x') + "\n";
  const InputError e = error_of([&] { load_graph_dot_text(text, "big.dot"); });
  EXPECT_EQ(e.where().line, 0);
  EXPECT_THAT(e.what(), HasSubstr("big.dot: malformed DOT graph: Wanted"));
  EXPECT_THAT(e.what(), HasSubstr("searched for in files of up to 256 KiB only"));
}

TEST(LoadGraphDot, BadCostsAndCycles) {
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph { a [cost=fast] }", "c.dot"); }).what(),
              HasSubstr("c.dot:1:11: node 'a': expected a cost >= 0, found 'fast'"));
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph { a -> b [size=-1] }", "c.dot"); }).what(),
              HasSubstr("c.dot:1:16: edge 'a' -> 'b': expected a cost >= 0, found '-1'"));
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph { a -> b -> a }", "c.dot"); }).what(),
              HasSubstr("tasks form a cycle"));
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph { a -> b; a -> b }", "c.dot"); }).what(),
              HasSubstr("edge 'a' -> 'b' is given twice"));
}

// Boost's reader keeps no places: errors about a node are placed where it is first named as a
// node, errors about an edge where its target is (as TaskGraph places them for every format).
TEST(LoadGraphDot, ErrorsAboutANodeArePlacedWhereItIsFirstNamed) {
  const std::string head = "digraph g {\n  rankdir = a;\n  b [kernel=a];\n";
  InputError e = error_of(
      [&] { load_graph_dot_text(head + "  b -> \"a\" -> c;\n  a [cost=fast];\n}\n", "p.dot"); });
  EXPECT_THAT(e.what(), HasSubstr("node 'a': expected a cost >= 0, found 'fast'"));
  EXPECT_EQ(e.where().line, 4);
  EXPECT_EQ(e.where().column, 8);
  e = error_of([&] { load_graph_dot_text(head + "  b -> c;\n  c -> b [cost=1];\n}\n", "p.dot"); });
  // At the first task the message names: b first named at 3:3, c at 4:8.
  const bool b_first = std::string(e.what()).find("cycle: b -> c -> b") != std::string::npos;
  EXPECT_THAT(e.what(), HasSubstr(b_first ? "cycle: b -> c -> b" : "cycle: c -> b -> c"));
  EXPECT_EQ(e.where().line, b_first ? 3 : 4);
  EXPECT_EQ(e.where().column, b_first ? 3 : 8);
  e = error_of([&] { load_graph_dot_text(head + "  b -> c [cost=-2];\n}\n", "p.dot"); });
  EXPECT_THAT(e.what(), HasSubstr("edge 'b' -> 'c': expected a cost >= 0, found '-2'"));
  EXPECT_EQ(e.where().line, 4);
  EXPECT_EQ(e.where().column, 8);
}

// Boost 1.74's reader cannot read Graphviz's keyword-less subgraph `{b c}`; the error says how
// to write it, and written with the keyword it reads as Graphviz reads the other: a -> b, a -> c.
TEST(LoadGraphDot, ASubgraphWithoutTheKeywordIsAnErrorThatSaysWhatToWrite) {
  const InputError e =
      error_of([] { load_graph_dot_text("digraph {\n  a -> {b c}\n}\n", "s.dot"); });
  EXPECT_EQ(e.where().line, 2);
  EXPECT_EQ(e.where().column, 8);
  EXPECT_THAT(e.what(), HasSubstr("Wanted left brace to start subgraph"));
  EXPECT_THAT(e.what(), HasSubstr("write `subgraph { ... }`"));
  const TaskGraph graph = load_graph_dot_text("digraph {\n  a -> subgraph {b c}\n}\n", "s.dot");
  ASSERT_EQ(graph.size(), 3u);
  EXPECT_EQ(graph.edge_count(), 2u);
  EXPECT_TRUE(graph.has_edge(*graph.find("a"), *graph.find("b")));
  EXPECT_TRUE(graph.has_edge(*graph.find("a"), *graph.find("c")));
}

// Boost 1.74's reader reads `<b>x</b>` as an HTML id but no HTML-like label of Graphviz's (each
// of its three messages for them). The error says what to do; without an HTML id in the text,
// a stray '>' gets no such hint.
TEST(LoadGraphDot, HtmlLikeLabelsAreErrorsThatSayWhatToDo) {
  for (const char* label : {"<<b>x</b>>", "<x>", "<<!-- c --> x>"}) {
    const std::string text = std::string("digraph {\n  a [label=") + label + "];\n  a -> b\n}\n";
    const InputError e = error_of([&] { load_graph_dot_text(text, "h.dot"); });
    EXPECT_EQ(e.where().line, 2) << label;
    EXPECT_THAT(e.what(), HasSubstr("cannot read Graphviz's HTML-like labels")) << label;
  }
  EXPECT_EQ(load_graph_dot_text("digraph { a [label=<b>x</b>] }", "h.dot").size(), 1u);
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph { a > b }", "h.dot"); }).what(),
              Not(HasSubstr("HTML")));
}

TEST(LoadGraphDot, CostsOverTheLimitAreErrors) {
  EXPECT_THAT(
      error_of([] { load_graph_dot_text("digraph { a [cost=\"1e308\"] }", "o.dot"); }).what(),
      HasSubstr("o.dot:1:11: task 'a': expected a cost from 0 to 1e+300 (the limit), found "
                "1e+308"));
  EXPECT_THAT(
      error_of([] { load_graph_dot_text("digraph { a -> b [size=\"1e301\"] }", "o.dot"); }).what(),
      HasSubstr("o.dot:1:16: edge 'a' -> 'b': expected a cost from 0 to 1e+300 (the limit)"));
  // 400 nines are a number beyond a double's range, not "a cost >= 0" that it is not.
  EXPECT_THAT(error_of([] {
                load_graph_dot_text("digraph { a [cost=" + std::string(400, '9') + "] }", "o.dot");
              }).what(),
              HasSubstr("o.dot:1:11: task 'a': expected a cost from 0 to 1e+300 (the limit), "
                        "found a number beyond a double's range"));
}

// Graphviz splits `1e3` into the ids 1 and e3, and Boost's reader dropped the second: the cost
// was read as 1. A number with an exponent or unit is an error at its line and column; quoted
// it is one id, read whole, and names, quoted strings and comments may hold such text.
TEST(LoadGraphDot, NumbersWithAnExponentOrUnitAreErrorsUnlessQuoted) {
  const InputError e = error_of(
      [] { load_graph_dot_text("digraph g {\n  a [cost=2];\n  b [cost=1e3];\n}\n", "n.dot"); });
  EXPECT_EQ(e.where().line, 3);
  EXPECT_EQ(e.where().column, 11);
  EXPECT_THAT(e.what(), HasSubstr("'1e3' is not a DOT number"));
  EXPECT_THAT(
      error_of([] { load_graph_dot_text("digraph { a -> b [size=5us] }", "n.dot"); }).what(),
      HasSubstr("'5us' is not a DOT number"));
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph { a [cost=.5e-3] }", "n.dot"); }).what(),
              HasSubstr("'.5e-3' is not a DOT number"));
  // Two points, a second sign or a quoted string glued on: Graphviz splits these too, and the
  // cost was read as 3, 12.34, 1, 1.5 and 7.
  for (const auto& [cost, token] : {std::pair{"3-4-5", "3-4-5"},
                                    {"12.34.56", "12.34.56"},
                                    {"1..2", "1..2"},
                                    {"1.5.2", "1.5.2"},
                                    {"7\"8\"", "7\"8\""}}) {
    const std::string text = fmt::format("digraph {{ a [cost={}]; b }}", cost);
    EXPECT_THAT(error_of([&] { load_graph_dot_text(text, "n.dot"); }).what(),
                HasSubstr(fmt::format("n.dot:1:19: '{}' is not a DOT number", token)))
        << text;
  }
  // A sign starts a number, and an edge's arrow follows one.
  const TaskGraph signed_graph =
      load_graph_dot_text("digraph { 1->2 [weight=-3]; 2->3 [cost=.5] }", "s.dot");
  EXPECT_EQ(signed_graph.size(), 3u);
  EXPECT_EQ(comm_cost(signed_graph, "2", "3"), 0.5);
  const TaskGraph graph = load_graph_dot_text(
      "digraph g {\n  // 1e3 in a comment\n  /* 2x */ a1e3 [cost=\"1e3\", label=\"5us \\\" 7e\"];\n"
      "  a1e3 -> b [cost=\"2\"];\n}\n",
      "q.dot");
  EXPECT_EQ(graph.task(task_named(graph, "a1e3")).cost, 1000.0);
  EXPECT_EQ(comm_cost(graph, "a1e3", "b"), 2.0);
}

// The number check skips comments as Boost does: a '#' right after a token starts one, and a
// `//` comment ends at a lone \r.
TEST(LoadGraphDot, NumbersAfterCommentsThatEndAtAToken) {
  EXPECT_THAT(error_of([] {
                load_graph_dot_text("digraph{a [cost=1]#\"\nb [cost=5e3]\n}\n", "n.dot");
              }).what(),
              HasSubstr("n.dot:2:9: '5e3' is not a DOT number"));
  EXPECT_THAT(
      error_of([] { load_graph_dot_text("digraph{\n// x\rb [cost=5e3]\n}\n", "n.dot"); }).what(),
      HasSubstr("n.dot:2:14: '5e3' is not a DOT number"));
}

// Boost's reader copies the graph read so far into each subgraph it starts, and makes an edge
// between two subgraphs an edge between each pair of their nodes, all before aqlsim sees the
// graph: 8,000 one-node subgraphs took 1.3 GB, and 3,200 x 3,200 nodes would be 10.24 million
// edges (the limit is 10 million). Both are refused from the text, before Boost reads it.
TEST(LoadGraphDot, WhatBoostWouldBuildIsBoundedBeforeItReads) {
  std::string many = "digraph {";
  for (int i = 0; i < 8000; ++i)
    many += " subgraph { a }";
  many += " }";
  EXPECT_THAT(error_of([&] { load_graph_dot_text(many, "s.dot"); }).what(),
              HasSubstr("too many subgraphs after too many nodes: Boost's DOT reader copies"));
  const auto group = [](char prefix, int n) {
    std::string text = "subgraph {";
    for (int i = 0; i < n; ++i)
      text += fmt::format(" {}{}", prefix, i);
    return text + " }";
  };
  const std::string wide = "digraph { " + group('b', 3200) + " -> " + group('c', 3200) + " }";
  const InputError e = error_of([&] { load_graph_dot_text(wide, "e.dot"); });
  EXPECT_THAT(e.what(), HasSubstr("a task graph has at most 10000000 edges (the limit): the edges "
                                  "between subgraphs up to here make more"));
  EXPECT_EQ(e.where().column, static_cast<int>(wide.size()) - 2);  // the second group's `}`
  // Below the limits, a chain of subgraphs reads as Boost builds it: 2 x 2 edges, twice.
  const TaskGraph chain = load_graph_dot_text(
      "digraph {\n subgraph s1 { a b } -> subgraph { c d }\n  -> subgraph { e f } }", "c.dot");
  EXPECT_EQ(chain.size(), 6u);
  EXPECT_EQ(chain.edge_count(), 8u);
}

// Lowering names a task's packets TASK.wait0 and the like: DOT's quoted ids may hold any text,
// but a task id follows the rule of every other graph format.
TEST(LoadGraphDot, NodeIdsAreNamesWithoutSpacesOrDots) {
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph { \"x y\" -> b }", "n.dot"); }).what(),
              HasSubstr("n.dot:1:11: node 'x y': expected a name without spaces, dots or control "
                        "characters"));
  EXPECT_THAT(error_of([] { load_graph_dot_text("digraph { b -> \"a.wait0\" }", "n.dot"); }).what(),
              HasSubstr("node 'a.wait0': expected a name without spaces, dots or control "
                        "characters"));
}

// Boost refuses an undirected graph with no place and no word of what to write.
TEST(LoadGraphDot, AnUndirectedGraphIsAnErrorAtItsKeyword) {
  EXPECT_THAT(error_of([] { load_graph_dot_text("graph { a -- b; }", "u.dot"); }).what(),
              HasSubstr("u.dot:1:1: an undirected graph: a task graph is directed, so write "
                        "`digraph` and `->` edges"));
  EXPECT_THAT(
      error_of([] { load_graph_dot_text("/* c */\n strict GRAPH { a -- b; }", "u.dot"); }).what(),
      HasSubstr("u.dot:2:9: an undirected graph"));
}

}  // namespace
}  // namespace aqlsim::taskgraph
