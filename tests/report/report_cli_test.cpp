// `aqlsim report` end to end: the pages it writes for a run (with and without its trace, with
// and without prediction series) and a comparison, and bad input: exit status 2, a message
// naming the file, and no HTML file (not even a temporary one) left behind.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

#include "tests/support/cli_fixture.hpp"
#include "tests/support/tiny_device.hpp"

namespace {

using namespace aqlsim::testing;
using ::testing::HasSubstr;
using ::testing::Not;
using Report = CliFixture;

std::set<std::string> files_in(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& entry : fs::directory_iterator(dir))
    out.insert(entry.path().filename().string());
  return out;
}

class ReportInput : public Report {
 protected:
  void SetUp() override {
    Report::SetUp();
    const Result r = aqlsim("run " + quote(kQuickstart) + " -q --json " + quote(path("q.json")) +
                            " --trace " + quote(path("q.trace.json")));
    ASSERT_EQ(r.status, 0) << r.err;
  }

  // Runs `aqlsim report ARGS -o out.html` where out.html holds "earlier": a failure must leave
  // it, and nothing else, behind.
  Result fails(const std::string& args) {
    write("out.html", "earlier");
    const std::set<std::string> before = files_in(dir_);
    const Result r = aqlsim("report " + args + " -o " + quote(path("out.html")));
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(files_in(dir_), before) << "a temporary file was left behind";
    EXPECT_EQ(read_file(path("out.html")), "earlier");
    return r;
  }
};

TEST_F(ReportInput, RunPageHasEveryChartAndDefaultsToTheInputsNameWithHtml) {
  const Result r =
      aqlsim("report " + quote(path("q.json")) + " --trace " + quote(path("q.trace.json")));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  const std::string page = read_file(path("q.html"));
  for (const char* chart : {"gantt", "slots", "occupancy", "cu-occupancy", "ntt"})
    EXPECT_THAT(page, HasSubstr(std::string("data-chart=\"") + chart + "\"")) << chart;
  EXPECT_THAT(page, HasSubstr("<g data-series=\"queue hi\">"));
  EXPECT_THAT(page, HasSubstr("default-src 'none'"));
  EXPECT_EQ(page.find("<script"), std::string::npos);
  EXPECT_EQ(page.find("http://"),
            page.find("http://www.w3.org/2000/svg"));  // the SVG namespace only
  // A queue held in a slot is never drawn in an activity's colour (switching, processing,
  // blocked, starved): queue 1 was in the "blocked" orange.
  const std::regex held("fill=\"(#[0-9a-f]{6})\"><title>slot \\d+ holds queue");
  std::size_t queues = 0;
  for (auto it = std::sregex_iterator(page.begin(), page.end(), held); it != std::sregex_iterator();
       ++it, ++queues) {
    for (const char* activity : {"#b07aa1", "#59a14f", "#f28e2b", "#e15759"})
      EXPECT_NE((*it)[1].str(), activity);
  }
  EXPECT_GE(queues, 3u);
}

TEST_F(ReportInput, WithoutTheTraceThePageSaysWhatTheTraceAdds) {
  const Result r = aqlsim("report " + quote(path("q.json")) + " -o " + quote(path("n.html")));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string page = read_file(path("n.html"));
  EXPECT_THAT(page, HasSubstr("data-chart=\"gantt\""));
  EXPECT_EQ(page.find("data-chart=\"slots\""), std::string::npos);
  EXPECT_THAT(page, HasSubstr("--trace TRACE.json"));
}

// The fixture's run has no prediction series (the default); one with them draws the same page.
TEST_F(ReportInput, PredictionsInTheInputsChangeNothingOnThePage) {
  const Result run = aqlsim("run " + quote(kQuickstart) + " -q --predictions --json " +
                            quote(path("p.json")) + " --trace " + quote(path("p.trace.json")));
  ASSERT_EQ(run.status, 0) << run.err;
  ASSERT_THAT(read_file(path("p.json")), HasSubstr("\"predictions\": ["));
  ASSERT_THAT(read_file(path("q.json")), Not(HasSubstr("\"predictions\":")));
  for (const char* name : {"p", "q"}) {
    const std::string base = path(name);
    const Result r =
        aqlsim("report " + quote(base + ".json") + " --trace " + quote(base + ".trace.json"));
    ASSERT_EQ(r.status, 0) << r.err;
  }
  // The pages name their inputs.
  std::string page = read_file(path("p.html"));
  for (const char* input : {".json", ".trace.json"}) {
    const std::string from = path("p") + input;
    for (auto at = page.find(from); at != std::string::npos; at = page.find(from, at))
      page.replace(at, from.size(), path("q") + input);
  }
  EXPECT_EQ(page, read_file(path("q.html")));
}

