#pragma once
// The largest of n values under point updates, for a reader that asks after every update (the
// kernel-level predicted runtime of a watching Simple Slicing predictor). Setting a value costs
// O(1), except when the one value that was the largest falls: then the values are scanned
// (O(n)). Pred_Cycles on 120 CUs changes on one CU at a time and is seldom the largest: in
// bench_simulator's predictor run, 1.4% of 100,000 updates scanned, and the rest cost less than
// a tree's O(log n) climb (TournamentTree) would on every update.
#include <algorithm>
#include <cstddef>
#include <vector>

namespace aqlsim {

template <class T>
class LargestValue {
 public:
  // n values, every one `initial`.
  LargestValue(std::size_t n, T initial) : values_(n, initial), largest_(initial) {}

  // True when the largest value changed.
  bool set(std::size_t i, T value) {
    const T old = values_[i];
    values_[i] = value;
    const T before = largest_;
    // Branches, not selects: a value is seldom the largest, so both are well predicted.
    if (value >= before) {
      largest_ = value;
    } else if (old == before) {
      largest_ = *std::max_element(values_.begin(), values_.end());
    }
    return largest_ != before;
  }

  // `initial` until a value is set.
  T largest() const { return largest_; }

 private:
  std::vector<T> values_;
  T largest_;
};

}  // namespace aqlsim
