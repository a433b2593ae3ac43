#pragma once
// Building blocks of the HTML report's charts: escaping, number formatting, linear scales,
// axis ticks, colours and the SVG elements the charts are made of. Every chart is an
// `<svg data-chart="NAME">` and every series in it a `<g data-series="NAME">`, so that tests
// (and readers of the page's source) can find them.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace aqlsim::svg {

// Text for HTML or SVG content and attribute values: & < > " ' escaped.
std::string escape(std::string_view text);

// A coordinate with one decimal ("12.5"): small files, sub-pixel enough.
std::string coord(double value);
// A value for people: up to `digits` significant digits, no exponent for usual magnitudes.
std::string number(double value, int digits = 4);

// Maps [d0, d1] onto [r0, r1] (a degenerate domain maps to r0).
struct Scale {
  double d0 = 0, d1 = 1, r0 = 0, r1 = 1;
  double operator()(double value) const;
};

// About `target` round tick values (1, 2 or 5 times a power of ten) covering [lo, hi].
std::vector<double> ticks(double lo, double hi, int target);

// The i-th of a ten-colour categorical palette (Tableau 10), cycling.
const char* palette(std::size_t i);

// The outer chart: `<svg data-chart=... viewBox ...>` with a <title> for screen readers.
std::string open_chart(std::string_view chart, double width, double height, std::string_view title);
inline std::string close_chart() {
  return "</svg>\n";
}
std::string open_series(std::string_view series);
inline std::string close_series() {
  return "</g>\n";
}

// A rectangle with an optional tooltip (an SVG <title>).
std::string rect(double x, double y, double w, double h, std::string_view fill,
                 std::string_view tooltip = {});
std::string text(double x, double y, std::string_view content, std::string_view anchor = "start",
                 std::string_view css_class = {});
std::string line(double x1, double y1, double x2, double y2, std::string_view css_class);

// A horizontal axis at y from x0 to x1 for `scale`, with ticks, labels and a title.
std::string x_axis(const Scale& scale, double y, std::string_view title, int target_ticks = 8);
// A vertical axis at x with grid lines across to x_end.
std::string y_axis(const Scale& scale, double x, double x_end, std::string_view title,
                   int target_ticks = 5);

// An HTML legend (outside the SVG): coloured swatches with names.
struct LegendEntry {
  std::string name;
  std::string colour;
};
std::string legend(const std::vector<LegendEntry>& entries);

}  // namespace aqlsim::svg
