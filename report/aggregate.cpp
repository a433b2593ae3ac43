#include "report/aggregate.hpp"

#include <algorithm>
#include <cmath>

namespace aqlsim::report {
namespace {

// Calls f(bin, overlap) for every bin [begin, end) overlaps, clipped to [t0, t1).
template <typename F>
void for_each_bin(double t0, double t1, std::size_t bins, double begin, double end, F&& f) {
  begin = std::max(begin, t0);
  end = std::min(end, t1);
  if (!(end > begin) || !(t1 > t0)) return;
  const double width = (t1 - t0) / static_cast<double>(bins);
  auto first = static_cast<std::size_t>((begin - t0) / width);
  first = std::min(first, bins - 1);
  for (std::size_t b = first; b < bins; ++b) {
    const double lo = t0 + width * static_cast<double>(b);
    const double hi = b + 1 == bins ? t1 : lo + width;
    if (lo >= end) break;
    const double overlap = std::min(end, hi) - std::max(begin, lo);
    if (overlap > 0) f(b, overlap);
  }
}

}  // namespace

BinnedTime::BinnedTime(double t0, double t1, std::size_t bins, std::size_t categories)
    : t0_(t0), t1_(t1), bins_(std::max<std::size_t>(bins, 1)), categories_(categories) {}

void BinnedTime::ensure_row(std::size_t row) {
  if (row < rows_) return;
  rows_ = row + 1;
  values_.resize(rows_ * bins_ * categories_, 0.0);
}

void BinnedTime::add(std::size_t row, std::size_t category, double begin, double end,
                     double weight) {
  if (category >= categories_) return;
  ensure_row(row);
  for_each_bin(t0_, t1_, bins_, begin, end, [&](std::size_t b, double overlap) {
    values_[(row * bins_ + b) * categories_ + category] += overlap * weight;
  });
}

double BinnedTime::at(std::size_t row, std::size_t bin, std::size_t category) const {
  if (row >= rows_) return 0;
  return values_[(row * bins_ + bin) * categories_ + category];
}

double BinnedTime::total(std::size_t row, std::size_t bin) const {
  double sum = 0;
  for (std::size_t c = 0; c < categories_; ++c)
    sum += at(row, bin, c);
  return sum;
}

double BinnedTime::bin_start(std::size_t bin) const {
  return bin >= bins_ ? t1_ : t0_ + bin_width() * static_cast<double>(bin);
}

BinnedTime BinnedTime::coarsened(std::size_t factor) const {
  factor = std::max<std::size_t>(factor, 1);
  BinnedTime out(t0_, t1_, (bins_ + factor - 1) / factor, categories_);
  if (rows_ > 0) out.ensure_row(rows_ - 1);
  // Bin edges of the coarse grid are those of the fine grid only when factor divides bins_;
  // the coarse grid then has the same span, so this keeps the times exact.
  out.t1_ = t0_ + bin_width() * static_cast<double>(out.bins_ * factor);
  if (bins_ % factor == 0) out.t1_ = t1_;
  for (std::size_t r = 0; r < rows_; ++r) {
    for (std::size_t b = 0; b < bins_; ++b) {
      for (std::size_t c = 0; c < categories_; ++c)
        out.values_[(r * out.bins_ + b / factor) * categories_ + c] += at(r, b, c);
    }
  }
  return out;
}

DominantBins::DominantBins(double t0, double t1, std::size_t bins)
    : t0_(t0), t1_(t1), bins_(std::max<std::size_t>(bins, 1)) {}

void DominantBins::add(std::size_t row, std::size_t category, double begin, double end) {
  if ((row + 1) * bins_ > cells_.size()) cells_.resize((row + 1) * bins_);
  for_each_bin(t0_, t1_, bins_, begin, end, [&](std::size_t b, double overlap) {
    Cell& cell = cells_[row * bins_ + b];
    if (cell.current == category) {
      cell.current_time += overlap;
    } else {
      cell.current = category;
      cell.current_time = overlap;
    }
    if (cell.current_time > cell.best_time) {
      cell.best = category;
      cell.best_time = cell.current_time;
    }
    cell.covered += overlap;
  });
}

std::size_t DominantBins::dominant(std::size_t row, std::size_t bin, double min_share) const {
  if (row >= rows()) return kNone;
  const Cell& cell = cells_[row * bins_ + bin];
  const double width = (t1_ - t0_) / static_cast<double>(bins_);
  return cell.covered >= min_share * width ? cell.best : kNone;
}

double DominantBins::bin_start(std::size_t bin) const {
  return bin >= bins_ ? t1_
                      : t0_ + (t1_ - t0_) / static_cast<double>(bins_) * static_cast<double>(bin);
}

DominantBins DominantBins::coarsened(std::size_t factor) const {
  factor = std::max<std::size_t>(factor, 1);
  const std::size_t bins = (bins_ + factor - 1) / factor;
  DominantBins out(
      t0_, t0_ + (t1_ - t0_) / static_cast<double>(bins_) * static_cast<double>(bins * factor),
      bins);
  out.cells_.resize(rows() * bins);
  for (std::size_t r = 0; r < rows(); ++r) {
    for (std::size_t b = 0; b < bins_; ++b) {
      const Cell& fine = cells_[r * bins_ + b];
      Cell& coarse = out.cells_[r * bins + b / factor];
      coarse.covered += fine.covered;
      if (fine.best_time > coarse.best_time) {
        coarse.best = fine.best;
        coarse.best_time = fine.best_time;
      }
    }
  }
  return out;
}

std::vector<BinRun> runs(const std::vector<std::size_t>& bin_categories) {
  std::vector<BinRun> out;
  for (std::size_t b = 0; b < bin_categories.size(); ++b) {
    const std::size_t c = bin_categories[b];
    if (c == kNone) continue;
    if (!out.empty() && out.back().end == b && out.back().category == c) {
      ++out.back().end;
    } else {
      out.push_back({b, b + 1, c});
    }
  }
  return out;
}

std::size_t dominant(const BinnedTime& time, std::size_t row, std::size_t bin, double min_share) {
  std::size_t best = kNone;
  double best_time = 0;
  double sum = 0;
  for (std::size_t c = 0; c < time.categories(); ++c) {
    const double t = time.at(row, bin, c);
    sum += t;
    if (t > best_time) {
      best = c;
      best_time = t;
    }
  }
  return sum >= min_share * time.bin_width() ? best : kNone;
}

namespace {

std::vector<std::vector<Box>> merge_once(const std::vector<std::vector<Interval>>& rows, double gap,
                                         std::size_t& total) {
  std::vector<std::vector<Box>> out(rows.size());
  total = 0;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::vector<Interval> sorted = rows[r];
    std::ranges::sort(sorted, [](const Interval& a, const Interval& b) {
      return a.begin != b.begin ? a.begin < b.begin : a.item < b.item;
    });
    for (const Interval& i : sorted) {
      std::vector<Box>& boxes = out[r];
      if (!boxes.empty() && i.begin - boxes.back().end < gap) {
        Box& b = boxes.back();
        b.end = std::max(b.end, i.end);
        ++b.count;
        if (b.category != i.category) b.category = kNone;
      } else {
        boxes.push_back({i.begin, i.end, 1, i.category, i.item});
      }
    }
    total += out[r].size();
  }
  return out;
}

}  // namespace

std::vector<std::vector<Box>> merge_boxes(const std::vector<std::vector<Interval>>& rows,
                                          double gap, std::size_t max_boxes) {
  double span = 0;
  for (const auto& row : rows) {
    for (const Interval& i : row)
      span = std::max(span, i.end);
  }
  std::size_t total = 0;
  // Overlapping items only, when that fits; else items closer than the gap, doubled until it
  // fits (a gap beyond the whole span merges each row into one box: the loop ends by then).
  std::vector<std::vector<Box>> out = merge_once(rows, 0, total);
  if (total > max_boxes) out = merge_once(rows, gap, total);
  while (total > max_boxes && total > rows.size() && gap <= 2 * span && gap > 0) {
    gap *= 2;
    out = merge_once(rows, gap, total);
  }
  return out;
}

}  // namespace aqlsim::report
