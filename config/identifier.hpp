#pragma once
// The one rule for names that other names are built from (queues, packets, kernels, tasks):
// a lowered task's packets are named `TASK.wait0` and the like, and names are listed with
// spaces in messages, so a name is not empty and holds no space, tab, newline or dot.
#include <string_view>

namespace aqlsim {

inline bool is_identifier(std::string_view text) {
  return !text.empty() && text.find_first_of(" \t.\n") == std::string_view::npos;
}

}  // namespace aqlsim
