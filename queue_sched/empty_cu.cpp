#include "queue_sched/empty_cu.hpp"

#include <cassert>

namespace aqlsim {

bool EmptyCu::capture(const DispatchView& view) {
  if (!empty_ && view.cu_count() > 0) empty_.emplace(view.cu(0).spec());
  return captured();
}

std::uint32_t EmptyCu::fit_count(const WorkgroupDemand& demand,
                                 std::span<const WorkgroupDemand> beside, std::uint32_t cap) const {
  assert(empty_ && "no empty CU captured yet");
  ComputeUnit cu = *empty_;
  for (const WorkgroupDemand& other : beside) {
    if (cu.fits(other)) cu.place(other);
  }
  std::uint32_t count = 0;
  while (count < cap && cu.fits(demand)) {
    cu.place(demand);
    ++count;
  }
  return count;
}

}  // namespace aqlsim
