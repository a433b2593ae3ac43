#pragma once
// The thread-block scheduler decides which kernel's next work-group goes to a CU. The
// dispatcher owns the mechanism (resources, placement, timing); a policy only picks, looking at
// a read-only view. Implementations live in queue_sched/.
#include <span>
#include <string_view>
#include <vector>

#include "hsa_model/compute_unit.hpp"
#include "hsa_model/kernel_state.hpp"
#include "hsa_model/observer.hpp"

namespace aqlsim {

class DispatchView {
 public:
  DispatchView(const std::vector<KernelState>& kernels, const std::vector<KernelId>& active,
               const std::vector<ComputeUnit>& cus, const Tick& now, const Observers& observers,
               const std::uint64_t& issuing_changes)
      : kernels_(&kernels),
        active_(&active),
        cus_(&cus),
        now_(&now),
        observers_(&observers),
        issuing_changes_(&issuing_changes) {}

  // Kernels in the dispatcher (launched, not finished), oldest launch first.
  std::span<const KernelId> active() const { return *active_; }
  const KernelState& kernel(KernelId id) const { return (*kernels_)[id]; }
  std::uint32_t cu_count() const { return static_cast<std::uint32_t>(cus_->size()); }
  const ComputeUnit& cu(CuIndex c) const { return (*cus_)[c]; }
  // True when `id` has a work-group left to issue, its launch controls (CU mask, workers per
  // CU) admit one more on CU `c` and it fits there now.
  bool fits(KernelId id, CuIndex c) const {
    const KernelState& k = kernel(id);
    return k.unissued() > 0 && k.allowed_on(c) && (*cus_)[c].fits(k.demand);
  }
  Tick now() const { return *now_; }
  // Grows at least whenever the active kernels, or which of them have work-groups left to
  // issue, may have changed (launch, hold, release, last issue, returned work, completion):
  // what a policy derives from them needs recomputing only when this has moved.
  std::uint64_t issuing_changes() const { return *issuing_changes_; }
  // Makes a policy's runtime prediction visible to observers (trace, JSON); changes nothing.
  void publish_prediction(KernelId id, Tick predicted_runtime) const {
    if (!observers_->empty()) {
      observers_->notify(&ModelObserver::on_prediction, kernel(id), predicted_runtime, now());
    }
  }

 private:
  const std::vector<KernelState>* kernels_;
  const std::vector<KernelId>* active_;
  const std::vector<ComputeUnit>* cus_;
  const Tick* now_;
  const Observers* observers_;
  const std::uint64_t* issuing_changes_;
};

// A dispatch the host will submit, as an oracle knows it before the run.
struct KnownDispatch {
  Tick arrival = 0;           // when the host submits it
  Tick isolated_runtime = 0;  // its runtime alone
  QueueId queue = 0;          // within a queue, in packet order
};

class ThreadBlockScheduler {
 public:
  virtual ~ThreadBlockScheduler() = default;
  virtual std::string_view name() const = 0;
  // The kernel whose next work-group should be placed on `cu` now, or kNoKernel to leave the CU
  // alone. A returned kernel must satisfy view.fits(kernel, cu).
  // (a sentinel rather than an optional: an optional returned through memory stalled the
  // placement pass on store forwarding).
  virtual KernelId pick(const DispatchView& view, CuIndex cu) = 0;

  virtual void on_kernel_launched(const DispatchView&, KernelId) {}
  // A kernel scheduler let a held kernel issue again (held kernels are not in view.active()).
  virtual void on_kernel_released(const DispatchView&, KernelId) {}
  virtual void on_workgroup_started(const DispatchView&, const WorkgroupRecord&) {}
  virtual void on_workgroup_finished(const DispatchView&, const WorkgroupRecord&) {}
  virtual void on_workgroup_evicted(const DispatchView&, const WorkgroupRecord&) {}
  virtual void on_kernel_completed(const DispatchView&, KernelId) {}
  // The dispatcher reconsiders every CU when a kernel arrives and, unless the policy says its
  // choices do not change then (rescans()), when a kernel has issued its last work-group and
  // when a kernel finishes (a finished kernel has issued everything, and its work-groups' ends
  // marked their CUs already). A policy whose choice changes at other moments (a new
  // prediction) asks for it here.
  virtual bool take_rescan_request() { return false; }
  struct Rescans {
    bool when_fully_issued = true;
    bool when_completed = true;
  };
  virtual Rescans rescans() const { return {}; }
  // A policy that leaves CUs idle until a moment (an oracle waiting for a kernel it knows is
  // coming) names that moment here after a pass; the dispatcher reconsiders every CU then.
  virtual Tick wake_at() const { return kNever; }

  // Oracle policies are told every dispatch of the run before it starts, sorted by arrival.
  virtual void on_known_dispatches(std::vector<KnownDispatch>) {}
};

}  // namespace aqlsim
