#include "queue_sched/srtf.hpp"

#include "queue_sched/ordered_pick.hpp"

namespace aqlsim {

KernelId Srtf::pick(const DispatchView& view, CuIndex cu) {
  return pick_first_in_order(view, cu, core_.order(view, cu));
}

}  // namespace aqlsim
