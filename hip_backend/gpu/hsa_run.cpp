#include "hip_backend/gpu/hsa_run.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

#include "hip_backend/gpu/hsa_memory.hpp"
#include "hip_backend/gpu/hsa_packets.hpp"
#include "hip_backend/gpu/start_gate.hpp"

namespace aqlsim::hip {
namespace {

using Clock = std::chrono::steady_clock;

Tick ticks_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(to - from).count() * kNanosecond;
}

// sleep_until wakes tens of microseconds late, so the last stretch is spun; the sleep is cut
// into slices so that a failed run's writers notice `stop`. False when stopped.
bool wait_until(Clock::time_point when, const std::atomic<bool>& stop) {
  constexpr auto kSpin = std::chrono::microseconds(200);
  constexpr auto kSlice = std::chrono::milliseconds(10);
  for (auto now = Clock::now(); when - now > kSpin && !stop.load(); now = Clock::now())
    std::this_thread::sleep_until(std::min(now + kSlice, when - kSpin));
  while (Clock::now() < when && !stop.load()) {
  }
  return !stop.load();
}

void wait_for_zero(hsa_signal_t signal) {
  while (hsa_signal_wait_scacquire(signal, HSA_SIGNAL_CONDITION_EQ, 0, UINT64_MAX,
                                   HSA_WAIT_STATE_ACTIVE) != 0) {
  }
}

// A one-work-group, zero-duration spin dispatch on a queue of its own: the device clock at its
// start, bracketed by host times.
class ClockProbe {
 public:
  explicit ClockProbe(const HsaDevice& device)
      : device_(device),
        queue_(*device.gpu, device.gpu->queue_min_size, HSA_AMD_QUEUE_PRIORITY_NORMAL, {}),
        done_(1) {
    PlannedDispatch probe;
    probe.name = probe.kernel = "clock probe";
    probe.workgroups = 1;
    probe.workgroup_size = 64;
    probe.vgpr_bucket = kVgprBuckets[0];
    probe.durations = {0};
    memory_ = prepare_dispatch(device, probe, device.gpu->compute_units);
    packet_ = dispatch_packet(probe, memory_.workgroups, memory_.kernel, memory_.kernarg->data(),
                              done_.handle(), false, "clock probe");
  }

  ClockSample read(Clock::time_point origin) {
    hsa_signal_store_relaxed(done_.handle(), 1);
    const auto before = Clock::now();
    queue_.submit(packet_);
    wait_for_zero(done_.handle());
    const auto after = Clock::now();
    return {.host_before = ticks_between(origin, before),
            .host_after = ticks_between(origin, after),
            .device = read_records(device_, memory_).front().start};
  }

 private:
  const HsaDevice& device_;
  hsa::Queue queue_;
  hsa::Signal done_;
  DispatchMemory memory_;
  AqlPacket packet_;
};

// One plan on the device, from preparation to the assembled measurements.
class PlanRun {
 public:
  PlanRun(const HsaDevice& device, const LaunchPlan& plan, Tick eviction_period)
      : device_(device),
        plan_(plan),
        period_(eviction_period),
        probe_(device),
        gate_(1),
        start_(plan.queues.size(), StartGate::Wait::sleep) {
    for (std::size_t i = 0; i < plan.ops.size(); ++i) {
      signals_.push_back(std::make_unique<hsa::Signal>(1));
      handles_.push_back(signals_.back()->handle());
    }
    dispatch_op_.assign(plan.dispatches.size(), kNoDispatch);
    memory_.resize(plan.dispatches.size());
    relaunches_.assign(plan.dispatches.size(), 0);
    eviction_delays_.resize(plan.dispatches.size());
    packets_.resize(plan.ops.size());
    for (std::uint32_t q = 0; q < plan.queues.size(); ++q)
      make_queue(q);
  }

