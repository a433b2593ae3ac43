// The HTML report's pages: escaping, the comparison CSV and its summaries (hand-computed
// geometric means and speedups), and the run result's schema checks.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "config/input_error.hpp"
#include "report/compare_page.hpp"
#include "report/run_page.hpp"
#include "report/run_result.hpp"
#include "report/svg.hpp"
#include "report/sweep_titles.hpp"
#include "tests/support/count_of.hpp"

namespace {

using namespace aqlsim::report;
using ::testing::HasSubstr;
using ::testing::Not;

using aqlsim::testing::count_of;

// The message of the InputError `f` throws, with its location.
template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const aqlsim::InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Svg, EscapesEveryMarkupCharacter) {
  EXPECT_EQ(aqlsim::svg::escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  EXPECT_EQ(aqlsim::svg::number(1234.5678), "1235");
  EXPECT_EQ(aqlsim::svg::number(0.012346), "0.01235");
  EXPECT_EQ(aqlsim::svg::number(2.5), "2.5");
  EXPECT_EQ(aqlsim::svg::coord(3.04), "3");
  const std::vector<double> t = aqlsim::svg::ticks(0, 95, 5);  // steps of 20
  EXPECT_EQ(t, (std::vector<double>{0, 20, 40, 60, 80}));
}

// Two workloads, two policies, one swept key at two values. At hw_queues=1, fifo has makespans
// 100 and 400 and sjf 50 and 100: sjf's speedups over fifo are 2 and 4, geometric mean
// sqrt(8); its STP 1 and 4 have geometric mean 2. fifo's DNTT there, 0.1 and 0, has the
// arithmetic mean 0.05 (a geometric mean would be 0, or 3e-151 with a floor of 1e-300).
const char* kCsv =
    "workload,device.front_end.hw_queues,policy,status,makespan_us,stp,antt,fairness,dntt,"
    "slot_idle_us,map_count,unmap_count\n"
    "w1,1,fifo,completed,100,1,2,0.5,0.1,10,3,1\n"
    "w1,1,sjf,completed,50,1,1,1,0,20,3,1\n"
    "w2,1,fifo,completed,400,1,2,0.5,0,30,3,1\n"
    "w2,1,sjf,completed,100,4,1,1,0,40,3,1\n"
    "w1,2,fifo,completed,90,1,2,0.5,0.1,0,3,1\n"
    "w1,2,sjf,deadlock,0,0,0,0,0,0,3,1\n"
    "w2,2,fifo,completed,90,1,2,0.5,0.1,0,3,1\n"
    "w2,2,sjf,completed,45,2,1,1,0,0,3,1\n";

TEST(CompareCsv, SummariesAreGeometricMeansWithTheirSpread) {
  const CompareTable table = parse_compare_csv(kCsv, "c.csv");
  EXPECT_EQ(table.sweep_keys, std::vector<std::string>{"device.front_end.hw_queues"});
  ASSERT_EQ(table.runs.size(), 8u);
  const auto groups = summarise_compare(table, "fifo");
  ASSERT_EQ(groups.size(), 4u);
  const CompareGroup& sjf1 = groups[1];
  EXPECT_EQ(sjf1.policy, "sjf");
  EXPECT_EQ(sjf1.point, std::vector<std::string>{"1"});
  EXPECT_NEAR(sjf1.speedup.mean, std::sqrt(8.0), 1e-12);
  EXPECT_DOUBLE_EQ(sjf1.speedup.min, 2);
  EXPECT_DOUBLE_EQ(sjf1.speedup.max, 4);
  EXPECT_NEAR(sjf1.stp.mean, 2, 1e-12);
  EXPECT_NEAR(sjf1.makespan.mean, std::sqrt(5000.0), 1e-9);
  EXPECT_DOUBLE_EQ(sjf1.slot_idle_us, 30);
  const CompareGroup& sjf2 = groups[3];  // one run deadlocked: left out, as compare does
  EXPECT_EQ(sjf2.runs, 2u);
  EXPECT_EQ(sjf2.completed, 1u);
  EXPECT_DOUBLE_EQ(sjf2.speedup.mean, 2);
  EXPECT_DOUBLE_EQ(groups[0].speedup.mean, 1);
  EXPECT_DOUBLE_EQ(groups[0].dntt.mean, 0.05);
  EXPECT_DOUBLE_EQ(groups[0].dntt.min, 0);

  const std::string page = compare_page(table, "c.csv", "");
  for (const char* chart : {"compare-makespan", "compare-speedup", "compare-stp", "compare-antt",
                            "compare-fairness", "compare-dntt"}) {
    const auto at = page.find(std::string("data-chart=\"") + chart + "\"");
    ASSERT_NE(at, std::string::npos) << chart;
    const std::string svg = page.substr(at, page.find("</svg>", at) - at);
    EXPECT_EQ(count_of(svg, "data-series="), 2u) << chart;
  }
  EXPECT_THAT(page, HasSubstr("hw_queues=2"));
  EXPECT_THAT(page, HasSubstr("2.828 (2 to 4)"));
  EXPECT_THAT(page, HasSubstr("0.05 (0 to 0.1)"));
  EXPECT_THAT(page, HasSubstr("Baseline: fifo (the file&#39;s first policy"));
}

// Two swept keys with one last part are labelled by as many last parts as tell them apart, as
// the compare table titles them: "wg_time=10us, wg_time=5us" said nothing of which kernel each
// was. A key that is another's ending stays whole; the third keeps its last part.
TEST(CompareCsv, SweptKeysThatShareALastPartGetMoreOfTheirKey) {
  EXPECT_EQ(sweep_titles({"kernels.0.wg_time", "kernels.1.wg_time", "seed"}),
            (std::vector<std::string>{"0.wg_time", "1.wg_time", "seed"}));
  EXPECT_EQ(sweep_titles({"a.b.c", "x.b.c", "c"}),
            (std::vector<std::string>{"a.b.c", "x.b.c", "c"}));
  EXPECT_EQ(sweep_titles({"seed", "x.seed"}), (std::vector<std::string>{"seed", "x.seed"}));
  const std::string csv =
      "workload,kernels.0.wg_time,kernels.1.wg_time,policy,status,makespan_us,stp,antt,"
      "fairness,dntt,slot_idle_us,map_count,unmap_count\n"
      "w,10us,5us,fifo,completed,10,0,0,0,0,0,1,1\n";
  const std::string page = compare_page(parse_compare_csv(csv, "c.csv"), "c.csv", "");
  EXPECT_THAT(page, HasSubstr("0.wg_time=10us, 1.wg_time=5us"));
  EXPECT_THAT(page, Not(HasSubstr("kernels.0.wg_time=")));
  EXPECT_THAT(compare_page(parse_compare_csv(kCsv, "c.csv"), "c.csv", ""),
              Not(HasSubstr("device.front_end.hw_queues=2")));
}

TEST(CompareCsv, WithoutIsolatedRunsOnlyMakespanAndSpeedupAreCharted) {
  const std::string csv =
      "workload,policy,status,makespan_us,stp,antt,fairness,dntt,slot_idle_us,map_count,"
      "unmap_count\n"
      "w,<b>a</b>,completed,10,0,0,0,0,0,1,1\n"
      "w,b,completed,5,0,0,0,0,0,1,1\n";
  const std::string page = compare_page(parse_compare_csv(csv, "c.csv"), "c.csv", "b");
  EXPECT_THAT(page, HasSubstr("data-chart=\"compare-speedup\""));
  EXPECT_EQ(page.find("data-chart=\"compare-stp\""), std::string::npos);
  EXPECT_EQ(page.find("<b>a</b>"), std::string::npos);  // escaped
  EXPECT_THAT(page, HasSubstr("&lt;b&gt;a&lt;/b&gt;"));
}

// Runs that deadlocked measured nothing: their slot idle time is shown as compare shows it,
// "-", not 0, and the note says why nothing is charted.
TEST(CompareCsv, PoliciesWithNoCompletedRunShowNoMeasurements) {
  const std::string csv =
      "workload,policy,status,makespan_us,stp,antt,fairness,dntt,slot_idle_us,map_count,"
      "unmap_count\n"
      "w,fifo,deadlock,0,0,0,0,0,0,1,0\n"
      "w,sjf,deadlock,0,0,0,0,0,0,1,0\n";
  const std::string page = compare_page(parse_compare_csv(csv, "c.csv"), "c.csv", "fifo");
  EXPECT_THAT(page, HasSubstr("No run completed"));
  EXPECT_EQ(page.find("without isolated runs"), std::string::npos);
  // Policy, runs 1, completed 0, then makespan, speedup, STP, ANTT, fairness, DNTT, slot idle.
  std::string row = R"(<tr><td>sjf</td><td class="n">1</td><td class="n">0</td>)";
  for (int column = 0; column < 7; ++column)
    row += R"(<td class="n">-</td>)";
  EXPECT_THAT(page, HasSubstr(row + "</tr>"));
}

TEST(CompareCsv, BadFilesAreClearErrors) {
  EXPECT_THAT(error_of([] { parse_compare_csv("", "e.csv"); }),
              HasSubstr("e.csv: the file is empty"));
  EXPECT_THAT(error_of([] { parse_compare_csv("a,b\n1,2\n", "h.csv"); }),
              HasSubstr("h.csv:1:1: not the CSV of `aqlsim compare --csv`"));
  const std::string header =
      "workload,policy,status,makespan_us,stp,antt,fairness,dntt,slot_idle_us,map_count,"
      "unmap_count\n";
  EXPECT_THAT(error_of([&] { parse_compare_csv(header, "n.csv"); }), HasSubstr("no runs"));
  EXPECT_THAT(error_of([&] { parse_compare_csv(header + "w,a,completed,1", "t.csv"); }),
              HasSubstr("t.csv:2:1: 4 fields where the header has 11 (a truncated file?)"));
  EXPECT_THAT(
      error_of([&] { parse_compare_csv(header + "w,a,completed,1x,0,0,0,0,0,1,1", "x.csv"); }),
      HasSubstr("x.csv:2:15: makespan_us is not a number from 0 to 4.61169e+18: \"1x\""));
  // What no comparison writes: an unknown status (counted as not completed), a run given twice
  // (counted twice), a makespan past the largest simulated time.
  EXPECT_THAT(error_of([&] { parse_compare_csv(header + "w,a,weird,1,0,0,0,0,0,1,1", "s.csv"); }),
              HasSubstr("s.csv:2:5: unknown run status \"weird\""));
  EXPECT_THAT(error_of([&] {
                parse_compare_csv(
                    header + "w,a,completed,1,0,0,0,0,0,1,1\nw,a,completed,1,0,0,0,0,0,1,1",
                    "d.csv");
              }),
              HasSubstr("d.csv:3:1: the run of w under a is given twice (also line 2)"));
  EXPECT_THAT(
      error_of([&] { parse_compare_csv(header + "w,a,completed,1e308,0,0,0,0,0,1,1", "m.csv"); }),
      HasSubstr("m.csv:2:15: makespan_us is not a number from 0 to 4.61169e+18: \"1e308\""));
}

// RFC 4180: `compare --csv` quotes a workload or sweep value with a comma, quote or newline.
TEST(CompareCsv, QuotedFieldsKeepTheirCommasQuotesAndNewlines) {
  const std::string csv =
      "workload,description,policy,status,makespan_us,stp,antt,fairness,dntt,slot_idle_us,"
      "map_count,unmap_count\r\n"
      "\"w,1.yaml\",\"a,b,c\",fifo,completed,10,0,0,0,0,0,1,0\r\n"
      "w2.yaml,\"say \"\"x\"\"\nthen y\",fifo,completed,20,0,0,0,0,0,1,0\n";
  const CompareTable t = parse_compare_csv(csv, "q.csv");
  ASSERT_EQ(t.runs.size(), 2u);
  EXPECT_EQ(t.runs[0].workload, "w,1.yaml");
  EXPECT_EQ(t.runs[0].point, std::vector<std::string>{"a,b,c"});
  EXPECT_EQ(t.runs[0].policy, "fifo");
  EXPECT_EQ(t.runs[1].workload, "w2.yaml");
  EXPECT_EQ(t.runs[1].point, std::vector<std::string>{"say \"x\"\nthen y"});
  EXPECT_EQ(t.runs[1].makespan_us, 20);
  const std::string header = csv.substr(0, csv.find('\n') + 1);
  // The row's makespan is on line 3, after the newline in quotes.
  EXPECT_THAT(error_of([&] {
                parse_compare_csv(header + "w,\"a\nb\",fifo,completed,1x,0,0,0,0,0,1,0\n", "n.csv");
              }),
              HasSubstr("n.csv:3:19: makespan_us is not a number from 0 to 4.61169e+18: \"1x\""));
  EXPECT_THAT(error_of([&] {
                parse_compare_csv(header + "w,a,b,fifo,completed,1,0,0,0,0,0,1,0\n", "c.csv");
              }),
              HasSubstr("c.csv:2:1: 13 fields where the header has 12 (a comma in a field that "
                        "is not in quotes?)"));
  EXPECT_THAT(error_of([&] { parse_compare_csv(header + "w,\"a,fifo\n", "u.csv"); }),
              HasSubstr("u.csv:2:3: a quoted field that does not end"));
  EXPECT_THAT(error_of([&] { parse_compare_csv(header + "w,\"a\"b,fifo\n", "t.csv"); }),
              HasSubstr("t.csv:2:6: text after the closing quote of the field at column 3"));
  EXPECT_THAT(error_of([&] { parse_compare_csv(header + "w,a\"b,fifo\n", "i.csv"); }),
              HasSubstr("i.csv:2:4: a quote inside an unquoted field"));
}

TEST(RunResult, OtherJsonIsRejectedWithTheFirstMissingKey) {
  EXPECT_THAT(error_of([] { parse_run_result("{\"traceEvents\": []}", "t.json"); }),
              HasSubstr("t.json: not a result file of `aqlsim run --json`: source is missing"));
  EXPECT_THAT(error_of([] { parse_run_result("[1, 2]", "a.json"); }),
              HasSubstr("the top level is not an object"));
  EXPECT_THAT(error_of([] { parse_run_result("{\n  \"source\": \"x\",\n  \"dev", "c.json"); }),
              HasSubstr("c.json:3:"));
  EXPECT_THAT(error_of([] { parse_run_result("{\n  \"source\": \"x\",\n  \"dev", "c.json"); }),
              HasSubstr("ends too soon"));
}

// A run's file with one kernel, as `aqlsim run --json` writes it, with `from` replaced by `to`.
std::string run_json_with(const std::string& from, const std::string& to) {
  std::string json =
      R"({"source": "q.yaml", "device": "cdna", "seed": 1, "policies": {"queue_mapping": )"
      R"("rr-idle", "thread_block": "fifo-backfill"}, "outcome": {"status": "completed"}, )"
      R"("makespan_us": 29.3, "kernels": [{"name": "a0", "kernel": "k", "queue": "a", )"
      R"("workgroups": 64, "arrival_us": 0.0, "launch_us": 4.4, "start_us": 4.4, )"
      R"("end_us": 29.3, "alone_us": 29.3, "ntt": 1.0}], "metrics": {"stp": 1.0, "antt": 1.0, )"
      R"("fairness": 1.0, "dntt": 0.0}, "hw": {"map_count": 1, "unmap_count": 0, )"
      R"("slot_idle_us": 0.0, "slot_time_us": {"empty": 0.0}}, "simulation": {"events": 9, )"
      R"("workgroups": 64, "end_us": 30.0}})";
  if (!from.empty()) json.replace(json.find(from), from.size(), to);
  return json;
}

// Values no run writes were drawn as given: a makespan of -1 us, a kernel ending before it
// started (it vanished from the chart), an outcome "bogus".
TEST(RunResult, ValuesNoRunWritesAreRefused) {
  EXPECT_EQ(parse_run_result(run_json_with("", ""), "r.json").kernels.size(), 1u);
  // What runs do write: slot totals summed over slots past 2^62 ps (32 slots idle for a long
  // run), and a measured run's device start before its host launch (two clocks).
  EXPECT_EQ(
      parse_run_result(run_json_with("\"slot_idle_us\": 0.0", "\"slot_idle_us\": 1.2e13"), "r.json")
          .slot_idle_us,
      1.2e13);
  EXPECT_EQ(parse_run_result(run_json_with("\"start_us\": 4.4", "\"start_us\": 4.3"), "r.json")
                .kernels[0]
                .start_us,
            4.3);
  struct Case {
    std::string from, to, message;
  };
  const Case cases[] = {
      {"\"makespan_us\": 29.3", "\"makespan_us\": -1", "makespan_us is -1, not from 0"},
      {"\"end_us\": 29.3", "\"end_us\": 2.0",
       "kernels[0] has its times out of order (arrival_us <= launch_us, start_us <= end_us)"},
      {"\"status\": \"completed\"", "\"status\": \"bogus\"",
       "outcome.status 'bogus' is no run status"},
      {"\"end_us\": 30.0", "\"end_us\": 1e300", "simulation.end_us is 1e+300, not from 0"},
      {"\"ntt\": 1.0", "\"ntt\": -2", "kernels[0].ntt is -2, not from 0"},
      {"\"empty\": 0.0", "\"empty\": -0.5", "hw.slot_time_us.empty is -0.5, not 0 or more"},
  };
  for (const Case& c : cases) {
    const std::string json = run_json_with(c.from, c.to);
    EXPECT_THAT(error_of([&] { parse_run_result(json, "r.json"); }),
                HasSubstr("r.json: not a result file of `aqlsim run --json`: " + c.message))
        << c.to;
  }
}
}  // namespace