TEST_F(ReportInput, JsonOfAnotherSchemaIsBadInput) {
  // A trace is JSON, but not a run result.
  const Result r = fails(quote(path("q.trace.json")));
  EXPECT_THAT(
      r.err,
      HasSubstr("q.trace.json: not a result file of `aqlsim run --json`: source is missing"));
}

TEST_F(ReportInput, TruncatedJsonIsBadInput) {
  const std::string text = read_file(path("q.json"));
  write("cut.json", text.substr(0, text.size() / 2));
  const Result r = fails(quote(path("cut.json")));
  EXPECT_THAT(r.err, HasSubstr("cut.json:"));
  EXPECT_THAT(r.err, HasSubstr("the JSON ends too soon"));
}

TEST_F(ReportInput, EmptyAndHeaderOnlyCsvAreBadInput) {
  write("empty.csv", "");
  EXPECT_THAT(fails(quote(path("empty.csv"))).err, HasSubstr("empty.csv: the file is empty"));
  write("header.csv",
        "workload,policy,status,makespan_us,stp,antt,fairness,dntt,slot_idle_us,map_count,"
        "unmap_count\n");
  EXPECT_THAT(fails(quote(path("header.csv"))).err, HasSubstr("a header but no runs"));
}

// A run lists each packet once; the page and the trace check match kernels by packet name.
TEST_F(ReportInput, AKernelListedTwiceIsBadInput) {
  Json run = read_json("q.json");
  const std::size_t listed = run["kernels"].size();
  run["kernels"].push_back(run["kernels"][0]);
  write("twice.json", run.dump());
  EXPECT_THAT(fails(quote(path("twice.json"))).err,
              HasSubstr(fmt::format("kernels[{}].name '{}' is listed already, as kernels[0]",
                                    listed, run["kernels"][0]["name"].get<std::string>())));
}

// The counts are whole, as compare writes them; a control character in a policy's name reaches
// the page as the replacement character (a NUL is an HTML parse error).
TEST_F(ReportInput, CountsAreWholeAndControlCharactersDoNotReachThePage) {
  const std::string header =
      "workload,policy,status,makespan_us,stp,antt,fairness,dntt,slot_idle_us,map_count,"
      "unmap_count\n";
  write("half.csv", header + "w,fifo,completed,10,1,1,1,1,5,1.5,0\n");
  EXPECT_THAT(fails(quote(path("half.csv"))).err,
              HasSubstr("half.csv:2:31: map_count is not a whole number: \"1.5\""));
  // compare --csv writes a swept value or a path as it is, control characters and all.
  write("nul.csv", header + "w,fi" + '\0' + "fo,completed,10,1,1,1,1,5,1,0\n");
  const Result r = aqlsim("report " + quote(path("nul.csv")) + " -o " + quote(path("nul.html")));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string page = read_file(path("nul.html"));
  EXPECT_EQ(page.find('\0'), std::string::npos);
  EXPECT_NE(page.find("fi\uFFFDfo"), std::string::npos);
}