  HsaRun go() {
    // The run's origin is after the first reading, which is then shifted onto it, and after
    // every writer has put its queue's gate and packets due at plan time 0 in its ring: at
    // plan time 0 the host opens the gate and the packet processor finds them all there, as in
    // the model (rather than as hundreds of threads get to write them).
    const auto probed = Clock::now();
    ClockSample first = probe_.read(probed);
    const Tick deadline = completion_deadline();
    submitted_ = std::make_unique<std::atomic<bool>[]>(plan_.ops.size());
    submit_at_.assign(plan_.ops.size(), 0);
    std::vector<std::jthread> writers =
        start_behind(start_, plan_.queues.size(),
                     [this](std::size_t q) { write_queue(static_cast<std::uint32_t>(q)); });
    start_.wait_for_all();
    origin_ = Clock::now();
    hsa_signal_store_screlease(gate_.handle(), 0);
    start_.open();
    first.host_before -= ticks_between(probed, origin_);
    first.host_after -= ticks_between(probed, origin_);
    try {
      watch(deadline);
    } catch (...) {
      fail(std::current_exception());
    }
    writers.clear();  // joins
    if (failure_) std::rethrow_exception(failure_);
    const ClockSample last = probe_.read(origin_);
    HsaRun run;
    run.clock = fit_device_clock(first, last, device_.gpu->timestamp_hz);
    run.measured.op_completed = completed_;
    for (std::uint32_t d = 0; d < plan_.dispatches.size(); ++d)
      run.measured.dispatches.push_back(measure(d, run.clock));
    return run;
  }

 private:
  struct Eviction {
    std::uint32_t op = 0;
    bool pending = false;
    Tick requested = 0;
  };

  void make_queue(std::uint32_t q) {
    const auto& spec = plan_.queues[q];
    const auto mask = cu_mask_words(spec.cu_mask, plan_.source);
    const auto cus = enabled_cus(spec.cu_mask, device_.gpu->compute_units);
    std::vector<std::uint32_t> persistent_before;  // this queue's persistent ops so far
    std::uint64_t packets = 0;
    for (std::uint32_t index : spec.ops) {
      const auto& op = plan_.ops[index];
      auto& out = packets_[index];
      for (const auto& step : relaunch_waits(op, persistent_before, period_ > 0, plan_.source))
        out.push_back(barrier_step_packet(step, handles_, hsa_signal_t{0}, true));
      if (op.kind == PlanOpKind::dispatch) {
        const auto& dispatch = plan_.dispatches.at(op.dispatch);
        auto& m = memory_[op.dispatch] = prepare_dispatch(device_, dispatch, cus);
        dispatch_op_[op.dispatch] = index;
        out.push_back(dispatch_packet(dispatch, m.workgroups, m.kernel, m.kernarg->data(),
                                      signals_[index]->handle(), op.barrier_bit, plan_.source));
        if (dispatch.persistent_workers_per_cu > 0) {
          persistent_before.push_back(index);
          evictions_.push_back({.op = index, .pending = false, .requested = 0});
        }
      } else {
        for (const auto& step : lower_barrier(op, plan_.source))
          out.push_back(
              barrier_step_packet(step, handles_, signals_[index]->handle(), op.barrier_bit));
      }
      packets += out.size();
    }
    // One more slot: the gate (write_queue).
    const auto size =
        ring_size(packets + 1, device_.gpu->queue_min_size, device_.gpu->queue_max_size);
    ring_sizes_.push_back(size);
    const auto priority = queue_priority(spec.priority);
    queues_.push_back(std::make_unique<hsa::Queue>(*device_.gpu, size, priority, mask));
    companions_.push_back(period_ > 0 && !persistent_before.empty()
                              ? std::make_unique<hsa::Queue>(
                                    *device_.gpu, device_.gpu->queue_min_size, priority, mask)
                              : nullptr);
  }

  Tick completion_deadline() const {
    Tick bound = 60 * kSecond;
    for (const auto& op : plan_.ops)
      bound = std::max(bound, 60 * kSecond + op.submit_at);
    for (const auto& dispatch : plan_.dispatches)
      for (Tick t : dispatch.durations)
        bound = std::min(kMaxSimTime, bound + t);
    return bound;
  }

