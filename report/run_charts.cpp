#include "report/run_charts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "report/svg.hpp"

namespace aqlsim::report {

const char* activity_colour(std::size_t activity) {
  static constexpr const char* kColours[] = {"#b07aa1", "#59a14f", "#f28e2b", "#e15759"};
  return activity < 4 ? kColours[activity] : kMixedColour;
}

std::string microseconds_text(double value) {
  return svg::number(value, 6) + " us";
}

std::string if_measured(double value, int digits) {
  return value > 0 ? svg::number(value, digits) : "-";
}

namespace {

constexpr double kWidth = 1100;
constexpr double kLeft = 150;  // room for row labels
constexpr double kRight = 20;
constexpr double kTop = 10;
constexpr double kAxisHeight = 44;

// A queue's colour in the slot chart: the palette's colours that no activity lane below it uses
// (a queue drawn in the "blocked" orange read as a blocked slot).
const char* queue_colour(std::size_t queue) {
  static constexpr std::size_t kFree[] = {0, 3, 5, 7, 8, 9};
  return svg::palette(kFree[queue % std::size(kFree)]);
}

svg::Scale time_scale(double t1) {
  return {0, t1 > 0 ? t1 : 1, kLeft, kWidth - kRight};
}

// The queues in order of first appearance, and each kernel's row.
struct GanttRows {
  std::vector<std::string> labels;
  std::vector<std::size_t> row_of_kernel;
};

GanttRows gantt_rows(const RunResult& run) {
  std::vector<std::string> queues;
  std::map<std::string, std::size_t> index;
  std::vector<std::size_t> queue_of_kernel;
  for (const KernelResultRow& k : run.kernels) {
    const auto [it, added] = index.emplace(k.queue, queues.size());
    if (added) queues.push_back(k.queue);
    queue_of_kernel.push_back(it->second);
  }
  const std::size_t per_row =
      std::max<std::size_t>(1, (queues.size() + kMaxGanttRows - 1) / kMaxGanttRows);
  GanttRows rows;
  for (std::size_t first = 0; first < queues.size(); first += per_row) {
    const std::size_t last = std::min(queues.size(), first + per_row) - 1;
    rows.labels.push_back(first == last ? "queue " + queues[first]
                                        : "queues " + queues[first] + " to " + queues[last]);
  }
  for (const std::size_t q : queue_of_kernel)
    rows.row_of_kernel.push_back(q / per_row);
  return rows;
}

double row_height(std::size_t rows, double max_height, double most) {
  if (rows == 0) return most;
  return std::clamp(std::floor(max_height / static_cast<double>(rows)), 3.0, most);
}

std::string row_labels(const std::vector<std::string>& labels, double top, double height) {
  std::string out = "<g class=\"labels\">\n";
  if (height < 9) return out + "</g>\n";  // too small to read
  for (std::size_t r = 0; r < labels.size(); ++r) {
    out +=
        svg::text(kLeft - 6, top + height * (static_cast<double>(r) + 0.5) + 4, labels[r], "end");
  }
  return out + "</g>\n";
}

// A lane's category per bin, for the runs to draw.
template <typename F>
std::vector<std::size_t> categories(std::size_t bins, F&& category_of_bin) {
  std::vector<std::size_t> out(bins);
  for (std::size_t b = 0; b < bins; ++b)
    out[b] = category_of_bin(b);
  return out;
}

}  // namespace

KernelSeries::KernelSeries(const RunResult& run) {
  std::vector<std::string> definitions;
  for (const KernelResultRow& k : run.kernels) {
    if (std::ranges::find(definitions, k.kernel) == definitions.end())
      definitions.push_back(k.kernel);
  }
  // Only finished kernels are listed: an unfinished one's work-groups (once drawn as the last
  // listed kernel's) have their own series.
  const bool stopped = run.status != "completed";
  const std::size_t room = kMaxKernelSeries - (stopped ? 1 : 0);
  if (definitions.size() <= room) {
    names = definitions;
  } else {
    names.assign(definitions.begin(), definitions.begin() + static_cast<std::ptrdiff_t>(room) - 1);
    names.emplace_back("other kernels");
  }
  if (stopped) names.emplace_back("unfinished kernels");
  unlisted_ = names.empty() ? 0 : names.size() - 1;
  for (const KernelResultRow& k : run.kernels)
    packet_series_.emplace_back(k.name, of_kernel(k.kernel));
  // By packet name, for lookups. aqlsim's runs name each packet once; in a file that repeats
  // a name the first kernel listed decides.
  std::ranges::stable_sort(packet_series_,
                           [](const auto& a, const auto& b) { return a.first < b.first; });
}

std::size_t KernelSeries::of_kernel(const std::string& definition) const {
  const auto it = std::ranges::find(names, definition);
  if (it != names.end()) return static_cast<std::size_t>(it - names.begin());
  return std::ranges::find(names, "other kernels") - names.begin();
}

std::size_t KernelSeries::of_packet(const std::string& packet) const {
  const auto it = std::ranges::lower_bound(
      packet_series_, packet, {}, [](const auto& p) -> const std::string& { return p.first; });
  if (it != packet_series_.end() && it->first == packet) return it->second;
  return unlisted_;
}

double run_span_us(const RunResult& run) {
  double span = std::max(run.makespan_us, run.end_us);
  for (const KernelResultRow& k : run.kernels)
    span = std::max(span, k.end_us);
  return span > 0 ? span : 1;
}

std::string gantt_chart(const RunResult& run, const KernelSeries& series) {
  const GanttRows rows = gantt_rows(run);
  const double span = run_span_us(run);
  const svg::Scale x = time_scale(span);
  const double h = row_height(rows.labels.size(), 640, 22);
  std::vector<std::vector<Interval>> intervals(rows.labels.size());
  for (std::size_t i = 0; i < run.kernels.size(); ++i) {
    const KernelResultRow& k = run.kernels[i];
    if (k.end_us < k.launch_us) continue;  // did not finish (a run limit)
    intervals[rows.row_of_kernel[i]].push_back(
        {k.launch_us, k.end_us, series.of_kernel(k.kernel), i});
  }
  // Boxes less than a pixel apart are merged; more merging if there are still too many.
  const double pixel = span / (x.r1 - x.r0);
  const auto boxes = merge_boxes(intervals, pixel);
  const double height = kTop + h * static_cast<double>(rows.labels.size()) + kAxisHeight;
  std::string out = svg::open_chart("gantt", kWidth, height, "Kernels by queue over time");
  out += row_labels(rows.labels, kTop, h);
  for (std::size_t r = 0; r < boxes.size(); ++r) {
    const double y = kTop + h * static_cast<double>(r);
    out += svg::open_series(rows.labels[r]);
    for (const Box& b : boxes[r]) {
      const double x0 = x(b.begin);
      const double w = std::max(x(b.end) - x0, 1.0);
      std::string tip;
      if (b.count == 1) {
        const KernelResultRow& k = run.kernels[b.first_item];
        tip = fmt::format("{} ({}) on queue {}: arrival {}, launch {}, end {}, NTT {}", k.name,
                          k.kernel, k.queue, microseconds_text(k.arrival_us),
                          microseconds_text(k.launch_us), microseconds_text(k.end_us),
                          if_measured(k.ntt));
      } else {
        tip = fmt::format("{} kernels from {} to {}", b.count, microseconds_text(b.begin),
                          microseconds_text(b.end));
      }
      const char* colour = b.category == kNone ? kMixedColour : svg::palette(b.category);
      out += svg::rect(x0, y + 1, w, std::max(h - 2, 1.0), colour, tip);
      if (b.count == 1 && w > 60 && h >= 14) {
        out += svg::text(x0 + 3, y + h / 2 + 4, run.kernels[b.first_item].name, "start", "label");
      }
    }
    out += svg::close_series();
  }
  out += svg::x_axis(x, kTop + h * static_cast<double>(rows.labels.size()) + 2, "time (us)");
  return out + svg::close_chart();
}

namespace {

// The rows of the slots or CUs numbered `ids` (in the order the trace first named them), in the
// order of their numbers.
std::vector<std::size_t> by_number(const std::vector<std::uint64_t>& ids) {
  std::vector<std::size_t> order(ids.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return ids[a] < ids[b]; });
  return order;
}

}  // namespace

