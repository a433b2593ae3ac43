#pragma once
// What a table or chart calls each swept key: its last dot-separated segment, or as many last
// segments as tell it from the other swept keys (kernels.0.wg_time and kernels.1.wg_time:
// 0.wg_time and 1.wg_time; a key that is another's ending stays whole).
#include <string>
#include <vector>

namespace aqlsim::report {

std::vector<std::string> sweep_titles(const std::vector<std::string>& keys);

}  // namespace aqlsim::report
