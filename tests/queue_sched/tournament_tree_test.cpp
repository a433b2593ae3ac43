// The tournament tree keeps the combination of all leaves as they change, for any leaf count.
#include "queue_sched/tournament_tree.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace aqlsim {
namespace {

struct Max {
  int operator()(int a, int b) const { return std::max(a, b); }
};

TEST(TournamentTree, FollowsTheMaximumAsLeavesRiseAndFall) {
  // Five leaves: not a power of two, so some leaves sit deeper than others.
  TournamentTree<int, Max> tree(5);
  EXPECT_EQ(tree.all(), 0);
  tree.set(3, 7);
  tree.set(0, 4);
  EXPECT_EQ(tree.all(), 7);
  tree.set(4, 9);
  EXPECT_EQ(tree.all(), 9);
  tree.set(4, 1);  // the maximum falls back to the next largest leaf
  EXPECT_EQ(tree.all(), 7);
  tree.set(3, 0);
  EXPECT_EQ(tree.all(), 4);
}

TEST(TournamentTree, AgreesWithAScanForEveryLeafCount) {
  for (std::size_t n = 1; n <= 17; ++n) {
    TournamentTree<int, Max> tree(n);
    std::vector<int> leaves(n, 0);
    for (std::size_t step = 0; step < 4 * n; ++step) {
      const std::size_t leaf = (step * 7) % n;
      const int value = static_cast<int>((step * 13 + n) % 23);
      leaves[leaf] = value;
      tree.set(leaf, value);
      EXPECT_EQ(tree.all(), *std::ranges::max_element(leaves)) << n << " leaves, step " << step;
    }
  }
}

TEST(TournamentTree, AnEmptyTreeGivesTheIdentity) {
  EXPECT_EQ((TournamentTree<int, Max>().all()), 0);
}

}  // namespace
}  // namespace aqlsim