std::string slots_chart(const TraceSummary& trace) {
  // Coarser bins until the boxes of both lanes fit the budget.
  DominantBins queues = trace.slot_queue;
  BinnedTime activity = trace.slot_activity;
  std::size_t factor = 1;
  std::vector<std::vector<BinRun>> queue_runs, activity_runs;
  for (;;) {
    queue_runs.assign(trace.slots, {});
    activity_runs.assign(trace.slots, {});
    std::size_t total = 0;
    for (std::size_t s = 0; s < trace.slots; ++s) {
      queue_runs[s] =
          runs(categories(queues.bins(), [&](std::size_t b) { return queues.dominant(s, b); }));
      activity_runs[s] = runs(
          categories(activity.bins(), [&](std::size_t b) { return dominant(activity, s, b); }));
      total += queue_runs[s].size() + activity_runs[s].size();
    }
    if (total <= kMaxBoxes || activity.bins() <= 50) break;
    factor *= 2;
    queues = trace.slot_queue.coarsened(factor);
    activity = trace.slot_activity.coarsened(factor);
  }
  const svg::Scale x{activity.t0(), activity.t1(), kLeft, kWidth - kRight};
  const double lane =
      trace.slots <= 16 ? 14 : std::max(3.0, std::floor(300.0 / static_cast<double>(trace.slots)));
  const double row = 2 * lane + 6;
  const double height = kTop + row * static_cast<double>(trace.slots) + kAxisHeight;
  std::string out = svg::open_chart("slots", kWidth, height,
                                    "Hardware queue slots: queue held and activity over time");
  const std::vector<std::size_t> order = by_number(trace.slot_ids);
  std::vector<std::string> labels;
  for (const std::size_t s : order)
    labels.push_back(fmt::format("slot {}", trace.slot_ids[s]));
  out += row_labels(labels, kTop, row);
  for (std::size_t shown = 0; shown < order.size(); ++shown) {
    const std::size_t s = order[shown];
    const std::uint64_t slot = trace.slot_ids[s];
    const double y = kTop + row * static_cast<double>(shown) + 3;
    out += svg::open_series(labels[shown]);
    out += fmt::format("<rect class=\"lane\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n",
                       svg::coord(kLeft), svg::coord(y), svg::coord(kWidth - kRight - kLeft),
                       svg::coord(2 * lane));
    for (const BinRun& r : queue_runs[s]) {
      const double x0 = x(queues.bin_start(r.first));
      const double w = x(queues.bin_start(r.end)) - x0;
      const std::string& name = trace.queues[r.category];
      out += svg::rect(x0, y, w, lane, queue_colour(r.category),
                       fmt::format("slot {} holds queue {} from {} to {}", slot, name,
                                   microseconds_text(queues.bin_start(r.first)),
                                   microseconds_text(queues.bin_start(r.end))));
      if (w > 8.0 * static_cast<double>(name.size()) + 6 && lane >= 12)
        out += svg::text(x0 + 3, y + lane - 3, name, "start", "label");
    }
    for (const BinRun& r : activity_runs[s]) {
      const double x0 = x(activity.bin_start(r.first));
      out += svg::rect(
          x0, y + lane, x(activity.bin_start(r.end)) - x0, lane, activity_colour(r.category),
          fmt::format("slot {}: mostly {} from {} to {}", slot, drawn_activity_name(r.category),
                      microseconds_text(activity.bin_start(r.first)),
                      microseconds_text(activity.bin_start(r.end))));
    }
    // Map events: one tick per bin with a map, all in one path.
    std::string ticks;
    std::uint64_t maps = 0;
    const auto& per_bin = trace.slot_maps[s];
    const double fine_width = (trace.slot_activity.t1() - trace.slot_activity.t0()) /
                              static_cast<double>(std::max<std::size_t>(per_bin.size(), 1));
    for (std::size_t b = 0; b < per_bin.size(); ++b) {
      if (per_bin[b] == 0) continue;
      maps += per_bin[b];
      const double tx = x(trace.slot_activity.t0() + fine_width * static_cast<double>(b));
      ticks += fmt::format("M{} {}v{}", svg::coord(tx), svg::coord(y - 3), svg::coord(lane + 3));
    }
    if (!ticks.empty()) {
      out += fmt::format(
          "<path class=\"maps\" d=\"{}\"><title>{} queue map(s) on slot {}</title></path>\n", ticks,
          maps, slot);
    }
    out += svg::close_series();
  }
  out += svg::x_axis(x, kTop + row * static_cast<double>(trace.slots) + 2, "time (us)");
  return out + svg::close_chart();
}

