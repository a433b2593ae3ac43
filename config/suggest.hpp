#pragma once
// "Did you mean ...?" for misspelt keys and names.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aqlsim {

// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
std::optional<std::string> nearest_word(std::string_view word,
                                        const std::vector<std::string>& candidates);

}  // namespace aqlsim
