#include "report/svg.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>

namespace aqlsim::svg {

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default: {
        // A control character (but tab and line ends) is no text of a page: NUL is an HTML
        // parse error. It reads as the replacement character, as browsers show it.
        const auto byte = static_cast<unsigned char>(c);
        const bool control = (byte < 0x20 && c != '\t' && c != '\n' && c != '\r') || byte == 0x7F;
        out += control ? std::string_view("\uFFFD") : std::string_view(&c, 1);
      }
    }
  }
  return out;
}

std::string coord(double value) {
  if (!std::isfinite(value)) return "0";
  std::string s = fmt::format("{:.1f}", value);
  if (s.ends_with(".0")) s.resize(s.size() - 2);
  if (s == "-0") s = "0";
  return s;
}

std::string number(double value, int digits) {
  if (!std::isfinite(value)) return "-";
  if (value == 0) return "0";
  const double magnitude = std::abs(value);
  if (magnitude >= 1e15 || magnitude < 1e-4) return fmt::format("{:.{}g}", value, digits);
  // Fixed notation with `digits` significant digits, trailing zeros removed.
  const int integer_digits = static_cast<int>(std::floor(std::log10(magnitude))) + 1;
  const int decimals = std::max(0, digits - integer_digits);
  std::string s = fmt::format("{:.{}f}", value, decimals);
  if (s.find('.') != std::string::npos) {
    while (s.ends_with('0'))
      s.pop_back();
    if (s.ends_with('.')) s.pop_back();
  }
  return s;
}

double Scale::operator()(double value) const {
  if (d1 == d0) return r0;
  return r0 + (value - d0) / (d1 - d0) * (r1 - r0);
}

std::vector<double> ticks(double lo, double hi, int target) {
  std::vector<double> out;
  if (!(hi > lo) || target < 1 || !std::isfinite(lo) || !std::isfinite(hi)) {
    if (std::isfinite(lo)) out.push_back(lo);
    return out;
  }
  const double rough = (hi - lo) / target;
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  double step = power;
  for (const double m : {1.0, 2.0, 5.0, 10.0}) {
    step = m * power;
    if (step >= rough) break;
  }
  const double first = std::ceil(lo / step - 1e-9) * step;
  for (double v = first; v <= hi + step * 1e-9; v += step)
    out.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
  return out;
}

const char* palette(std::size_t i) {
  static constexpr std::array<const char*, 10> kColours = {
      "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
      "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
  return kColours[i % kColours.size()];
}

std::string open_chart(std::string_view chart, double width, double height,
                       std::string_view title) {
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" data-chart=\"{0}\" viewBox=\"0 0 {1} {2}\" "
      "width=\"{1}\" height=\"{2}\" role=\"img\"><title>{3}</title>\n",
      escape(chart), coord(width), coord(height), escape(title));
}

std::string open_series(std::string_view series) {
  return fmt::format("<g data-series=\"{}\">\n", escape(series));
}

std::string rect(double x, double y, double w, double h, std::string_view fill,
                 std::string_view tooltip) {
  if (tooltip.empty()) {
    return fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                       coord(x), coord(y), coord(std::max(w, 0.0)), coord(std::max(h, 0.0)),
                       escape(fill));
  }
  return fmt::format(
      "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"><title>{}</title></rect>\n",
      coord(x), coord(y), coord(std::max(w, 0.0)), coord(std::max(h, 0.0)), escape(fill),
      escape(tooltip));
}

std::string text(double x, double y, std::string_view content, std::string_view anchor,
                 std::string_view css_class) {
  const std::string cls = css_class.empty() ? "" : fmt::format(" class=\"{}\"", escape(css_class));
  return fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"{}\"{}>{}</text>\n", coord(x), coord(y),
                     escape(anchor), cls, escape(content));
}

std::string line(double x1, double y1, double x2, double y2, std::string_view css_class) {
  return fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" class=\"{}\"/>\n", coord(x1),
                     coord(y1), coord(x2), coord(y2), escape(css_class));
}

std::string x_axis(const Scale& scale, double y, std::string_view title, int target_ticks) {
  std::string out = "<g class=\"axis\">\n";
  out += line(scale.r0, y, scale.r1, y, "axis-line");
  for (const double v :
       ticks(std::min(scale.d0, scale.d1), std::max(scale.d0, scale.d1), target_ticks)) {
    const double x = scale(v);
    out += line(x, y, x, y + 4, "axis-line");
    out += text(x, y + 16, number(v), "middle");
  }
  out += text((scale.r0 + scale.r1) / 2, y + 32, title, "middle", "axis-title");
  return out + "</g>\n";
}

std::string y_axis(const Scale& scale, double x, double x_end, std::string_view title,
                   int target_ticks) {
  std::string out = "<g class=\"axis\">\n";
  out += line(x, scale.r0, x, scale.r1, "axis-line");
  for (const double v :
       ticks(std::min(scale.d0, scale.d1), std::max(scale.d0, scale.d1), target_ticks)) {
    const double y = scale(v);
    out += line(x, y, x_end, y, "grid");
    out += text(x - 5, y + 4, number(v), "end");
  }
  const double middle = (scale.r0 + scale.r1) / 2;
  out += fmt::format(
      "<text x=\"{0}\" y=\"{1}\" text-anchor=\"middle\" class=\"axis-title\" "
      "transform=\"rotate(-90 {0} {1})\">{2}</text>\n",
      coord(x - 48), coord(middle), escape(title));
  return out + "</g>\n";
}

std::string legend(const std::vector<LegendEntry>& entries) {
  std::string out = "<ul class=\"legend\">";
  for (const LegendEntry& e : entries) {
    out += fmt::format("<li><span class=\"swatch\" style=\"background:{}\"></span>{}</li>",
                       escape(e.colour), escape(e.name));
  }
  return out + "</ul>\n";
}

}  // namespace aqlsim::svg