// A run measured by `aqlsim hip run` (the cpu executor stands in for a GPU here) has a trace
// too: its CU occupancy is drawn, and the page says why there is no slot timeline.
TEST_F(ReportInput, AMeasuredRunsTraceDrawsItsCuOccupancy) {
  const Result run =
      aqlsim("hip run --executor cpu --time-scale 0.001 --no-alone -q " + quote(kQuickstart) +
             " --json " + quote(path("m.json")) + " --trace " + quote(path("m.trace.json")));
  ASSERT_EQ(run.status, 0) << run.err;
  const Result r = aqlsim("report " + quote(path("m.json")) + " --trace " +
                          quote(path("m.trace.json")) + " -o " + quote(path("m.html")));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string page = read_file(path("m.html"));
  EXPECT_THAT(page, HasSubstr("the GPU does not report which queue each hardware slot held"));
  EXPECT_THAT(page, HasSubstr("<h2>CU occupancy</h2>"));
  // A row for each CU that ran a work-group (the CPU executor's threads take CUs as they come,
  // so on a busy machine one of the quickstart's 8 may run none), and for no other.
  std::set<int> used;
  const Json measured = read_json("m.json");
  for (const Json& k : measured.at("kernels")) {
    for (const Json& wg : k.at("measured").at("workgroups"))
      used.insert(wg.at("cu").get<int>());
  }
  EXPECT_GE(used.size(), 1u);
  for (int cu = 0; cu < 8; ++cu) {
    EXPECT_EQ(page.find(">CU " + std::to_string(cu) + "<") != std::string::npos, used.contains(cu))
        << cu;
  }
  // And the trace must be that run's, as a simulated one must.
  const Result other = aqlsim("report " + quote(path("q.json")) + " --trace " +
                              quote(path("m.trace.json")) + " -o " + quote(path("o.html")));
  EXPECT_EQ(other.status, 2);
  EXPECT_THAT(other.err, HasSubstr("not the trace of the run in"));
}

TEST_F(ReportInput, BadTracesAreBadInput) {
  const std::string trace = read_file(path("q.trace.json"));
  // Cut in the middle: the error is at the last character, counted here in the text.
  const std::string cut = trace.substr(0, trace.size() / 2);
  write("cut.trace.json", cut);
  const std::size_t last_newline = cut.rfind('\n');
  ASSERT_NE(last_newline, cut.size() - 1);
  const std::string at =
      fmt::format(":{}:{}: ", std::ranges::count(cut, '\n') + 1, cut.size() - last_newline - 1);
  EXPECT_THAT(fails(quote(path("q.json")) + " --trace " + quote(path("cut.trace.json"))).err,
              HasSubstr("cut.trace.json" + at + "not a complete JSON trace"));
  // Cut just after a newline: the file ends where the next line would begin.
  const std::string at_line = trace.substr(0, trace.find('\n', trace.size() / 2) + 1);
  write("line.trace.json", at_line);
  EXPECT_THAT(fails(quote(path("q.json")) + " --trace " + quote(path("line.trace.json"))).err,
              HasSubstr(fmt::format("line.trace.json:{}:1: not a complete JSON trace",
                                    std::ranges::count(at_line, '\n') + 1)));
  // The run result is JSON but not a trace.
  EXPECT_THAT(fails(quote(path("q.json")) + " --trace " + quote(path("q.json"))).err,
              HasSubstr("not a trace written by `aqlsim run --trace`"));
  EXPECT_THAT(fails(quote(path("q.json")) + " --trace " + quote(path("missing.json"))).err,
              HasSubstr("missing.json: cannot read the trace file"));
}

// A run stopped by a limit closes its running kernels' slices where it got, marked unfinished;
// they did not end, and the run's JSON lists them as unfinished: the report takes the trace as
// this run's (it once said a kernel ended in the trace that the JSON did not have).
TEST_F(ReportInput, ARunStoppedByALimitIsReportedWithItsTrace) {
  const Result r = aqlsim("run " + quote(kQuickstart) + " -q --max-events 200 --json " +
                          quote(path("lim.json")) + " --trace " + quote(path("lim.trace.json")));
  ASSERT_EQ(r.status, 6) << r.err;
  ASSERT_THAT(read_file(path("lim.trace.json")), HasSubstr("\"unfinished\":true"));
  const Result report = aqlsim("report " + quote(path("lim.json")) + " --trace " +
                               quote(path("lim.trace.json")) + " -o " + quote(path("lim.html")));
  EXPECT_EQ(report.status, 0) << report.err;
  const std::string page = read_file(path("lim.html"));
  EXPECT_THAT(page, HasSubstr("data-chart=\"slots\""));
  // Its metrics were not measured, for that reason: not 0, and not for want of alone runs.
  EXPECT_THAT(page, HasSubstr("not measured: the run did not finish"));
  EXPECT_THAT(page, Not(HasSubstr("--no-alone")));
  EXPECT_THAT(page, HasSubstr("STP (system throughput)</td><td class=\"n\">-</td>"));
}

