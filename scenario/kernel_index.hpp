#pragma once
// A workload's kernels by name. A file may define tens of thousands of kernels and every
// dispatch or graph task names one: a search of the list for each made loading such a file
// quadratic (120,000 kernels took 30 s to validate). Built once where a loop looks kernels up;
// Scenario::find_kernel serves a single question.
#include <string_view>
#include <vector>

#include "scenario/name_index.hpp"
#include "scenario/scenario.hpp"

namespace aqlsim {

class KernelIndex {
 public:
  // The index refers to `kernels`, which must outlive it unchanged.
  explicit KernelIndex(const std::vector<KernelProfile>& kernels);
  // The first kernel of that name, as a search of the list finds; nullptr if none.
  const KernelProfile* find(std::string_view name) const;

 private:
  NameIndex names_;
  std::vector<const KernelProfile*> kernels_;  // by number in names_
};

}  // namespace aqlsim
