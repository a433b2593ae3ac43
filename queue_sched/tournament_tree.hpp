#pragma once
// A binary tree over n leaves in which every inner node holds the combination of its two
// children (leaves at [n, 2n), node i's children at 2i and 2i+1, the root at 1): setting a leaf
// costs O(log n) and reading the combination of all leaves O(1). `Combine` must be associative
// and commutative, with T{} as its identity.
#include <cstddef>
#include <vector>

namespace aqlsim {

template <class T, class Combine>
class TournamentTree {
 public:
  TournamentTree() = default;
  explicit TournamentTree(std::size_t leaves) : leaves_(leaves), nodes_(2 * leaves) {}

  // Only the leaf's path changes: the combination coming up is carried (not read back), and
  // each node combines it with its sibling's.
  void set(std::size_t leaf, const T& value) {
    std::size_t i = leaves_ + leaf;
    T up = value;
    nodes_[i] = up;
    for (; i > 1; i /= 2) {
      up = Combine{}(up, nodes_[i ^ 1]);
      nodes_[i / 2] = up;
    }
  }

  // The combination of every leaf (T{} when there are none).
  T all() const { return leaves_ == 0 ? T{} : nodes_[1]; }

 private:
  std::size_t leaves_ = 0;
  std::vector<T> nodes_;  // nodes_[0] is unused
};

}  // namespace aqlsim