// The work-groups of a kernel a stopped run did not finish (so its JSON does not list it) are
// drawn as "unfinished kernels": a0 (8 x 10 us) ends at 11 us; b0's were drawn as a0's, which
// then seemed resident to 51 us; when nothing had finished, the whole-device chart was empty.
TEST_F(ReportInput, AnUnfinishedKernelsWorkGroupsAreNotDrawnAsAnothersKernel) {
  write("two.yaml", std::string(kTinyDevice) + R"(
kernels:
  - {name: A, workgroup_size: 64, vgprs: 1, workgroups: 8, wg_time: 10us, contention: 0}
  - {name: B, workgroup_size: 64, vgprs: 1, workgroups: 16, wg_time: 20us, contention: 0}
queues:
  - {name: qa, packets: [{name: a0, dispatch: A}]}
  - {name: qb, packets: [{name: b0, dispatch: B, at: 5us}]}
scheduling: {thread_block: fifo}
)");
  for (const char* events : {"30", "15"}) {
    SCOPED_TRACE(events);
    const Result r =
        aqlsim("run " + quote(path("two.yaml")) + " -q --max-events " + events + " --json " +
               quote(path("two.json")) + " --trace " + quote(path("two.trace.json")));
    ASSERT_EQ(r.status, 6) << r.err;
    const Result report = aqlsim("report " + quote(path("two.json")) + " --trace " +
                                 quote(path("two.trace.json")) + " -o " + quote(path("two.html")));
    ASSERT_EQ(report.status, 0) << report.err;
    const std::string page = read_file(path("two.html"));
    const std::string occupancy = page.substr(page.find("data-chart=\"occupancy\""));
    EXPECT_THAT(occupancy, HasSubstr("<g data-series=\"unfinished kernels\">\n<path"));
    // A stopped run measures no NTT: not 0, and not for want of alone runs.
    EXPECT_THAT(page, HasSubstr("No kernel has an NTT: the run did not finish"));
    EXPECT_THAT(page, HasSubstr("<td>makespan of the kernels finished</td>"));
    if (std::string(events) == "30") {  // a0 ended: its NTT and alone time are "-", not 0
      EXPECT_THAT(page, HasSubstr("a0 (A) on queue qa: arrival 0 us, launch 1 us, end 11 us, "
                                  "NTT -"));
      EXPECT_THAT(page, HasSubstr("<td class=\"n\">-</td><td class=\"n\">-</td></tr>"));
    }
  }
}

// With metrics_per: queue the metrics are the applications', which the page says: qa (two
// kernels behind a barrier) and qb; the kernels' NTTs below are not what ANTT averages.
TEST_F(ReportInput, PerQueueMetricsAreSaidToBeTheApplications) {
  write("apps.yaml", std::string(kTinyDevice) + R"(
kernels:
  - {name: A, workgroup_size: 64, vgprs: 1, workgroups: 8, wg_time: 10us, contention: 0}
queues:
  - {name: qa, packets: [{name: a0, dispatch: A}, {name: a1, dispatch: A, barrier: true}]}
  - {name: qb, packets: [{name: b0, dispatch: A, at: 5us}]}
metrics_per: queue
)");
  const auto page_of = [&](const std::string& extra) {
    const Result r = aqlsim("run " + quote(path("apps.yaml")) + " -q --json " +
                            quote(path("apps.json")) + extra);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(aqlsim("report " + quote(path("apps.json")) + " -o " + quote(path("a.html"))).status,
              0);
    return read_file(path("a.html"));
  };
  EXPECT_THAT(page_of(""), HasSubstr("With metrics_per: queue, STP, ANTT, fairness and DNTT are "
                                     "over the applications"));
  EXPECT_THAT(page_of(" --set metrics_per=kernel"), Not(HasSubstr("With metrics_per: queue")));
}