  // Before plan time 0: the gate (a barrier-AND on gate_, which the host clears at plan time
  // 0), then the packets due at 0 while the ring holds them (a writer waiting for room behind
  // the closed gate would wait forever). From plan time 0: the rest, each at its time.
  void write_queue(std::uint32_t q) {
    const std::vector<std::uint32_t>& ops = plan_.queues[q].ops;
    std::size_t next = 0;
    try {
      const hsa_signal_t gate = gate_.handle();
      queues_[q]->submit(make_barrier_packet(false, {&gate, 1}, hsa_signal_t{0}, false));
      std::uint64_t written = 1;
      for (; next < ops.size() && plan_.ops[ops[next]].submit_at <= 0 &&
             written + packets_[ops[next]].size() <= ring_sizes_[q];
           ++next) {
        write_op(q, ops[next], 0);
        written += packets_[ops[next]].size();
      }
    } catch (...) {
      fail(std::current_exception());
    }
    if (!start_.pass()) return;
    try {
      for (; next < ops.size(); ++next) {
        const std::uint32_t index = ops[next];
        const auto when =
            origin_ + std::chrono::nanoseconds(plan_.ops[index].submit_at / kNanosecond);
        if (!wait_until(when, stop_)) return;
        write_op(q, index, ticks_between(origin_, Clock::now()));
      }
    } catch (...) {
      fail(std::current_exception());
    }
  }

  void write_op(std::uint32_t q, std::uint32_t index, Tick at) {
    submit_at_[index] = at;
    for (const auto& packet : packets_[index])
      queues_[q]->submit(packet);
    submitted_[index].store(true, std::memory_order_release);
  }

  void fail(std::exception_ptr error) {
    const std::lock_guard lock(failure_mutex_);
    if (!failure_) failure_ = std::move(error);
    stop_.store(true);
  }

  // Polls every completion signal until all ops have completed, evicting persistent kernels
  // every period on the way.
  void watch(Tick deadline) {
    completed_.assign(plan_.ops.size(), kNever);
    std::size_t remaining = plan_.ops.size();
    Tick next_eviction = period_ > 0 ? period_ : kNever;
    while (remaining > 0 && !stop_.load()) {
      const Tick now = ticks_between(origin_, Clock::now());
      for (std::size_t op = 0; op < plan_.ops.size(); ++op)
        if (completed_[op] == kNever && hsa_signal_load_scacquire(signals_[op]->handle()) == 0) {
          completed_[op] = now;
          --remaining;
        }
      if (now >= next_eviction) {
        request_evictions(now);
        next_eviction += period_;
      }
      finish_evictions(now);
      check_queues();
      if (now > deadline)
        fail(std::make_exception_ptr(std::runtime_error(
            "the plan has not completed after " + std::to_string(to_us(deadline) / 1e6) +
            " s (a hung kernel or a dependency that is never satisfied)")));
    }
  }

  void check_queues() {
    for (const auto* all : {&queues_, &companions_})
      for (const auto& queue : *all)
        if (queue && queue->error() != HSA_STATUS_SUCCESS)
          throw hsa::Error("a packet on queue '" + plan_.queues[&queue - all->data()].name + "'",
                           queue->error());
  }

  // Raising the op's signal by one before setting the flag keeps it above zero while the
  // evicted launch's completion decrements it, so nothing waiting on the op starts early.
  void request_evictions(Tick now) {
    for (auto& e : evictions_) {
      const auto signal = signals_[e.op]->handle();
      if (e.pending || !submitted_[e.op].load(std::memory_order_acquire) ||
          hsa_signal_load_scacquire(signal) == 0)
        continue;
      hsa_signal_add_screlease(signal, 1);
      shared_word(*memory_[plan_.ops[e.op].dispatch].evict).store(1, std::memory_order_release);
      e.pending = true;
      e.requested = now;
    }
  }

