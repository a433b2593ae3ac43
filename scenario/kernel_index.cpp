#include "scenario/kernel_index.hpp"

namespace aqlsim {

KernelIndex::KernelIndex(const std::vector<KernelProfile>& kernels) : names_(kernels.size()) {
  kernels_.reserve(kernels.size());
  for (const KernelProfile& k : kernels) {
    if (names_.add(k.name).second) kernels_.push_back(&k);
  }
}

const KernelProfile* KernelIndex::find(std::string_view name) const {
  const std::optional<std::uint32_t> number = names_.find(name);
  return number ? kernels_[*number] : nullptr;
}

}  // namespace aqlsim