// A run stopped at the largest simulated time (2^62 ps): its trace's slot slices end there, and
// `ts` and `dur`, each rounded to a double in microseconds, may sum to one ulp past it (here
// slot 1's starved slice, 9.4 + 4611686018417.988). The trace was once refused.
TEST_F(ReportInput, ARunStoppedAtTheLargestTimeIsReportedWithItsTrace) {
  write("long.yaml", R"(
device: {preset: cdna, compute_units: 1, front_end: {hw_queues: 2}}
kernels: [{name: k, workgroup_size: 64, workgroups: 100, wg_time: 1000000s}]
queues:
  - {name: a, packets: [{name: a0, dispatch: k}]}
  - {name: b, packets: [{name: b0, dispatch: k, at: 5us}]}
)");
  const Result r = aqlsim("run " + quote(path("long.yaml")) + " -q --no-alone --json " +
                          quote(path("long.json")) + " --trace " + quote(path("long.trace.json")));
  ASSERT_EQ(r.status, 6) << r.err;
  const Result report = aqlsim("report " + quote(path("long.json")) + " --trace " +
                               quote(path("long.trace.json")) + " -o " + quote(path("long.html")));
  EXPECT_EQ(report.status, 0) << report.err;
}

// An event that `aqlsim run --trace` would not write is refused at its line (aqlsim writes one
// event a line), not skipped: the page would be drawn from part of the trace.
TEST_F(ReportInput, AnEventAqlsimWouldNotWriteIsRefusedAtItsLine) {
  const std::string trace = read_file(path("q.trace.json"));
  // The trace with `from` replaced by `to` on the first line that has `on` (and `from`);
  // returns the error, which must be at that line.
  const auto refused = [&](const std::string& on, const std::string& from, const std::string& to) {
    std::istringstream lines(trace);
    std::string edited;
    int line_number = 0;
    int edited_line = 0;
    for (std::string line; std::getline(lines, line);) {
      ++line_number;
      const auto at = line.find(from);
      if (edited_line == 0 && line.find(on) != std::string::npos && at != std::string::npos) {
        line.replace(at, from.size(), to);
        edited_line = line_number;
      }
      edited += line + "\n";
    }
    EXPECT_GT(edited_line, 0) << on;
    write("bad.trace.json", edited);
    const std::string err =
        fails(quote(path("q.json")) + " --trace " + quote(path("bad.trace.json"))).err;
    EXPECT_THAT(err, HasSubstr(fmt::format("bad.trace.json:{}: a trace event ", edited_line)));
    return err;
  };
  EXPECT_THAT(refused("\"pid\":3,", "\"dur\":", "\"dur\":-"),
              HasSubstr("without a \"dur\" that is a number of microseconds, 0 or more"));
  EXPECT_THAT(refused("\"ph\":\"i\"", "\"ph\":\"i\"", "\"ph\":\"Q\""),
              HasSubstr("of phase \"Q\", which `aqlsim run --trace` does not write"));
  EXPECT_THAT(refused("\"pid\":3,", "\"pid\":3", "\"pid\":\"3\""),
              HasSubstr("without a \"pid\" that is a whole number, 0 or more"));
  EXPECT_THAT(refused("\"ph\":\"b\"", "\"ts\":", "\"at\":"),
              HasSubstr("without a \"ts\" that is a number of microseconds"));
  EXPECT_THAT(refused("\"starved\"", "\"starved\"", "\"asleep\""),
              HasSubstr("on a slot named \"asleep\", which is none of switching, processing, "
                        "blocked, starved"));
  EXPECT_THAT(refused("\"starved\"", "{\"queue\":\"a\"}", "{\"queue\":1}"),
              HasSubstr("on a slot whose \"args\" are not an object with a \"queue\" string"));
  EXPECT_THAT(refused("\"ph\":\"e\"", "{\"ph\":\"e\"", "7,{\"ph\":\"e\""),
              HasSubstr("that is not an object: 7"));
  // A number is whole only at the character after it, here the newline ending its line.
  EXPECT_THAT(refused("\"ph\":\"e\"", "{\"ph\":\"e\"", "7\n,{\"ph\":\"e\""),
              HasSubstr("that is not an object: 7"));
  EXPECT_THAT(refused("\"ph\":\"X\",\"pid\":3,", "\"pid\":3,", "\"pid\":70000,"),
              HasSubstr("with pid 70000 and tid "));
  // A row the run never had: the rows up to slot 65535 took 9.5 GB for one edited line.
  EXPECT_THAT(refused("\"ph\":\"X\",\"pid\":1,\"tid\":1,", "\"tid\":1,", "\"tid\":65535,"),
              HasSubstr("on pid 1 and tid 65535, which no earlier thread_name event names"));
  // Rows are numbered from 1 (Perfetto files tid 0 under another thread).
  EXPECT_THAT(refused("\"ph\":\"X\",\"pid\":1,\"tid\":1,", "\"tid\":1,", "\"tid\":0,"),
              HasSubstr("on tid 0 (aqlsim numbers the rows of a process from 1; an older aqlsim "
                        "numbered them from 0: write the trace again)"));
  EXPECT_THAT(refused("\"ph\":\"X\",\"pid\":3,", "\"pid\":3,", "\"pid\":60000,"),
              HasSubstr("on pid 60000 and tid "));
  // No run reaches 2^62 ps (about 53 days): a slice past it was clipped without a word.
  EXPECT_THAT(refused("\"starved\"", "\"dur\":", "\"dur\":1e300,\"d\":"),
              HasSubstr("that ends at 1e+300 us, after the largest simulated time"));
  // A number beyond a double is the parser's error, at its line, not an internal one.
  const std::string overflow = fails(quote(path("q.json")) + " --trace " +
                                     quote(write("big.json", "{\"traceEvents\": [\n1e400]}")))
                                   .err;
  EXPECT_THAT(overflow,
              HasSubstr("big.json:2: not an aqlsim trace: number overflow parsing '1e400'"));
}