  // An evicted launch has left when the signal is back below 2; relaunch on the companion
  // queue (the counter carries on) unless the last tasks were taken meanwhile.
  void finish_evictions(Tick now) {
    for (auto& e : evictions_) {
      const auto signal = signals_[e.op]->handle();
      if (!e.pending || hsa_signal_load_scacquire(signal) >= 2) continue;
      e.pending = false;
      const auto& op = plan_.ops[e.op];
      auto& m = memory_[op.dispatch];
      eviction_delays_[op.dispatch].push_back(now - e.requested);
      std::uint32_t next = 0;
      from_device(device_, &next, *m.next_task, sizeof next);
      shared_word(*m.evict).store(0, std::memory_order_release);
      if (next >= m.tasks) {
        hsa_signal_subtract_screlease(signal, 1);
        continue;
      }
      auto relaunch = packets_[e.op].back().as<hsa_kernel_dispatch_packet_t>();
      auto header = decode_header(relaunch.header);
      header.barrier = false;  // the companion queue holds only relaunches
      relaunch.header = encode_header(header);
      companions_[op.queue]->submit(AqlPacket::from(relaunch));
      ++relaunches_[op.dispatch];
    }
  }

  MeasuredDispatch measure(std::uint32_t d, const DeviceClock& clock) const {
    MeasuredDispatch out;
    const auto op = dispatch_op_[d];
    if (op == kNoDispatch) return out;  // no op runs this dispatch (kNoDispatch: none)
    out.submit = submit_at_[op];
    out.launches = 1 + relaunches_[d];
    out.eviction_delays = eviction_delays_[d];
    out.start = kNever;
    for (const auto& r : read_records(device_, memory_[d])) {
      const MeasuredWorkgroup wg{.start = clock.to_host(r.start),
                                 .end = clock.to_host(r.end),
                                 .cu = static_cast<std::uint32_t>(r.cu)};
      out.start = std::min(out.start, wg.start);
      out.end = std::max(out.end, wg.end);
      out.workgroups.push_back(wg);
    }
    if (out.workgroups.empty()) out.start = 0;
    return out;
  }

  const HsaDevice& device_;
  const LaunchPlan& plan_;
  Tick period_;
  ClockProbe probe_;
  std::vector<std::unique_ptr<hsa::Signal>> signals_;  // per op
  std::vector<hsa_signal_t> handles_;                  // per op: signals_' handles
  std::vector<std::uint32_t> dispatch_op_;             // per dispatch: the op that runs it
  std::vector<DispatchMemory> memory_;                 // per dispatch
  std::vector<std::vector<AqlPacket>> packets_;        // per op
  std::vector<std::unique_ptr<hsa::Queue>> queues_;
  std::vector<std::uint32_t> ring_sizes_;                // per queue, in packets
  std::vector<std::unique_ptr<hsa::Queue>> companions_;  // relaunches; null without eviction
  std::vector<Eviction> evictions_;
  std::vector<std::uint32_t> relaunches_;           // per dispatch
  std::vector<std::vector<Tick>> eviction_delays_;  // per dispatch
  hsa::Signal gate_;  // 1 until plan time 0; every queue's first packet waits for 0
  // The writers, once their time-0 packets are written; go() opens it at plan time 0, with
  // origin_ set and gate_ cleared.
  StartGate start_;
  Clock::time_point origin_;
  std::unique_ptr<std::atomic<bool>[]> submitted_;  // per op, set by the queue's writer
  std::vector<Tick> submit_at_;                     // per op, written by the queue's writer
  std::vector<Tick> completed_;                     // per op
  std::atomic<bool> stop_{false};
  std::mutex failure_mutex_;
  std::exception_ptr failure_;
};

}  // namespace

HsaRun run_on_hsa(const HsaDevice& device, const LaunchPlan& plan, Tick eviction_period) {
  PlanRun run(device, plan, eviction_period);
  return run.go();
}

double measure_clock_hz(const HsaDevice& device, Tick apart) {
  ClockProbe probe(device);
  const auto origin = Clock::now();
  const ClockSample first = probe.read(origin);
  std::this_thread::sleep_for(std::chrono::nanoseconds(apart / kNanosecond));
  const ClockSample last = probe.read(origin);
  return fit_device_clock(first, last, 0).hz();
}

}  // namespace aqlsim::hip
