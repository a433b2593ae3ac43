#pragma once
// The invariants the model must never break, checked from its observer events against what the
// checker itself counted, not the model's own counters (a bug in those would hide itself): no
// CU over its totals (waves, registers, LDS, work-groups, summed here), no work-group on a CU its
// queue's CU mask bars (the mask read from the queue as its packet retires) or its kernel's
// narrower mask bars, over its workers per CU, of a held kernel, outside its grid, before its
// kernel's launch, on the device twice or after finishing; time never runs back; each queue's
// packets retire once, in order; a kernel completes only when each of its work-groups has
// finished exactly once; and after a completed run every launched kernel has completed and
// nothing is on the device. A broken invariant is reported through `fail`: GoogleTest's
// failure in the tests (tests/support/invariant_checker.hpp), an abort under the fuzzers
// (fuzz/invariants.hpp).
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "hsa_model/gpu.hpp"

namespace aqlsim::testing {

class ModelInvariants : public ModelObserver {
 public:
  using Fail = void (*)(const std::string& what);
  explicit ModelInvariants(Fail fail) : fail_(fail) {}

  void on_packet_retired(const UserQueue& queue, std::uint64_t index, const PacketHeader&,
                         Tick now) override {
    at(now);
    std::uint64_t& next = grow(next_index_, queue.id());
    require(index == next, [&] {
      return "queue " + queue.name() + " retired packet " + std::to_string(index) +
             " where packet " + std::to_string(next) + " was next";
    });
    next = index + 1;
    // A dispatch launches right after its packet retires, with the queue's mask of that moment.
    grow(retired_mask_, queue.id()) = queue.cu_mask();
  }
  void on_kernel_launched(const KernelState& kernel, Tick now) override {
    at(now);
    KernelCount& count = grow(kernels_, kernel.id);
    require(!count.launched, [&] { return "kernel " + id(kernel) + " launched twice"; });
    count.launched = true;
    count.total = kernel.total_workgroups;
    count.launch = now;
    count.queue_mask = grow(retired_mask_, kernel.queue);
    require(kernel.queue_mask == count.queue_mask, [&] {
      return "kernel " + id(kernel) + " launched with another CU mask than its queue's";
    });
    ++launched_;
  }
  void on_workgroup_started(const KernelState& kernel, const WorkgroupRecord& wg,
                            const ComputeUnit& cu) override {
    at(wg.start);
    KernelCount& count = counted(kernel);
    const auto which = [&] {
      return "work-group " + std::to_string(wg.index) + " of kernel " + id(kernel);
    };
    require(wg.index < count.total, [&] { return which() + " is outside its grid"; });
    require(wg.start >= count.launch,
            [&] { return which() + " started before its kernel's launch"; });
    require(count.queue_mask.empty() || count.queue_mask.at(wg.cu) != 0, [&] {
      return which() + " was placed on CU " + std::to_string(wg.cu) +
             ", which its queue's mask bars";
    });
    require(kernel.cu_mask.empty() || kernel.cu_mask.at(wg.cu) != 0, [&] {
      return which() + " was placed on CU " + std::to_string(wg.cu) + " outside its kernel's mask";
    });
    require(kernel.resident_per_cu.at(wg.cu) <= kernel.max_per_cu, [&] {
      return which() + ": more work-groups on CU " + std::to_string(wg.cu) + " than its workers";
    });
    require(!kernel.held, [&] { return which() + " started while its kernel was held"; });
    require(cu.within_limits(), [&] { return "CU " + std::to_string(wg.cu) + " is over a limit"; });
    std::uint8_t& state = state_of(count, wg.index);
    require(state != kFinished, [&] { return which() + " started after finishing"; });
    require(state != kOnDevice, [&] { return which() + " started twice at once"; });
    state = kOnDevice;
    ++count.on_device;
    ++runs_;
    CuLoad& load = grow(cu_loads_, wg.cu);
    load.add(kernel.demand, +1);
    const ComputeUnitSpec& spec = cu.spec();
    require(load.workgroups <= spec.max_workgroups &&
                load.waves <= std::int64_t{spec.simds} * spec.waves_per_simd &&
                load.vgprs <= std::int64_t{spec.simds} * spec.vgprs_per_simd &&
                load.lds <= spec.lds_bytes,
            [&] {
              return "CU " + std::to_string(wg.cu) + " holds more than its totals (counted here)";
            });
  }
  void on_workgroup_evicted(const KernelState& kernel, const WorkgroupRecord& wg,
                            double left) override {
    at(wg.end);
    leave(kernel, wg, "evicted");
    state_of(counted(kernel), wg.index) = kIdle;
    require(left >= 0.0 && left <= 1.0,
            [&] { return "an evicted work-group has a share left outside [0, 1]"; });
    ++evictions_;
  }
  void on_workgroup_finished(const KernelState& kernel, const WorkgroupRecord& wg) override {
    at(wg.end);
    leave(kernel, wg, "finished");
    KernelCount& count = counted(kernel);
    state_of(count, wg.index) = kFinished;
    ++count.finished;
    ++finished_;
    require(wg.start <= wg.end, [&] { return "a work-group ended before it started"; });
  }
  void on_kernel_completed(const KernelState& kernel, Tick now) override {
    at(now);
    KernelCount& count = counted(kernel);
    require(!count.completed, [&] { return "kernel " + id(kernel) + " completed twice"; });
    require(count.finished == count.total && count.on_device == 0, [&] {
      return "kernel " + id(kernel) + " completed with " + std::to_string(count.finished) +
             " of its " + std::to_string(count.total) + " work-groups finished and " +
             std::to_string(count.on_device) + " on the device";
    });
    count.completed = true;
    ++completed_;
  }

