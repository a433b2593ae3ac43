// "Did you mean ...?": a typo within the edit distance, else another form of the word.
#include "config/suggest.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace aqlsim {
namespace {

const std::vector<std::string> kKeys = {"policies", "priority", "scheduling", "seed"};

TEST(NearestWord, ATypoIsTheClosestWordWithinAThirdOfItsLength) {
  EXPECT_EQ(nearest_word("sede", kKeys), "seed");         // distance 2
  EXPECT_EQ(nearest_word("priorty", kKeys), "priority");  // distance 1
  EXPECT_EQ(nearest_word("queues", kKeys), std::nullopt);
}

// `policy` is 3 edits from `policies` and `sched` 5 from `scheduling`, past the typo distance:
// they agree over all but the shorter one's last character, at least four characters.
TEST(NearestWord, AnotherFormOfTheWordIsSuggested) {
  EXPECT_EQ(nearest_word("policy", kKeys), "policies");
  EXPECT_EQ(nearest_word("sched", kKeys), "scheduling");
  EXPECT_EQ(nearest_word("prio", kKeys), "priority");
  EXPECT_EQ(nearest_word("pol", kKeys), std::nullopt);       // three characters
  EXPECT_EQ(nearest_word("polite", kKeys), std::nullopt);    // "polit" ends at "i" of policies
  EXPECT_EQ(nearest_word("schedule", kKeys), "scheduling");  // "schedul": all but its last
}

}  // namespace
}  // namespace aqlsim
