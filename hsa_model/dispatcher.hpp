#pragma once
// The work-group dispatcher: holds the kernels launched by the packet processor, asks the
// thread-block scheduler which kernel goes next on each CU, places work-groups on CUs and
// finishes them. Placement happens in passes at the end of a tick, one work-group per CU per
// round, so work-groups that start together see the same CU load.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "hsa_model/compute_unit.hpp"
#include "hsa_model/device_spec.hpp"
#include "hsa_model/engine.hpp"
#include "hsa_model/kernel_state.hpp"
#include "hsa_model/observer.hpp"
#include "hsa_model/preemption.hpp"
#include "hsa_model/thread_block_scheduler.hpp"
#include "hsa_model/workgroup_timer.hpp"

namespace aqlsim {

// Everything the dispatcher needs to run a kernel, decoded from its dispatch packet.
struct KernelLaunch {
  std::uint32_t profile = 0;
  QueueId queue = 0;
  std::uint64_t packet_index = 0;
  std::uint64_t stream_key = 0;
  Tick isolated_runtime = 0;
  hsa_signal_t completion_signal{0};
  WorkgroupDemand demand;
  Occupancy occupancy;
  DurationParams duration;
  std::uint64_t workgroups = 0;
  Tick arrival = 0;
  std::uint32_t persistent_workers_per_cu = 0;  // 0: not a persistent-thread kernel
  std::vector<std::uint8_t> cu_mask;            // the queue's CU mask; empty: every CU
};

// What a host-side kernel scheduler hears from the dispatcher (KernelControl listens).
class KernelEvents {
 public:
  virtual void on_arrival(KernelId kernel) = 0;     // launched into the dispatcher, held
  virtual void on_idle(KernelId kernel) = 0;        // held, unfinished, nothing on the device
  virtual void on_completed(KernelId kernel) = 0;   // its last work-group finished
  virtual void on_all_issued(KernelId kernel) = 0;  // its last work-group started

 protected:
  ~KernelEvents() = default;
};

class Dispatcher {
 public:
  Dispatcher(Engine& engine, const DeviceSpec& device, ThreadBlockScheduler& scheduler,
             const Observers& observers, std::uint64_t seed);
  Dispatcher(const Dispatcher&) = delete;
  Dispatcher& operator=(const Dispatcher&) = delete;

  bool has_capacity() const { return active_.size() < max_kernels_; }
  // Room for this many kernels in all, when known before the run (a scripted host): growing the
  // kernel table instead holds its old and new copies at once, near the end of a long run.
  void reserve(std::size_t kernels) { kernels_.reserve(kernels); }
  KernelId launch(const KernelLaunch& launch);
  // From now on kernels arrive held and `events` decides when they run.
  void set_kernel_events(KernelEvents* events) { kernel_events_ = events; }

  // The levers of a kernel scheduler, effective at once (KernelControl adds the latencies).
  // Issue nothing more; work-groups on the device carry on. Once none is left the eviction is
  // complete: the kernel events hear on_idle, once per hold, and observers on_kernel_evicted if
  // the kernel had been released since (a kernel held before its launch landed left nothing).
  void hold(KernelId kernel);
  void release(KernelId kernel);  // may issue again
  // Stops every running work-group of `kernel` now (context-save or kill) and returns its work.
  void stop_workgroups(KernelId kernel, PreemptionMechanism mechanism);
  void set_cu_mask(KernelId kernel, std::vector<std::uint8_t> mask);
  void set_max_per_cu(KernelId kernel, std::uint32_t workgroups);

  void set_completion_listener(std::function<void(const KernelState&)> listener) {
    on_kernel_completed_ = std::move(listener);
  }

  std::span<const KernelState> kernels() const { return kernels_; }
  std::span<const KernelId> active() const { return active_; }
  bool has_unfinished() const { return !active_.empty() || !held_.empty(); }
  const std::vector<ComputeUnit>& compute_units() const { return cus_; }
  std::uint64_t workgroups_finished() const { return workgroups_finished_; }
  // What the thread-block policy sees: built once (it refers to the dispatcher's members).
  const DispatchView& view() const { return view_; }