TEST_F(ReportInput, ANumberBeyondADoubleIsBadInput) {
  std::string text = read_file(path("q.json"));
  text.replace(text.find("\"seed\": "), 8, "\"seed\": 1e400, \"x\":");
  const Result r = fails(quote(write("big.json", text)));
  EXPECT_THAT(r.err, HasSubstr("big.json: not a result file: number overflow parsing '1e400'"));
}

// The trace must be the run's: each kernel of the JSON ends in it at its end_us, and no other
// kernel ends in it. Otherwise the page would draw the slots and occupancy of one run beside the
// Gantt chart of another.
TEST_F(ReportInput, ATraceOfAnotherRunIsBadInput) {
  const Result other =
      aqlsim("run " + quote(kQuickstart) + " -q --set device.cu.timing=processor-sharing --trace " +
             quote(path("ps.trace.json")));
  ASSERT_EQ(other.status, 0) << other.err;
  EXPECT_THAT(fails(quote(path("q.json")) + " --trace " + quote(path("ps.trace.json"))).err,
              HasSubstr("aqlsim: error: " + path("ps.trace.json") +
                        ": not the trace of the run in " + path("q.json") + ": kernel '"));

  // The quickstart's run with one thing changed at a time; its trace is q.trace.json.
  const Json run = read_json("q.json");
  const auto changed = [&](const std::string& name, const auto& change) {
    Json edited = run;
    change(edited["kernels"]);
    write(name, edited.dump(2));
    return fails(quote(path(name)) + " --trace " + quote(path("q.trace.json"))).err;
  };
  const std::string prefix = path("q.trace.json") + ": not the trace of the run in ";
  const std::string later = changed("later.json", [](Json& kernels) {
    for (Json& k : kernels) {
      if (k["name"] == "c0") k["end_us"] = 1000.5;
    }
  });
  EXPECT_THAT(later, HasSubstr(prefix + path("later.json") + ": kernel 'c0' ends at "));
  EXPECT_THAT(later, HasSubstr(" us in the trace and at 1000.5 us in " + path("later.json")));
  const std::string fewer = changed("fewer.json", [](Json& kernels) {
    for (std::size_t i = 0; i < kernels.size(); ++i) {
      if (kernels[i]["name"] == "c0") kernels.erase(i);
    }
  });
  EXPECT_THAT(fewer, HasSubstr(prefix + path("fewer.json") +
                               ": kernel 'c0' ends in the trace but is not in " +
                               path("fewer.json") + "\n"));
  const std::string more = changed("more.json", [](Json& kernels) {
    Json extra = kernels.back();
    extra["name"] = "d0";
    kernels.push_back(extra);
  });
  EXPECT_THAT(more,
              HasSubstr(prefix + path("more.json") + ": kernel 'd0' does not end in the trace\n"));
}

