#pragma once
// Records where and when every work-group started, to check hand-offs CU by CU.
#include <cstdint>
#include <vector>

#include "hsa_model/observer.hpp"

namespace aqlsim::testing {

class BlockLog final : public ModelObserver {
 public:
  struct Start {
    KernelId kernel;
    std::uint64_t index;  // the work-group's position in its grid
    CuIndex cu;
    Tick time;
    friend bool operator==(const Start&, const Start&) = default;
  };

  void on_workgroup_started(const KernelState& kernel, const WorkgroupRecord& wg,
                            const ComputeUnit&) override {
    starts_.push_back({kernel.id, wg.index, wg.cu, wg.start});
  }

  // Every start, in the order they happened.
  const std::vector<Start>& starts() const { return starts_; }

  // How many work-groups of `kernel` started on `cu` at `time`.
  int count(KernelId kernel, CuIndex cu, Tick time) const {
    int n = 0;
    for (const Start& s : starts_)
      n += s.kernel == kernel && s.cu == cu && s.time == time;
    return n;
  }
  // Start times of `kernel`'s work-groups on `cu`, one entry per distinct time, in order.
  std::vector<Tick> times(KernelId kernel, CuIndex cu) const {
    std::vector<Tick> out;
    for (const Start& s : starts_) {
      if (s.kernel == kernel && s.cu == cu && (out.empty() || out.back() != s.time))
        out.push_back(s.time);
    }
    return out;
  }

 private:
  std::vector<Start> starts_;
};

}  // namespace aqlsim::testing
