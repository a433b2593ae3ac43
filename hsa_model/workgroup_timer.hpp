#pragma once
// When running work-groups end (README: The model). The dispatcher reports every change of a CU's
// load; the timer calls the dispatcher's end handler with the work-group's slot as the payload
// when it ends. A work-group can be withdrawn before its end (eviction).
#include <cstdint>
#include <memory>
#include <vector>

#include "hsa_model/compute_unit.hpp"
#include "hsa_model/engine.hpp"
#include "hsa_model/kernel_state.hpp"

namespace aqlsim {

class WorkgroupTimer {
 public:
  virtual ~WorkgroupTimer() = default;

  // The load of `cu` is about to change at the current tick.
  virtual void before_load_change(CuIndex cu) = 0;
  // Work-group `slot` starts now, to do wg.fraction of its work; `mean` is its kernel's mean
  // duration at the load of its CU once this tick's placements are done, `spread` its
  // log-normal factor. Sets wg.work.
  virtual void start(std::uint32_t slot, WorkgroupRecord& wg, const KernelState& kernel,
                     double mean, double spread) = 0;
  // Stops work-group `slot` now, before its end: its end event will not fire. Returns the share
  // of its whole work still to do.
  virtual double withdraw(std::uint32_t slot, const WorkgroupRecord& wg) = 0;
  // Every load change of the current tick has been reported.
  virtual void settle() = 0;
};

// The at-dispatch model: the duration is drawn at the start from the load then. Each end event
// goes to the lane of its CU (Engine::set_lanes, one lane per CU, made by the dispatcher).
class AtDispatchTimer final : public WorkgroupTimer {
 public:
  AtDispatchTimer(Engine& engine, EventHandler& workgroup_event)
      : engine_(&engine), workgroup_event_(&workgroup_event) {}

  void before_load_change(CuIndex) override {}
  void start(std::uint32_t slot, WorkgroupRecord& wg, const KernelState& kernel, double mean,
             double spread) override {
    Tick duration = kernel.sampler.duration(mean, spread);
    if (wg.fraction < 1.0) duration = fraction_of(duration, wg.fraction);
    wg.work = static_cast<double>(duration);
    wg.end = engine_->now() + duration;
    engine_->schedule_in_lane(wg.cu, wg.end, *workgroup_event_, slot);
  }
  // The end event is withdrawn from the CU's lane.
  double withdraw(std::uint32_t slot, const WorkgroupRecord& wg) override;
  void settle() override {}

 private:
  static Tick fraction_of(Tick duration, double fraction);
  Engine* engine_;
  EventHandler* workgroup_event_;
};

// The timer that `cus.front().spec().timing` asks for.
std::unique_ptr<WorkgroupTimer> make_workgroup_timer(Engine& engine, EventHandler& workgroup_event,
                                                     const std::vector<ComputeUnit>& cus,
                                                     const std::vector<KernelState>& kernels);

}  // namespace aqlsim
