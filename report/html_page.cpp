#include "report/html_page.hpp"

#include <fmt/format.h>

#include "report/svg.hpp"

namespace aqlsim::report {

std::string page_begin(std::string_view title) {
  return fmt::format(R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="aqlsim report">
<title>{0}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 1.5em; color: #222; max-width: 1200px; }}
h1 {{ font-size: 1.4em; }} h2 {{ font-size: 1.15em; margin-top: 1.8em; }}
table {{ border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }}
th, td {{ border: 1px solid #ccc; padding: 2px 6px; text-align: left; }}
th {{ background: #f0f0f0; }} td.n {{ text-align: right; font-variant-numeric: tabular-nums; }}
.note {{ color: #555; font-size: 0.9em; }}
figure {{ margin: 0.5em 0 1em 0; }} figcaption {{ font-size: 0.9em; color: #444; }}
svg {{ font-size: 11px; background: #fff; }}
svg text.axis-title {{ font-size: 12px; fill: #333; }} svg text.label {{ fill: #fff; }}
svg .axis-line {{ stroke: #333; stroke-width: 1; }} svg .grid {{ stroke: #e4e4e4; stroke-width: 1; }}
svg .lane {{ fill: #f4f4f4; }} svg .maps {{ stroke: #000; stroke-width: 1; fill: none; }}
svg .ref {{ stroke: #555; stroke-dasharray: 4 3; }} svg .whisker {{ stroke: #222; stroke-width: 1; }}
ul.legend {{ list-style: none; padding: 0; margin: 0.3em 0; font-size: 0.85em; }}
ul.legend li {{ display: inline-block; margin-right: 1.2em; }}
.swatch {{ display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.3em; vertical-align: -0.1em; }}
</style>
</head>
<body>
)",
                     svg::escape(title));
}

std::string page_end() {
  return "</body>\n</html>\n";
}

std::string table(const std::vector<std::string>& header,
                  const std::vector<std::vector<std::string>>& rows,
                  const std::vector<bool>& numeric) {
  std::string out = "<table>\n<tr>";
  for (const std::string& h : header)
    out += "<th>" + svg::escape(h) + "</th>";
  out += "</tr>\n";
  for (const auto& row : rows) {
    out += "<tr>";
    for (std::size_t i = 0; i < row.size(); ++i) {
      const bool n = i < numeric.size() && numeric[i];
      out += (n ? "<td class=\"n\">" : "<td>") + svg::escape(row[i]) + "</td>";
    }
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

std::string note(std::string_view text) {
  return "<p class=\"note\">" + svg::escape(text) + "</p>\n";
}

}  // namespace aqlsim::report
