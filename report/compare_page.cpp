#include "report/compare_page.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <string_view>
#include <tuple>

#include "config/input_error.hpp"
#include "hsa_model/gpu.hpp"
#include "hsa_model/time.hpp"
#include "report/csv.hpp"
#include "report/html_page.hpp"
#include "report/svg.hpp"
#include "report/sweep_titles.hpp"

namespace aqlsim::report {
namespace {

constexpr std::string_view kColumns[] = {"policy",    "status",     "makespan_us", "stp",
                                         "antt",      "fairness",   "dntt",        "slot_idle_us",
                                         "map_count", "unmap_count"};
constexpr std::size_t kFixed = std::size(kColumns);
constexpr std::size_t kMaxBars = 1000;  // more: one line per policy instead of bars

// A total over the slots (slot_idle_us) or a count may pass kLargestReportedFigure.
constexpr double kLargestTotal = std::numeric_limits<double>::max();

double parse_number(const std::string& field, const std::string& name, int line, int column,
                    std::string_view what, double largest) {
  double value = 0;
  const char* end = field.data() + field.size();
  const auto [ptr, ec] = std::from_chars(field.data(), end, value);
  if (ec != std::errc() || ptr != end || !(value >= 0 && value <= largest)) {  // NaN fails too
    throw InputError({name, line, column}, fmt::format("{} is not a number from 0 to {:g}: \"{}\"",
                                                       what, largest, field));
  }
  return value;
}

// Each swept key by its title (sweep_titles: `wg_time=10us`, `0.wg_time=10us`).
std::string point_label(const std::vector<std::string>& keys,
                        const std::vector<std::string>& point) {
  if (keys.empty()) return "all workloads";
  const std::vector<std::string> titles = sweep_titles(keys);
  std::string out;
  for (std::size_t i = 0; i < keys.size(); ++i)
    out += (i ? ", " : "") + titles[i] + "=" + point[i];
  return out;
}

std::string spread_text(const Spread& s, int digits = 4) {
  if (s.n == 0) return "-";
  if (s.n == 1) return svg::number(s.mean, digits);
  return fmt::format("{} ({} to {})", svg::number(s.mean, digits), svg::number(s.min, digits),
                     svg::number(s.max, digits));
}

struct Metric {
  const char* chart;
  const char* title;
  Spread CompareGroup::*field;
};

}  // namespace

CompareTable parse_compare_csv(const std::string& text, const std::string& name) {
  const std::vector<CsvRecord> records = parse_csv(text, name);
  if (records.empty()) {
    throw InputError({name, 0, 0},
                     "the file is empty: expected the CSV of `aqlsim compare --csv` (a header "
                     "starting with workload, then one row per run)");
  }
  std::vector<std::string> header;
  for (const CsvField& f : records[0])
    header.push_back(f.text);
  const bool shaped = header.size() >= kFixed + 1 && header[0] == "workload" &&
                      std::equal(std::begin(kColumns), std::end(kColumns),
                                 header.end() - static_cast<std::ptrdiff_t>(kFixed));
  if (!shaped) {
    throw InputError({name, 1, 1},
                     fmt::format("not the CSV of `aqlsim compare --csv`: the header must be "
                                 "workload, the swept keys, then {}",
                                 fmt::join(kColumns, ",")));
  }
  CompareTable table;
  table.sweep_keys.assign(header.begin() + 1, header.end() - static_cast<std::ptrdiff_t>(kFixed));
  const std::size_t keys = table.sweep_keys.size();
  // (workload, point, policy) -> its row's line: a row given twice would count twice.
  std::map<std::tuple<std::string, std::vector<std::string>, std::string>, int> rows;
  for (std::size_t r = 1; r < records.size(); ++r) {
    const CsvRecord& f = records[r];
    const int line = f[0].line;
    if (f.size() != header.size()) {
      throw InputError(
          {name, line, 1},
          fmt::format("{} fields where the header has {} ({})", f.size(), header.size(),
                      f.size() < header.size() ? "a truncated file?"
                                               : "a comma in a field that is not in quotes?"));
    }
    const auto number = [&](std::size_t i, std::string_view what, double largest) {
      return parse_number(f[i].text, name, f[i].line, f[i].column, what, largest);
    };
    CompareRun run;
    run.workload = f[0].text;
    for (std::size_t k = 0; k < keys; ++k)
      run.point.push_back(f[1 + k].text);
    run.policy = f[1 + keys].text;
    run.status = f[2 + keys].text;
    if (run.policy.empty()) throw InputError({name, line, f[1 + keys].column}, "empty policy");
    if (!run_status_named(run.status)) {
      throw InputError({name, line, f[2 + keys].column},
                       fmt::format("unknown run status \"{}\"", run.status));
    }
    const auto [twin, added] = rows.try_emplace({run.workload, run.point, run.policy}, line);
    if (!added) {
      throw InputError({name, line, 1}, fmt::format("the run of {} under {} is given twice (also "
                                                    "line {})",
                                                    run.workload, run.policy, twin->second));
    }
    double* values[] = {&run.makespan_us, &run.stp, &run.antt, &run.fairness, &run.dntt};
    for (std::size_t n = 0; n < std::size(values); ++n)
      *values[n] = number(3 + keys + n, kColumns[2 + n], kLargestReportedFigure);
    // slot_idle_us, then the counts.
    const std::size_t totals = 3 + keys + std::size(values);
    run.slot_idle_us = number(totals, kColumns[2 + std::size(values)], kLargestTotal);
    for (std::size_t i = totals + 1; i < header.size(); ++i) {
      const double count = number(i, header[i], kLargestTotal);
      if (count != std::floor(count)) {  // the map and unmap counts, as compare writes them
        throw InputError({name, f[i].line, f[i].column},
                         fmt::format("{} is not a whole number: \"{}\"", header[i], f[i].text));
      }
    }
    table.runs.push_back(std::move(run));
  }
  if (table.runs.empty()) {
    throw InputError({name, 1, 1}, "the CSV has a header but no runs");
  }
  return table;
}

Spread spread(const std::vector<double>& values, Mean kind) {
  Spread s;
  s.kind = kind;
  s.n = values.size();
  if (values.empty()) return s;
  double sum = 0;
  s.min = values.front();
  s.max = values.front();
  for (const double v : values) {
    sum += kind == Mean::geometric ? std::log(v) : v;
    s.min = std::min(s.min, v);
    s.max = std::max(s.max, v);
  }
  const double mean = sum / static_cast<double>(values.size());
  s.mean = kind == Mean::geometric ? std::exp(mean) : mean;
  return s;
}

std::vector<CompareGroup> summarise_compare(const CompareTable& table,
                                            const std::string& baseline) {
  std::map<std::pair<std::vector<std::string>, std::string>, double> base;  // (point, workload)
  for (const CompareRun& r : table.runs) {
    if (r.policy == baseline && r.status == "completed")
      base[{r.point, r.workload}] = r.makespan_us;
  }
  // Groups by (point, policy) in the order the runs first show them, each with its runs: a map,
  // as comparing each run with every group took hours at a million runs.
  std::vector<CompareGroup> groups;
  std::vector<std::vector<const CompareRun*>> members;
  std::map<std::pair<std::vector<std::string>, std::string>, std::size_t> group_of;
  for (const CompareRun& r : table.runs) {
    const auto [it, added] = group_of.try_emplace({r.point, r.policy}, groups.size());
    if (added) {
      groups.push_back({r.point, r.policy, 0, 0, {}, {}, {}, {}, {}, {}, 0});
      members.emplace_back();
    }
    members[it->second].push_back(&r);
  }
  for (std::size_t i = 0; i < groups.size(); ++i) {
    CompareGroup& g = groups[i];
    // The same selection and means as `aqlsim compare` prints (experiment/compare.cpp).
    std::vector<double> makespan, stp, antt, fairness, dntt, speedup;
    double idle = 0;
    for (const CompareRun* run : members[i]) {
      const CompareRun& r = *run;
      ++g.runs;
      if (r.status != "completed") continue;
      ++g.completed;
      makespan.push_back(r.makespan_us);
      idle += r.slot_idle_us;
      if (r.stp > 0) {
        stp.push_back(r.stp);
        antt.push_back(r.antt);
        fairness.push_back(r.fairness);
        dntt.push_back(r.dntt);
      }
      const auto b = base.find({r.point, r.workload});
      if (b != base.end() && r.makespan_us > 0) speedup.push_back(b->second / r.makespan_us);
    }
    g.makespan = spread(makespan);
    g.stp = spread(stp);
    g.antt = spread(antt);
    g.fairness = spread(fairness);
    g.dntt = spread(dntt, Mean::arithmetic);
    g.speedup = spread(speedup);
    g.slot_idle_us = g.completed ? idle / static_cast<double>(g.completed) : 0;
  }
  return groups;
}

namespace {

constexpr double kWidth = 1100;
constexpr double kLeft = 80;
constexpr double kRight = 20;
constexpr double kTop = 12;
constexpr double kPlot = 240;

std::string bar_chart(const Metric& metric, const std::vector<CompareGroup>& groups,
                      const std::vector<std::vector<std::string>>& points,
                      const std::vector<std::string>& policies,
                      const std::vector<std::string>& sweep_keys, bool reference_line) {
  // Each (point, policy)'s group by a map: a search of the groups for every bar took minutes at
  // 40,000 points.
  std::map<std::pair<std::vector<std::string>, std::string>, const CompareGroup*> group_at;
  for (const CompareGroup& g : groups)
    group_at.emplace(std::pair(g.point, g.policy), &g);
  const auto find = [&](const std::vector<std::string>& point,
                        const std::string& policy) -> const Spread* {
    const auto it = group_at.find({point, policy});
    return it == group_at.end() || (*it->second.*metric.field).n == 0
               ? nullptr
               : &(*it->second.*metric.field);
  };
  double top = reference_line ? 1 : 0;
  for (const CompareGroup& g : groups) {
    if ((g.*metric.field).n > 0) top = std::max(top, (g.*metric.field).max);
  }
  const bool bars = points.size() * policies.size() <= kMaxBars;
  const bool single = points.size() == 1;
  const double label_room = single ? 70 : 50;
  const double bottom = kTop + kPlot;
  const svg::Scale y{0, top > 0 ? top * 1.05 : 1, bottom, kTop};
  std::string out = svg::open_chart(metric.chart, kWidth, bottom + label_room + 20, metric.title);
  out += svg::y_axis(y, kLeft, kWidth - kRight, metric.title);
  const double group_width = (kWidth - kRight - kLeft) / static_cast<double>(points.size());
  const double bar = group_width * 0.8 / static_cast<double>(policies.size());
  for (std::size_t p = 0; p < policies.size(); ++p) {
    out += svg::open_series(policies[p]);
    std::string line;
    for (std::size_t g = 0; g < points.size(); ++g) {
      const Spread* s = find(points[g], policies[p]);
      if (!s) continue;
      const double gx = kLeft + group_width * static_cast<double>(g);
      if (!bars) {
        line += fmt::format("{}{} {}", line.empty() ? "M" : "L", svg::coord(gx + group_width / 2),
                            svg::coord(y(s->mean)));
        continue;
      }
      const double x0 = gx + group_width * 0.1 + bar * static_cast<double>(p);
      const std::string tip =
          fmt::format("{}, {}: {} {} over {} workloads (min {}, max {})", policies[p],
                      point_label(sweep_keys, points[g]), s->mean_name(), svg::number(s->mean),
                      s->n, svg::number(s->min), svg::number(s->max));
      out += svg::rect(x0, y(s->mean), std::max(bar - 1, 1.0), bottom - y(s->mean), svg::palette(p),
                       tip);
      if (s->n > 1) {
        const double cx = x0 + bar / 2;
        out += fmt::format("<path class=\"whisker\" d=\"M{0} {1}V{2}M{3} {1}h{5}M{3} {2}h{5}\"/>\n",
                           svg::coord(cx), svg::coord(y(s->max)), svg::coord(y(s->min)),
                           svg::coord(cx - bar / 4), "", svg::coord(bar / 2));
      }
    }
    if (!line.empty()) {
      out += fmt::format("<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>\n", line,
                         svg::palette(p));
    }
    out += svg::close_series();
  }
  if (reference_line) out += svg::line(kLeft, y(1), kWidth - kRight, y(1), "ref");
  out += svg::line(kLeft, bottom, kWidth - kRight, bottom, "axis-line");
  // Labels under the groups (or, with no sweep, under each policy's bar).
  if (single) {
    for (std::size_t p = 0; p < policies.size() && bars; ++p) {
      const double cx = kLeft + group_width * 0.1 + bar * (static_cast<double>(p) + 0.5);
      out += fmt::format(
          "<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\" transform=\"rotate(-30 {0} "
          "{1})\">{2}</text>\n",
          svg::coord(cx), svg::coord(bottom + 14), svg::escape(policies[p]));
    }
  } else {
    const std::size_t every = std::max<std::size_t>(1, points.size() / 20);
    for (std::size_t g = 0; g < points.size(); g += every) {
      out += svg::text(kLeft + group_width * (static_cast<double>(g) + 0.5), bottom + 16,
                       point_label(sweep_keys, points[g]), "middle");
    }
  }
  return out + svg::close_chart();
}

}  // namespace

std::vector<std::string> compare_policies(const CompareTable& table) {
  std::vector<std::string> policies;
  for (const CompareRun& r : table.runs) {
    if (std::ranges::find(policies, r.policy) == policies.end()) policies.push_back(r.policy);
  }
  return policies;
}

std::string compare_page(const CompareTable& table, const std::string& csv_name,
                         std::string baseline) {
  const std::vector<std::string> policies = compare_policies(table);
  std::vector<std::vector<std::string>> points;  // in the order the runs first show them
  std::set<std::vector<std::string>> seen_points;
  for (const CompareRun& r : table.runs) {
    if (seen_points.insert(r.point).second) points.push_back(r.point);
  }
  std::string baseline_note;
  if (baseline.empty()) {
    baseline = policies.front();
    baseline_note = " (the file's first policy; choose another with --baseline)";
  }
  const std::vector<CompareGroup> groups = summarise_compare(table, baseline);
  std::set<std::string> names;
  for (const CompareRun& r : table.runs)
    names.insert(r.workload);
  const std::size_t workloads = names.size();
  const bool metrics =
      std::ranges::any_of(groups, [](const CompareGroup& g) { return g.stp.n > 0; });

  std::string out = page_begin("aqlsim compare: " + csv_name);
  out += "<h1>aqlsim compare: " + svg::escape(csv_name) + "</h1>\n";
  out += note(fmt::format(
      "{} runs: {} workloads, {} policies, {} sweep point(s){}. Every figure is the geometric "
      "mean over the workloads that completed (DNTT's the arithmetic mean: it is 0 where every "
      "NTT is equal, and slot idle time's the arithmetic mean, with no range), with the "
      "smallest and largest value in parentheses (and as whiskers in the charts); speedup is "
      "the baseline's makespan over the policy's, per workload, then the geometric mean. "
      "Baseline: {}{}.",
      table.runs.size(), workloads, policies.size(), points.size(),
      table.sweep_keys.empty() ? "" : fmt::format(" over {}", fmt::join(table.sweep_keys, ", ")),
      baseline, baseline_note));

  out += "<h2>Summary</h2>\n";
  std::vector<std::string> header = table.sweep_keys;
  for (const char* h : {"policy", "runs", "completed", "makespan us", "speedup", "STP", "ANTT",
                        "fairness", "DNTT", "slot idle us"})
    header.emplace_back(h);
  std::vector<std::vector<std::string>> rows;
  for (const CompareGroup& g : groups) {
    std::vector<std::string> row = g.point;
    row.push_back(g.policy);
    row.push_back(std::to_string(g.runs));
    row.push_back(std::to_string(g.completed));
    row.push_back(spread_text(g.makespan, 6));
    row.push_back(spread_text(g.speedup));
    for (const Spread* s : {&g.stp, &g.antt, &g.fairness, &g.dntt})
      row.push_back(spread_text(*s));
    // As `aqlsim compare` prints it: a mean over completed runs, none when none completed.
    row.push_back(g.completed ? svg::number(g.slot_idle_us, 6) : "-");
    rows.push_back(std::move(row));
  }
  std::vector<bool> numeric(table.sweep_keys.size() + 1, false);
  numeric.resize(header.size(), true);
  out += table.runs.empty() ? "" : report::table(header, rows, numeric);
  const bool completed =
      std::ranges::any_of(groups, [](const CompareGroup& g) { return g.completed > 0; });
  if (!completed) {
    out += note("No run completed (see each run's status in the CSV): nothing was measured.");
  } else if (!metrics) {
    out += note(
        "No run measured STP, ANTT or fairness (the experiment ran without isolated runs): "
        "only makespan and speedup are shown.");
  }

  std::vector<svg::LegendEntry> legend;
  for (std::size_t p = 0; p < policies.size(); ++p)
    legend.push_back({policies[p], svg::palette(p)});
  const std::string legend_html = svg::legend(legend);
  std::vector<Metric> charts = {{"compare-makespan", "makespan (us)", &CompareGroup::makespan},
                                {"compare-speedup", "speedup", &CompareGroup::speedup}};
  if (metrics) {
    charts.push_back({"compare-stp", "STP", &CompareGroup::stp});
    charts.push_back({"compare-antt", "ANTT", &CompareGroup::antt});
    charts.push_back({"compare-fairness", "fairness", &CompareGroup::fairness});
    charts.push_back({"compare-dntt", "DNTT", &CompareGroup::dntt});
  }
  out += "<h2>Charts</h2>\n";
  if (points.size() * policies.size() > kMaxBars) {
    out += note("Too many bars to draw: each policy is a line through its geometric means.");
  }
  for (const Metric& m : charts) {
    const bool ref = m.field == &CompareGroup::speedup || m.field == &CompareGroup::antt;
    out +=
        "<figure>\n" + legend_html + bar_chart(m, groups, points, policies, table.sweep_keys, ref) +
        "<figcaption>" +
        svg::escape(fmt::format(
            "{}: {} per policy{}; whiskers from the smallest "
            "to the largest workload.",
            m.field == &CompareGroup::speedup ? "speedup in makespan over " + baseline
                                              : std::string(m.title),
            (groups.front().*m.field).mean_name(), points.size() > 1 ? " and sweep point" : "")) +
        "</figcaption>\n</figure>\n";
  }
  return out + page_end();
}

}  // namespace aqlsim::report
