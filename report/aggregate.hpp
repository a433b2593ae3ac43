#pragma once
// How the HTML report keeps a chart of any run to a bounded number of drawn elements: time is
// cut into equal bins (at most kMaxBins) and what happens inside a bin is summed, and boxes
// closer than a pixel or so are merged. Every function here is pure, so it is unit-tested.
#include <cstddef>
#include <limits>
#include <vector>

namespace aqlsim::report {

inline constexpr std::size_t kMaxBins = 1000;   // time bins of a timeline
inline constexpr std::size_t kMaxBoxes = 3000;  // boxes of one timeline chart
inline constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

// Time in [t0, t1) cut into `bins` equal bins; for each row, each bin and each category the sum
// of weight × the time an added interval spends in the bin. Rows are created on demand.
class BinnedTime {
 public:
  BinnedTime(double t0, double t1, std::size_t bins, std::size_t categories);

  // Adds [begin, end) (clipped to [t0, t1)) with `weight` to row and category.
  void add(std::size_t row, std::size_t category, double begin, double end, double weight = 1);
  double at(std::size_t row, std::size_t bin, std::size_t category) const;
  // The sum over categories.
  double total(std::size_t row, std::size_t bin) const;

  std::size_t rows() const { return rows_; }
  std::size_t bins() const { return bins_; }
  std::size_t categories() const { return categories_; }
  double t0() const { return t0_; }
  double t1() const { return t1_; }
  double bin_width() const { return (t1_ - t0_) / static_cast<double>(bins_); }
  double bin_start(std::size_t bin) const;
  // `factor` consecutive bins summed into one (the last may hold fewer).
  BinnedTime coarsened(std::size_t factor) const;

 private:
  void ensure_row(std::size_t row);

  double t0_, t1_;
  std::size_t bins_, categories_;
  std::size_t rows_ = 0;
  std::vector<double> values_;  // [row][bin][category]
};

// For rows that hold one of very many categories at a time (a hardware slot holding one of
// thousands of queues): per row and bin only the category held longest, assuming a category's
// time inside one bin is contiguous (as a slot's hold of a queue is).
class DominantBins {
 public:
  DominantBins(double t0, double t1, std::size_t bins);
  void add(std::size_t row, std::size_t category, double begin, double end);
  // The category held longest in the bin, kNone when less than `min_share` of it was held.
  std::size_t dominant(std::size_t row, std::size_t bin, double min_share = 0.5) const;
  std::size_t rows() const { return cells_.size() / bins_; }
  std::size_t bins() const { return bins_; }
  double t0() const { return t0_; }
  double t1() const { return t1_; }
  double bin_start(std::size_t bin) const;
  DominantBins coarsened(std::size_t factor) const;

 private:
  struct Cell {
    std::size_t current = kNone;
    double current_time = 0;
    std::size_t best = kNone;
    double best_time = 0;
    double covered = 0;
  };
  double t0_, t1_;
  std::size_t bins_;
  std::vector<Cell> cells_;  // [row][bin]
};

// Consecutive bins [first, end) of one row with the same category: one drawn box.
struct BinRun {
  std::size_t first = 0;
  std::size_t end = 0;
  std::size_t category = kNone;
};

// The runs of a row, given each bin's category (kNone: nothing drawn).
std::vector<BinRun> runs(const std::vector<std::size_t>& bin_categories);

// The category with the most time in a bin of a BinnedTime row, kNone when the categories
// together cover less than `min_share` of the bin.
std::size_t dominant(const BinnedTime& time, std::size_t row, std::size_t bin,
                     double min_share = 0.5);

// One item on a Gantt row (a kernel from launch to end), with its colour category and index.
struct Interval {
  double begin = 0;
  double end = 0;
  std::size_t category = 0;
  std::size_t item = 0;
};

// A drawn box: one item, or several merged because they overlap or lie closer than the gap.
struct Box {
  double begin = 0;
  double end = 0;
  std::size_t count = 0;
  std::size_t category = kNone;  // kNone when the merged items have different categories
  std::size_t first_item = 0;
};

// Merges each row's intervals that overlap; if that leaves more than `max_boxes` boxes in all,
// also those less than `gap` apart, doubling the gap until the boxes fit (or every row is a
// single box).
std::vector<std::vector<Box>> merge_boxes(const std::vector<std::vector<Interval>>& rows,
                                          double gap, std::size_t max_boxes = kMaxBoxes);

}  // namespace aqlsim::report
