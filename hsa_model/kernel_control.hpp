#pragma once
// The mechanism a host-side kernel scheduler acts through. Each lever pays the latency of the
// host-device transfer that carries it (Lopez-Albelda et al. figure 2):
//  - launch: the launch command (State = Running), then the kernel's work-groups may issue;
//  - evict: the eviction command, then the device's preemption mechanism (drain,
//    context-save or kill); once nothing of the kernel is left on the device, the host reads
//    its task counter (pending-work read) and the scheduler hears on_evicted;
//  - a kernel that finishes is reported after the same pending-work read.
// A kernel whose last work-group started is reported after the same read (Bashizade et al.'s
// application thread notices it by polling the kernel's progress).
// The scheduler's single timer (quanta, epochs) lives here, in the engine, not in the policy.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "hsa_model/dispatcher.hpp"
#include "hsa_model/engine.hpp"
#include "hsa_model/kernel_scheduler.hpp"

namespace aqlsim {

class KernelControl final : public KernelEvents {
 public:
  KernelControl(Engine& engine, Dispatcher& dispatcher, const PreemptionSpec& preemption,
                KernelScheduler& scheduler);
  KernelControl(const KernelControl&) = delete;
  KernelControl& operator=(const KernelControl&) = delete;

  Tick now() const { return engine_->now(); }
  const KernelState& kernel(KernelId id) const { return dispatcher_->kernels()[id]; }
  std::uint32_t cu_count() const {
    return static_cast<std::uint32_t>(dispatcher_->compute_units().size());
  }
  const ComputeUnitSpec& cu_spec() const { return dispatcher_->compute_units().front().spec(); }

  // Lets `kernel` issue work-groups once the launch command lands; returns that time. An
  // eviction of it that has not stopped it yet is given up (no report comes; a report already
  // on its way, the kernel having stopped, still comes).
  Tick launch(KernelId kernel);
  // Takes `kernel` off the device with the device's preemption mechanism.
  void evict(KernelId kernel);
  // Calls the scheduler's on_timer at `at` (not before now); replaces any earlier timer.
  void set_timer(Tick at);
  void cancel_timer() { engine_->cancel_in_lane(timer_lane_, timer_event_, 0); }
  // Spatial controls, effective at once: the CUs `kernel` may use (empty: all; always within
  // its queue's CU mask, KernelState::within_queue_mask) and how many of its work-groups
  // (persistent workers) each CU may hold.
  void set_cu_mask(KernelId kernel, std::vector<std::uint8_t> mask);
  void set_workers_per_cu(KernelId kernel, std::uint32_t workers);
  // The same through the transfers: fewer workers (the extra ones stop between tasks, as
  // drain does) once the eviction command lands, more (a new instance of the kernel) once the
  // launch command lands.
  void resize(KernelId kernel, std::uint32_t workers);
  // The workers per CU the latest command asked for, landed or not.
  std::uint32_t workers_per_cu(KernelId kernel) const;
  // Moves `kernel` to the CUs of `mask` (empty: all) once the eviction command lands (it gives
  // CUs up: its workers elsewhere stop between tasks, as in Wu et al.'s retreating) or the
  // launch command (it only gains CUs). Of moves in flight only the latest lands.
  void move_to(KernelId kernel, std::vector<std::uint8_t> mask);

  // KernelEvents, from the dispatcher.
  void on_arrival(KernelId kernel) override;
  void on_idle(KernelId kernel) override;
  void on_completed(KernelId kernel) override;
  void on_all_issued(KernelId kernel) override;

  // A kernel evicted this many times in a row without progress in between (no work-group
  // finished, none advanced under context-save) never ends (kill with time slices shorter than
  // its work-groups; context-save with slices shorter than a restore): the run is stopped.
  static constexpr std::uint32_t kFruitlessEvictions = 1000;

  // The kernel whose evictions stopped the run, if any.
  std::optional<KernelId> livelocked() const { return livelocked_; }

 private:
  struct Wanted {
    bool running = false;                  // the last command was a launch
    bool evicting = false;                 // an eviction is under way and not yet reported
    std::uint64_t progress_at_launch = 0;  // KernelState::progress
    std::uint32_t fruitless = 0;           // evictions in a row without progress
    // The latest launch, which alone may land: a kernel evicted before its launch landed and
    // launched again must not be released by the first launch's arrival.
    std::uint32_t launches = 0;
    // The latest resize and move, which alone may land: a shrink waits for the eviction
    // command, a grow for the launch command, so an earlier request can arrive after a later
    // one.
    std::uint32_t resizes = 0;
    std::uint32_t moves = 0;
    std::uint32_t resized_to = 0;
    bool resizing = false;
  };
  static constexpr std::uint64_t kCompletedFlag = std::uint64_t{1} << 63;

  void launch_lands(std::uint64_t payload);
  void eviction_lands(std::uint64_t kernel);
  void stop_workgroups(std::uint64_t kernel);  // kill or context-save, after eviction_lands
  void report(std::uint64_t payload);
  void timer_fires(std::uint64_t);
  void resize_lands(std::uint64_t payload);
  void move_lands(std::uint64_t payload);
  void all_issued_reported(std::uint64_t kernel);
  Wanted& wanted(KernelId kernel);

  Engine* engine_;
  Dispatcher* dispatcher_;
  PreemptionSpec preemption_;
  KernelScheduler* scheduler_;
  std::vector<Wanted> wanted_;  // by KernelId
  // The timer's event is withdrawn when cancelled or replaced (a lane of its own): one left
  // queued would keep the run going to its time, past the end of the work.
  std::uint32_t timer_lane_;
  std::optional<KernelId> livelocked_;

  MemberHandler<KernelControl, &KernelControl::launch_lands> launch_event_{this};
  MemberHandler<KernelControl, &KernelControl::eviction_lands> eviction_event_{this};
  MemberHandler<KernelControl, &KernelControl::stop_workgroups> stop_event_{this};
  MemberHandler<KernelControl, &KernelControl::report> report_event_{this};
  MemberHandler<KernelControl, &KernelControl::timer_fires> timer_event_{this};
  MemberHandler<KernelControl, &KernelControl::resize_lands> resize_event_{this};
  MemberHandler<KernelControl, &KernelControl::move_lands> move_event_{this};
  MemberHandler<KernelControl, &KernelControl::all_issued_reported> all_issued_event_{this};
  std::vector<std::vector<std::uint8_t>> pending_masks_;  // by KernelId: the latest move_to
};

}  // namespace aqlsim