  // After a run that reported `completed`: every launched kernel completed (each with all of its
  // work-groups, checked then), nothing is on the device, and every run of a work-group ended
  // once, by finishing or by eviction.
  void check_completed() const {
    require(completed_ == launched_, [&] {
      return std::to_string(launched_ - completed_) +
             " launched kernels never completed in a completed run";
    });
    for (const CuLoad& load : cu_loads_)
      require(load.workgroups == 0, [&] { return "a completed run left work-groups on a CU"; });
    require(runs_ == finished_ + evictions_, [&] {
      return "work-group runs that neither finished nor were evicted in a completed run";
    });
  }

  std::uint64_t evictions() const { return evictions_; }
  std::uint64_t finished() const { return finished_; }
  bool nothing_on_device() const { return runs_ == finished_ + evictions_; }

 private:
  static constexpr std::uint8_t kIdle = 0;
  static constexpr std::uint8_t kOnDevice = 1;
  static constexpr std::uint8_t kFinished = 2;
  // Grids up to this size are followed work-group by work-group, larger ones counted only (a
  // hostile packet's grid may hold 2^64; the fuzzed runs end long before that many start).
  static constexpr std::uint64_t kFollowedGrid = 1 << 16;

  struct KernelCount {
    bool launched = false;
    bool completed = false;
    std::uint64_t total = 0;
    std::uint64_t finished = 0;
    std::uint64_t on_device = 0;
    Tick launch = 0;
    std::vector<std::uint8_t> queue_mask;
    std::vector<std::uint8_t> states;  // by grid index, while followed
  };
  // What the started, not yet finished or evicted, work-groups of a CU hold.
  struct CuLoad {
    std::int64_t workgroups = 0;
    std::int64_t waves = 0;
    std::int64_t vgprs = 0;
    std::int64_t lds = 0;
    void add(const WorkgroupDemand& d, int sign) {
      workgroups += sign;
      waves += sign * std::int64_t{d.waves};
      vgprs += sign * std::int64_t{d.waves} * d.vgprs_per_wave;
      lds += sign * std::int64_t{d.lds_bytes};
    }
  };

  template <class T>
  static T& grow(std::vector<T>& v, std::size_t i) {
    if (v.size() <= i) v.resize(i + 1);
    return v[i];
  }
  static std::string id(const KernelState& kernel) { return std::to_string(kernel.id); }
  // The message is made only for a broken invariant: made for every event, it cost the
  // fuzzers half their speed.
  template <class Message>
  void require(bool holds, Message&& what) const {
    if (!holds) [[unlikely]]
      fail_(what());
  }
  void at(Tick now) {
    require(now >= now_, [&] {
      return "time ran back from " + std::to_string(now_) + " to " + std::to_string(now) + " ps";
    });
    now_ = std::max(now_, now);
  }
  KernelCount& counted(const KernelState& kernel) {
    KernelCount& count = grow(kernels_, kernel.id);
    require(count.launched, [&] { return "kernel " + id(kernel) + " was never launched"; });
    return count;
  }
  std::uint8_t& state_of(KernelCount& count, std::uint64_t index) {
    static std::uint8_t unfollowed = kIdle;
    if (count.total > kFollowedGrid || index >= count.total) return unfollowed = kIdle;
    if (count.states.empty()) count.states.assign(count.total, kIdle);
    return count.states[index];
  }
  void leave(const KernelState& kernel, const WorkgroupRecord& wg, const char* how) {
    KernelCount& count = counted(kernel);
    require(state_of(count, wg.index) == kOnDevice || count.total > kFollowedGrid, [&] {
      return "work-group " + std::to_string(wg.index) + " of kernel " + id(kernel) + " " + how +
             " while not running";
    });
    require(count.on_device > 0, [&] {
      return "kernel " + id(kernel) + " " + how + " a work-group with none on the device";
    });
    count.on_device -= count.on_device > 0 ? 1 : 0;
    grow(cu_loads_, wg.cu).add(kernel.demand, -1);
  }

  Fail fail_;
  Tick now_ = 0;
  std::vector<std::uint64_t> next_index_;                // by queue
  std::vector<std::vector<std::uint8_t>> retired_mask_;  // by queue: its mask at its last retire
  std::vector<KernelCount> kernels_;                     // by kernel id
  std::vector<CuLoad> cu_loads_;                         // by CU
  std::uint64_t launched_ = 0;
  std::uint64_t completed_ = 0;
  std::uint64_t runs_ = 0;
  std::uint64_t finished_ = 0;
  std::uint64_t evictions_ = 0;
};

}  // namespace aqlsim::testing