std::string occupancy_chart(const TraceSummary& trace, const KernelSeries& series) {
  const BinnedTime& t = trace.resident;
  const std::size_t bins = t.bins();
  const double width = t.bin_width();
  std::vector<double> stacked(bins, 0.0);
  double top = 0;
  for (std::size_t b = 0; b < bins; ++b) {
    stacked[b] = t.total(0, b) / width;
    top = std::max(top, stacked[b]);
  }
  const double plot = 260;
  const svg::Scale x{t.t0(), t.t1(), kLeft, kWidth - kRight};
  const svg::Scale y{0, top > 0 ? top * 1.05 : 1, kTop + plot, kTop};
  std::string out = svg::open_chart("occupancy", kWidth, kTop + plot + kAxisHeight,
                                    "Resident work-groups over time, by kernel");
  out += svg::y_axis(y, kLeft, kWidth - kRight, "resident work-groups");
  std::vector<double> below(bins, 0.0);
  for (std::size_t s = 0; s < t.categories(); ++s) {
    std::vector<double> above(bins);
    bool any = false;
    for (std::size_t b = 0; b < bins; ++b) {
      const double v = t.at(0, b, s) / width;
      any = any || v > 0;
      above[b] = below[b] + v;
    }
    if (!any) continue;
    // The band between `below` and `above`, as steps over the bins: a vertical step only
    // where the drawn height changes.
    std::string d = fmt::format("M{} {}", svg::coord(x(t.bin_start(0))), svg::coord(y(above[0])));
    for (std::size_t b = 1; b < bins; ++b) {
      const std::string level = svg::coord(y(above[b]));
      if (level != svg::coord(y(above[b - 1])))
        d += fmt::format("H{}V{}", svg::coord(x(t.bin_start(b))), level);
    }
    d += fmt::format("H{}V{}", svg::coord(x(t.t1())), svg::coord(y(below[bins - 1])));
    for (std::size_t b = bins - 1; b > 0; --b) {
      const std::string level = svg::coord(y(below[b - 1]));
      if (level != svg::coord(y(below[b])))
        d += fmt::format("H{}V{}", svg::coord(x(t.bin_start(b))), level);
    }
    d += fmt::format("H{}", svg::coord(x(t.bin_start(0))));
    const std::string& name = s < series.names.size() ? series.names[s] : "?";
    out += svg::open_series(name);
    out +=
        fmt::format("<path d=\"{}Z\" fill=\"{}\" fill-opacity=\"0.85\"><title>{}</title></path>\n",
                    d, svg::palette(s), svg::escape(name));
    out += svg::close_series();
    below = std::move(above);
  }
  out += svg::x_axis(x, kTop + plot + 2, "time (us)");
  return out + svg::close_chart();
}