TEST_F(ReportInput, OptionsOfTheOtherKindOfInputAreBadInput) {
  write("c.csv",
        "workload,policy,status,makespan_us,stp,antt,fairness,dntt,slot_idle_us,map_count,"
        "unmap_count\nw,a,completed,1,0,0,0,0,0,1,1\n");
  EXPECT_THAT(fails(quote(path("c.csv")) + " --trace " + quote(path("q.trace.json"))).err,
              HasSubstr("--trace goes with a run"));
  EXPECT_THAT(fails(quote(path("q.json")) + " --baseline fifo").err,
              HasSubstr("--baseline goes with a comparison"));
  EXPECT_THAT(fails(quote(path("nothing.json"))).err, HasSubstr("nothing.json"));
}

// A --baseline the comparison did not run (a typo, another experiment's policy) is refused with
// the policies there are, rather than drawn as a page without speedups.
TEST_F(ReportInput, ABaselineThatIsNotAPolicyOfTheComparisonIsBadInput) {
  const std::string csv = write(
      "c.csv",
      "workload,policy,status,makespan_us,stp,antt,fairness,dntt,slot_idle_us,map_count,"
      "unmap_count\nw,rr-idle,completed,10,0,0,0,0,0,1,1\nw,fifo,completed,5,0,0,0,0,0,1,1\n");
  EXPECT_THAT(fails(quote(csv) + " --baseline sjf").err,
              HasSubstr("aqlsim: error: --baseline sjf: baseline 'sjf' is not one of the policies "
                        "in " +
                        csv + ": rr-idle, fifo\n"));
  const Result known =
      aqlsim("report " + quote(csv) + " --baseline fifo -o " + quote(path("c.html")));
  ASSERT_EQ(known.status, 0) << known.err;
  const std::string page = read_file(path("c.html"));
  EXPECT_THAT(page, HasSubstr("Baseline: fifo."));
  // rr-idle: 1 run, completed, makespan 10 us, speedup over fifo 5 us / 10 us.
  EXPECT_THAT(page, HasSubstr("<td>rr-idle</td><td class=\"n\">1</td><td class=\"n\">1</td>"
                              "<td class=\"n\">10</td><td class=\"n\">0.5</td>"));
}

// A's kernel ends at 11 us; the barrier after it is processed [30,31] (packet latency 1 us), and
// the slot chart runs to the end of the run, not to the last kernel's end.
TEST_F(Report, TheChartsRunToTheEndOfTheRun) {
  const std::string workload = write("tail.yaml", std::string(kTinyDevice) + R"(
kernels:
  - {name: k, workgroup_size: 64, vgprs: 1, wg_time: 10us, contention: 0, workgroups: 8}
queues:
  - {name: qa, packets: [{name: A, dispatch: k}, {name: wait, barrier_and: [A], at: 30us}]}
)");
  ASSERT_EQ(aqlsim("run " + quote(workload) + " -q --json " + quote(path("t.json")) + " --trace " +
                   quote(path("t.trace.json")))
                .status,
            0);
  const Result r = aqlsim("report " + quote(path("t.json")) + " --trace " +
                          quote(path("t.trace.json")) + " -o " + quote(path("t.html")));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string page = read_file(path("t.html"));
  EXPECT_THAT(page, HasSubstr("slot 0 holds queue qa from 0 us to 31 us"));
  EXPECT_THAT(page,
              ::testing::ContainsRegex("slot 0: mostly processing from 30[.0-9]* us to 31 us"));
  // A file written before runs reported their end (simulation.end_us) still reads; its charts end
  // at the last kernel's end, as they did then.
  const std::string json = read_file(path("t.json"));
  const std::string old =
      std::regex_replace(json, std::regex(R"(("workgroups": \d+),\s*"end_us": [0-9.e+-]+)"), "$1");
  ASSERT_NE(old, json);
  write("old.json", old);
  ASSERT_EQ(aqlsim("report " + quote(path("old.json")) + " --trace " + quote(path("t.trace.json")) +
                   " -o " + quote(path("old.html")))
                .status,
            0);
  EXPECT_THAT(read_file(path("old.html")), HasSubstr("slot 0 holds queue qa from 0 us to 11 us"));
}

TEST_F(Report, UnwritableOutputIsBadInputBeforeReading) {
  write("c.csv", "");
  const Result r =
      aqlsim("report " + quote(path("c.csv")) + " -o " + quote(path("no/such/dir/r.html")));
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.err, HasSubstr("cannot write the HTML report file"));
}

}  // namespace