 private:
  void run_pass(std::uint64_t);
  void place_round_robin();
  void sweep_from_cu0();
  // The policy's choice for `cu`, or kNoKernel.
  KernelId pick(CuIndex cu);
  void wake(std::uint64_t);
  // The next event of the run in work-group slot `slot`, whatever its phase: its end, or the end
  // of its context's transfer. Every lane event of the dispatcher's comes here.
  void workgroup_event(std::uint64_t slot);
  void finish_workgroup(std::uint32_t slot);
  void context_saved(std::uint32_t slot);
  void context_restored(std::uint32_t slot);
  void start_timer(std::uint32_t slot);
  void evict_workgroup(std::uint32_t slot, PreemptionMechanism mechanism);
  void free_workgroup(std::uint32_t slot);
  void return_work(KernelState& kernel, const ReturnedWork& work);
  Tick context_transfer_time(const WorkgroupDemand& demand) const;
  Tick transfer_context(CuIndex cu, KernelState& kernel);
  void give_back_transfers();
  // A held kernel with work left and nothing on the device has been taken off it: reported once.
  void check_idle(KernelState& k) {
    if (kernel_events_ && k.held && !k.off_device && k.running() == 0 && !k.finished())
      report_idle(k);
  }
  void report_idle(KernelState& kernel);
  void place_workgroup(KernelId kernel, CuIndex cu);
  [[noreturn]] void throw_misfit(KernelId kernel, CuIndex cu, std::string_view why) const;
  void start_placed_workgroups();
  void complete_kernel(KernelState& kernel);
  void request_pass();
  void mark_candidate(CuIndex cu);
  void mark_all_candidates();
  void issuing_may_have_changed();
  void update_smallest_pending();
  bool can_take_work(CuIndex cu) const;
  std::uint32_t take_lane(CuIndex cu);

  Engine* engine_;
  ThreadBlockScheduler* scheduler_;
  const Observers* observers_;
  std::uint64_t seed_;
  std::size_t max_kernels_;
  bool cu0_first_;
  bool rotate_;
  // Under `rotate`, where marking every CU starts: after the last CU a pass placed on.
  CuIndex rotate_from_ = 0;
  std::uint32_t wave_size_;
  Tick now_ = 0;  // mirrors engine time for the policy view

  std::vector<KernelState> kernels_;  // every kernel ever launched, by id
  std::vector<KernelId> active_;      // unfinished kernels not held, oldest launch first
  std::vector<KernelId> held_;        // unfinished kernels a kernel scheduler holds
  KernelEvents* kernel_events_ = nullptr;
  PreemptionSpec preemption_;
  std::vector<Tick> context_channel_free_;  // per CU: when its context transfers are done
  // A restore withdrawn by an eviction, while stop_workgroups runs.
  struct WithdrawnRestore {
    Tick end;       // when its transfer would have ended
    Tick transfer;  // how long the transfer takes
    CuIndex cu;
  };
  std::vector<WithdrawnRestore> withdrawn_restores_;
  std::vector<std::uint32_t> slots_to_stop_;  // stop_workgroups' running work-groups
  std::vector<ComputeUnit> cus_;
  std::vector<std::uint64_t> busy_lanes_;  // per CU, bit i set when lane i is in use

  std::vector<WorkgroupRecord> workgroups_;  // running work-groups; slots are reused
  std::vector<std::uint32_t> free_slots_;
  std::vector<std::uint32_t> placed_;  // slots placed in the current pass

  std::vector<CuIndex> candidates_;  // CUs where something might be placed
  std::vector<CuIndex> next_round_;
  std::vector<char> is_candidate_;
  bool pass_pending_ = false;
  Tick wake_pending_ = kNever;  // the earliest wake-up the scheduler asked for
  // Component-wise minimum over the work-groups still to issue: a CU whose free resources
  // cannot hold even this cannot take any work-group, whatever the policy would pick.
  std::optional<WorkgroupDemand> smallest_pending_;
  std::uint64_t issuing_changes_ = 0;  // DispatchView::issuing_changes, counted there too
  std::uint64_t workgroups_finished_ = 0;
  DispatchView view_{kernels_, active_, cus_, now_, *observers_, issuing_changes_};

  MemberHandler<Dispatcher, &Dispatcher::run_pass> pass_event_{this};
  MemberHandler<Dispatcher, &Dispatcher::wake> wake_event_{this};
  MemberHandler<Dispatcher, &Dispatcher::workgroup_event> workgroup_event_{this};
  std::unique_ptr<WorkgroupTimer> timer_;  // calls workgroup_event_ when a work-group ends
  std::function<void(const KernelState&)> on_kernel_completed_;
};

}  // namespace aqlsim