std::string cu_chart(const TraceSummary& trace) {
  constexpr std::size_t kLevels = 8;
  BinnedTime t = trace.cu_resident;
  // At most 250 columns, and coarser until the boxes fit the budget.
  std::size_t factor = (t.bins() + 249) / 250;
  if (factor > 1) t = trace.cu_resident.coarsened(factor);
  double top = 0;
  for (std::size_t c = 0; c < trace.cus; ++c) {
    for (std::size_t b = 0; b < t.bins(); ++b)
      top = std::max(top, t.at(c, b, 0) / t.bin_width());
  }
  std::vector<std::vector<BinRun>> cu_runs;
  for (;;) {
    cu_runs.assign(trace.cus, {});
    std::size_t total = 0;
    for (std::size_t c = 0; c < trace.cus; ++c) {
      cu_runs[c] = runs(categories(t.bins(), [&](std::size_t b) {
        const double v = t.at(c, b, 0) / t.bin_width();
        if (v <= 0 || top <= 0) return kNone;
        return std::min(kLevels - 1, static_cast<std::size_t>(v / top * kLevels));
      }));
      total += cu_runs[c].size();
    }
    if (total <= kMaxBoxes || t.bins() <= 25) break;
    factor *= 2;
    t = trace.cu_resident.coarsened(factor);
  }
  const double h = row_height(trace.cus, 400, 16);
  const svg::Scale x{t.t0(), t.t1(), kLeft, kWidth - kRight};
  std::string out = svg::open_chart("cu-occupancy", kWidth,
                                    kTop + h * static_cast<double>(trace.cus) + kAxisHeight,
                                    "Resident work-groups per CU over time");
  const std::vector<std::size_t> order = by_number(trace.cu_ids);
  std::vector<std::string> labels;
  for (const std::size_t c : order)
    labels.push_back(fmt::format("CU {}", trace.cu_ids[c]));
  out += row_labels(labels, kTop, h);
  // One path per CU and shade, holding all its boxes: a few elements, and short.
  for (std::size_t shown = 0; shown < order.size(); ++shown) {
    const std::size_t c = order[shown];
    out += svg::open_series(labels[shown]);
    const double y = kTop + h * static_cast<double>(shown);
    for (std::size_t level = 0; level < kLevels; ++level) {
      std::string d;
      for (const BinRun& r : cu_runs[c]) {
        if (r.category != level) continue;
        const double x0 = x(t.bin_start(r.first));
        d += fmt::format("M{} {}h{}v{}h-{}z", svg::coord(x0), svg::coord(y),
                         svg::coord(x(t.bin_start(r.end)) - x0), svg::coord(std::max(h - 1, 1.0)),
                         svg::coord(x(t.bin_start(r.end)) - x0));
      }
      if (d.empty()) continue;
      out += fmt::format(
          "<path d=\"{}\" fill=\"#4e79a7\" fill-opacity=\"{:.3f}\"><title>CU {}: {} to {} "
          "resident work-groups</title></path>\n",
          d, static_cast<double>(level + 1) / kLevels, trace.cu_ids[c],
          svg::number(top * static_cast<double>(level) / kLevels, 3),
          svg::number(top * static_cast<double>(level + 1) / kLevels, 3));
    }
    out += svg::close_series();
  }
  out += svg::x_axis(x, kTop + h * static_cast<double>(trace.cus) + 2, "time (us)");
  return out + svg::close_chart();
}

