// The report pages opened in a real browser: Debian's chromium, headless. For the quickstart
// run (with its trace), a task-graph run (Needleman-Wunsch, 256 queues, with its trace) and a
// comparison (Pai et al. table 5), chromium loads the page from disk, dumps the DOM it built
// and takes a screenshot, in one invocation per page. The test checks that every expected chart
// is in the DOM with the expected number of series, and that the browser logged no console
// message: the pages have no scripts, so a console message can only be a resource the page's
// Content-Security-Policy refused (anything from the network) or a markup error. A control page
// that loads an image from the network shows that such messages are seen. Screenshots are kept
// in the build directory (report-screenshots/), for CI to collect. Skipped when
// /usr/bin/chromium is not installed (scripts/setup.sh installs it).
#include <gtest/gtest.h>

#include <iostream>
#include <map>

#include "tests/support/cli_fixture.hpp"

namespace {

using namespace aqlsim::testing;
using Browser = CliFixture;

const std::string kChromium = "/usr/bin/chromium";
constexpr int kBrowserTimeoutSeconds = 180;

struct Loaded {
  int status = -1;
  std::string dom;
  std::vector<std::string> console;  // the browser's console messages
  fs::path screenshot;
};

// Opens `page` in headless chromium: its DOM after loading, its console and a screenshot.
Loaded open_in_browser(const fs::path& page, const fs::path& work) {
  Loaded out;
  const fs::path profile = work / "chromium-profile";
  out.screenshot = work / (page.stem().string() + ".png");
  const fs::path dom = work / (page.stem().string() + ".dom.html");
  const fs::path log = work / (page.stem().string() + ".log");
  const std::string command =
      "timeout " + std::to_string(kBrowserTimeoutSeconds) + " " + kChromium +
      " --headless=new --no-sandbox --disable-gpu --no-first-run --user-data-dir=" +
      quote(profile.string()) + " --enable-logging=stderr --v=0 --window-size=1400,2000" +
      " --screenshot=" + quote(out.screenshot.string()) + " --dump-dom " +
      quote("file://" + fs::absolute(page).string()) + " >" + quote(dom.string()) + " 2>" +
      quote(log.string());
  const int raw = std::system(command.c_str());
  out.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  out.dom = read_file(dom);
  for (const std::string& line : split_lines(read_file(log))) {
    if (line.find(":CONSOLE") != std::string::npos) out.console.push_back(line);
  }
  return out;
}

// Series (`data-series` groups) of each chart (`data-chart` svg) in the DOM.
std::map<std::string, int> series_by_chart(const std::string& dom) {
  std::map<std::string, int> out;
  const std::string marker = "data-chart=\"";
  for (auto at = dom.find(marker); at != std::string::npos; at = dom.find(marker, at + 1)) {
    const auto name_end = dom.find('"', at + marker.size());
    const std::string name = dom.substr(at + marker.size(), name_end - at - marker.size());
    const auto svg_end = dom.find("</svg>", at);
    const std::string svg = dom.substr(at, svg_end - at);
    int series = 0;
    for (auto s = svg.find("data-series=\""); s != std::string::npos;
         s = svg.find("data-series=\"", s + 1))
      ++series;
    out[name] = series;
  }
  return out;
}

TEST_F(Browser, PagesRenderEveryChartWithoutConsoleErrors) {
  if (!fs::exists(kChromium)) {
    GTEST_SKIP() << "no browser: " << kChromium
                 << " is not installed, so the HTML reports were not checked in a browser "
                    "(scripts/setup.sh installs Debian's chromium)";
  }
  // The pages: a run and its trace, a task-graph run and its trace, a comparison.
  const std::string src = AQLSIM_SOURCE_DIR;
  ASSERT_EQ(aqlsim("run " + quote(src + "/workloads/examples/quickstart.yaml") + " -q --json " +
                   quote(path("q.json")) + " --trace " + quote(path("q.trace.json")))
                .status,
            0);
  ASSERT_EQ(aqlsim("report " + quote(path("q.json")) + " --trace " + quote(path("q.trace.json")) +
                   " -o " + quote(path("quickstart.html")))
                .status,
            0);
  ASSERT_EQ(aqlsim("run " + quote(src + "/workloads/experiments/nw.yaml") + " -q --json " +
                   quote(path("nw.json")) + " --trace " + quote(path("nw.trace.json")))
                .status,
            0);
  ASSERT_EQ(aqlsim("report " + quote(path("nw.json")) + " --trace " + quote(path("nw.trace.json")) +
                   " -o " + quote(path("nw.html")))
                .status,
            0);
  ASSERT_EQ(aqlsim("compare " + quote(src + "/workloads/experiments/pai_simultaneous.yaml") +
                   " --jobs 2 --baseline fifo --csv " + quote(path("pai.csv")))
                .status,
            0);
  ASSERT_EQ(aqlsim("report " + quote(path("pai.csv")) + " -o " + quote(path("pai.html"))).status,
            0);

  // quickstart: queues a, b, hi; 2 slots; kernels producer and consumer; 8 CUs.
  // nw: 256 queues, two to a row (at most 128 rows); 8 slots; one kernel; work-groups on CUs 0
  // to 15 only (of the preset's 120: the chart shows CUs up to the last that ran one); 256
  // kernels, so NTT is a histogram (one series). pai: five policies in every chart.
  const std::map<std::string, std::map<std::string, int>> expected = {
      {"quickstart",
       {{"gantt", 3}, {"slots", 2}, {"occupancy", 2}, {"cu-occupancy", 8}, {"ntt", 1}}},
      {"nw", {{"gantt", 128}, {"slots", 8}, {"occupancy", 1}, {"cu-occupancy", 16}, {"ntt", 1}}},
      {"pai",
       {{"compare-makespan", 5},
        {"compare-speedup", 5},
        {"compare-stp", 5},
        {"compare-antt", 5},
        {"compare-fairness", 5},
        {"compare-dntt", 5}}},
  };
  const fs::path keep = fs::path(AQLSIM_BUILD_DIR) / "report-screenshots";
  fs::create_directories(keep);
  for (const auto& [page, charts] : expected) {
    const Loaded loaded = open_in_browser(path(page + ".html"), dir_);
    ASSERT_EQ(loaded.status, 0) << page << ": chromium failed; see " << path(page + ".log");
    EXPECT_EQ(series_by_chart(loaded.dom), charts) << page;
    EXPECT_TRUE(loaded.console.empty()) << page << ": " << loaded.console.front();
    ASSERT_TRUE(fs::exists(loaded.screenshot)) << page;
    EXPECT_GT(fs::file_size(loaded.screenshot), 10000u) << page;
    const fs::path kept = keep / (page + ".png");
    fs::copy_file(loaded.screenshot, kept, fs::copy_options::overwrite_existing);
    std::cout << "screenshot: " << kept.string() << '\n';
  }

  // The control: a page loading an image from the network logs a console message.
  write("control.html",
        "<!DOCTYPE html><html><head><meta http-equiv=\"Content-Security-Policy\" "
        "content=\"default-src 'none'\"></head><body><img src=\"https://example.invalid/x.png\">"
        "</body></html>");
  const Loaded control = open_in_browser(path("control.html"), dir_);
  EXPECT_EQ(control.status, 0);
  EXPECT_FALSE(control.console.empty()) << "console messages are not seen";
}

}  // namespace
