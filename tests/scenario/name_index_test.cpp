// NameIndex: names numbered in the order they were added, found again through a table that
// grows past its first size.
#include "scenario/name_index.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace aqlsim {
namespace {

TEST(NameIndex, NumbersNamesInTheOrderTheyAreAdded) {
  NameIndex index;
  EXPECT_EQ(index.add("b"), std::make_pair(0u, true));
  EXPECT_EQ(index.add("a"), std::make_pair(1u, true));
  EXPECT_EQ(index.add(""), std::make_pair(2u, true));    // the empty name is a name
  EXPECT_EQ(index.add("b"), std::make_pair(0u, false));  // found, not added
  EXPECT_EQ(index.size(), 3u);
  EXPECT_EQ(index.find("a"), 1u);
  EXPECT_EQ(index.find(""), 2u);
  EXPECT_EQ(index.find("c"), std::nullopt);
}

TEST(NameIndex, TellsApartNamesThatShareAPrefixOrDifferAfterANul) {
  NameIndex index;
  const std::string with_nul("x\0y", 3);
  index.add("x");
  index.add("xy");
  index.add(with_nul);
  EXPECT_EQ(index.find("x"), 0u);
  EXPECT_EQ(index.find("xy"), 1u);
  EXPECT_EQ(index.find(with_nul), 2u);
  EXPECT_EQ(index.find(std::string("x\0z", 3)), std::nullopt);
}

TEST(NameIndex, KeepsShortNamesAndViewsLongOnes) {
  // 16 characters are kept in the slot; 17 and more are viewed, so they must outlive the index.
  const std::string sixteen(16, 'a');
  const std::string seventeen(17, 'a');
  const std::string long_b = std::string(40, 'a') + "b";
  const std::string long_c = std::string(40, 'a') + "c";
  NameIndex index;
  {
    std::string temporary = sixteen;  // gone before the lookups: its copy in the slot is used
    index.add(temporary);
  }
  index.add(seventeen);
  index.add(long_b);
  EXPECT_EQ(index.find(sixteen), 0u);
  EXPECT_EQ(index.find(seventeen), 1u);
  EXPECT_EQ(index.find(long_b), 2u);
  EXPECT_EQ(index.find(long_c), std::nullopt);
  EXPECT_EQ(index.find(std::string(15, 'a')), std::nullopt);
}

TEST(NameIndex, FindsEveryNameAfterGrowingFromTheSmallestTable) {
  // 20,000 names in a table made for none: it grows eleven times, and at every size names
  // collide in the slot their hash picks, so probing is exercised throughout.
  std::vector<std::string> names;
  for (int i = 0; i < 20000; ++i)
    names.push_back("t" + std::to_string(i * 7919 % 20000) + (i % 3 == 0 ? ".wait0" : ""));
  NameIndex index;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto [number, added] = index.add(names[i]);
    ASSERT_TRUE(added) << names[i];
    ASSERT_EQ(number, i);
    ASSERT_EQ(index.find(names[i]), i) << "just added";
  }
  for (std::size_t i = 0; i < names.size(); ++i)
    ASSERT_EQ(index.find(names[i]), i) << names[i];
  for (int i = 0; i < 1000; ++i)
    ASSERT_EQ(index.find("u" + std::to_string(i)), std::nullopt);
  EXPECT_EQ(index.size(), names.size());
}

}  // namespace
}  // namespace aqlsim