std::string ntt_chart(const RunResult& run) {
  const double plot = 220;
  const double bottom = kTop + plot;
  std::vector<const KernelResultRow*> measured;
  double top = 1;
  for (const KernelResultRow& k : run.kernels) {
    if (k.ntt <= 0) continue;
    measured.push_back(&k);
    top = std::max(top, k.ntt);
  }
  const bool bars = measured.size() <= kMaxNttBars;
  const double label_room = bars && measured.size() <= 40 ? 60 : 0;
  std::string out = svg::open_chart(
      "ntt", kWidth, bottom + kAxisHeight + label_room,
      bars ? "Normalized turnaround time of each kernel" : "Kernels by normalized turnaround time");
  if (bars) {
    const svg::Scale y{0, top * 1.05, bottom, kTop};
    out += svg::y_axis(y, kLeft, kWidth - kRight, "NTT (turnaround / alone)");
    const double slot =
        (kWidth - kRight - kLeft) / static_cast<double>(std::max<std::size_t>(measured.size(), 1));
    out += svg::open_series("NTT");
    for (std::size_t i = 0; i < measured.size(); ++i) {
      const KernelResultRow& k = *measured[i];
      const double x0 = kLeft + slot * static_cast<double>(i) + slot * 0.15;
      out += svg::rect(x0, y(k.ntt), slot * 0.7, bottom - y(k.ntt), svg::palette(0),
                       fmt::format("{} on queue {}: NTT {}", k.name, k.queue, svg::number(k.ntt)));
    }
    out += svg::close_series();
    out += svg::line(kLeft, y(1), kWidth - kRight, y(1), "ref");
    out += svg::line(kLeft, bottom, kWidth - kRight, bottom, "axis-line");
    if (label_room > 0) {
      for (std::size_t i = 0; i < measured.size(); ++i) {
        const double cx = kLeft + slot * (static_cast<double>(i) + 0.5);
        out += fmt::format(
            "<text x=\"{0}\" y=\"{1}\" text-anchor=\"end\" transform=\"rotate(-40 {0} "
            "{1})\">{2}</text>\n",
            svg::coord(cx), svg::coord(bottom + 14), svg::escape(measured[i]->name));
      }
    }
    return out + svg::close_chart();
  }
  // A histogram: kernels per NTT bin.
  constexpr std::size_t kBins = 40;
  double lo = top;
  for (const KernelResultRow* k : measured)
    lo = std::min(lo, k->ntt);
  const double span = top > lo ? top - lo : 1;
  std::vector<std::size_t> counts(kBins, 0);
  for (const KernelResultRow* k : measured)
    ++counts[std::min(kBins - 1, static_cast<std::size_t>((k->ntt - lo) / span * kBins))];
  const double most = static_cast<double>(*std::ranges::max_element(counts));
  const svg::Scale x{lo, lo + span, kLeft, kWidth - kRight};
  const svg::Scale y{0, most * 1.05, bottom, kTop};
  out += svg::y_axis(y, kLeft, kWidth - kRight, "kernels");
  out += svg::open_series("kernels");
  for (std::size_t b = 0; b < kBins; ++b) {
    if (counts[b] == 0) continue;
    const double b0 = lo + span * static_cast<double>(b) / kBins;
    const double b1 = lo + span * static_cast<double>(b + 1) / kBins;
    out += svg::rect(
        x(b0), y(static_cast<double>(counts[b])), x(b1) - x(b0) - 1,
        bottom - y(static_cast<double>(counts[b])), svg::palette(0),
        fmt::format("{} kernels with NTT {} to {}", counts[b], svg::number(b0), svg::number(b1)));
  }
  out += svg::close_series();
  out += svg::x_axis(x, bottom + 2, "NTT (turnaround / alone)");
  return out + svg::close_chart();
}

}  // namespace aqlsim::report
