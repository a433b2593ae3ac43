#include "config/suggest.hpp"

#include <algorithm>
#include <numeric>

namespace aqlsim {
namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), 0);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitution});
    }
  }
  return row[b.size()];
}

}  // namespace

std::optional<std::string> nearest_word(std::string_view word,
                                        const std::vector<std::string>& candidates) {
  // Another form of the word (`sched` for `scheduling`, `policy` for `policies`): the two agree
  // but for at most the shorter one's last character, over at least four characters. A word
  // that begins a candidate is taken before a typo (`sched` is 2 edits from `seed`).
  const auto agreeing = [&](const std::string& candidate) {
    return static_cast<std::size_t>(std::ranges::mismatch(word, candidate).in1 - word.begin());
  };
  std::optional<std::string> other_form;
  std::size_t best_prefix = 3;
  for (const auto& candidate : candidates) {
    const std::size_t prefix = agreeing(candidate);
    if (prefix == word.size() && prefix > 3) return candidate;
    if (prefix + 1 >= std::min(word.size(), candidate.size()) && prefix > best_prefix) {
      best_prefix = prefix;
      other_form = candidate;
    }
  }
  std::optional<std::string> best;
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const auto& candidate : candidates) {
    const std::size_t d = edit_distance(word, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  return best ? best : other_form;
}

}  // namespace aqlsim
