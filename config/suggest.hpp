#pragma once
// "Did you mean ...?" for misspelt keys and names.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aqlsim {

// A candidate that `word` (four characters or more) begins, as `sched` begins `scheduling`; else
// the candidate closest to `word` by edit distance, if close enough to be a likely typo; else one
// that is another form of it (`policy` for `policies`).
std::optional<std::string> nearest_word(std::string_view word,
                                        const std::vector<std::string>& candidates);

}  // namespace aqlsim
