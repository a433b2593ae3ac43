// The HIP and CUDA executors: one runtime stream per plan queue (compiled once per runtime, see
// gpu_runtime.hpp). One host thread feeds every stream, in the order of issue_order.hpp; a plan
// for which the host must poll (a barrier-OR, a persistent kernel evicted every period) is fed
// by one host thread per queue instead.
//
// How AQL maps onto streams:
// - dispatch: a launch of the bucket's spin kernel, then an event recorded after it;
// - barrier-AND: the stream waits on each dependency's event (hipStreamWaitEvent);
// - barrier-OR: neither runtime has one, so the queue's host thread polls the dependencies'
//   events and lets the queue go on when one has completed;
// - the barrier bit: a stream already serialises its work (AMD's HIP sets the barrier bit on
//   every packet it writes), so packets of one queue never overlap on this path, barrier bit or
//   not: the in-queue overlap the model allows is lost here (README: hip backend).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <type_traits>

#include "hip_backend/gpu/device_clock.hpp"
#include "hip_backend/gpu/gpu_runtime.hpp"
#include "hip_backend/gpu/issue_board.hpp"
#include "hip_backend/gpu/issue_order.hpp"
#include "hip_backend/gpu/start_gate.hpp"
#include "hip_backend/gpu/stream_mapping.hpp"
#include "hip_backend/gpu/stream_resources.hpp"
#include "hip_backend/gpu/stream_results.hpp"
#include "hip_backend/kernels/spin_args.h"
#include "hip_backend/median.hpp"
#include "hip_backend/plan_deadlock.hpp"

namespace aqlsim::hip::AQLSIM_GPU_NS {
namespace {

using HostClock = std::chrono::steady_clock;
constexpr auto kPollInterval = std::chrono::microseconds(20);
// The most ops issued behind the gate (issue_in_order): a runtime's queue of pending work is
// finite, and a launch that waits for room behind a closed gate would wait forever.
constexpr std::size_t kGatedOps = 1024;

Tick ticks_between(HostClock::time_point from, HostClock::time_point to) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(to - from).count() * kNanosecond;
}

Tick ticks_since(HostClock::time_point origin) {
  return ticks_between(origin, HostClock::now());
}

HostClock::time_point host_time(HostClock::time_point origin, Tick at) {
  return origin + std::chrono::nanoseconds(at / kNanosecond);
}

// Sleeps until shortly before `t`, then spins: a sleep alone wakes up to the kernel's timer
// slack (50 us by default) late.
void wait_until(HostClock::time_point t) {
  constexpr auto kSpin = std::chrono::microseconds(200);
  if (HostClock::now() + kSpin < t) std::this_thread::sleep_until(t - kSpin);
  while (HostClock::now() < t)
    std::this_thread::yield();
}

// One dispatch's device memory and what its queue's thread measured on the host.
struct DispatchState {
  DeviceArray<std::uint64_t> durations;
  DeviceArray<aqlsim_wg_record> records;
  DeviceArray<std::uint32_t> next_task;  // persistent kernels only
  DeviceArray<std::uint32_t> evict;      // persistent kernels only
  Tick submit = 0;
  std::uint32_t launches = 0;
  std::vector<Tick> eviction_delays;
};

class StreamExecutor final : public Executor {
 public:
  StreamExecutor(int device, const hipDeviceProp_t& properties, const ExecutorOptions& options)
      : device_(device),
        properties_(properties),
        options_(options),
        kernels_(load_kernels(properties)),
        calibration_stream_(create_stream(0, {})),
        control_stream_(create_stream(0, {})),
        idle_durations_(device_array<std::uint64_t>(1)),
        idle_records_(device_array<aqlsim_wg_record>(1)),
        idle_words_(device_array<std::uint32_t>(2)),
        probe_go_(host_word()),
        probe_reading_(host_word<std::uint64_t>()),
        gate_opened_(make_event()) {
    warm_up(calibration_stream_.get());
    const double declared = declared_clock_hz(device_);
    clock_hz_ = declared > 0 ? declared : measure_clock_hz(std::chrono::milliseconds(100));
  }

  std::string name() const override { return kRuntime.backend; }
  std::string device() const override { return device_description(device_, properties_); }

  MeasuredRun run(const LaunchPlan& plan) override {
    use_device();
    validate(plan);
    std::vector<DispatchState> dispatches = prepare(plan);
    std::vector<Stream> streams = create_streams(plan);
    std::vector<Event> events;
    for (std::size_t i = 0; i < plan.ops.size(); ++i)
      events.push_back(make_event());
    IssueBoard board(plan.ops.size());
    Issuer issuer{plan, streams, events, dispatches, board, {}, *this};

    // Plan time 0 is when the clock is anchored and every stream warmed up from the thread that
    // will issue to it (the anchor takes hundreds of microseconds of probes, a thread's first
    // launch tens, starting hundreds of threads milliseconds): the model's queues exist before
    // the run, too.
    const HostClock::time_point anchored = HostClock::now();
    ClockSample anchor = sample_clock(anchored);
    if (issues_from_one_thread(plan, options_.eviction_period > 0)) {
      issue_in_order(plan, issuer);
    } else {
      issue_from_queue_threads(plan, issuer);
    }
    const Tick since_anchored = ticks_between(anchored, issuer.origin);
    anchor.host_before -= since_anchored;
    anchor.host_after -= since_anchored;
    const DeviceClock clock(clock_hz_, anchor);
    check(hipDeviceSynchronize(), "hipDeviceSynchronize");
    return collect(plan, dispatches, clock);
  }

  Calibration calibrate() override;

 private:
  // The runtime's current device is per host thread: every thread that uses the executor's
  // streams selects it first.
  void use_device() const { check(hipSetDevice(device_), "hipSetDevice"); }

  // Hands ops to their queues' streams (see the file comment).
  struct Issuer {
    const LaunchPlan& plan;
    std::vector<Stream>& streams;
    std::vector<Event>& events;
    std::vector<DispatchState>& dispatches;
    IssueBoard& board;
    HostClock::time_point origin;  // plan time 0
    const StreamExecutor& executor;
    // Issuing before plan time 0, behind the gate (issue_in_order): submitted at plan time 0.
    bool gated = false;

    // At the op's submission time, once the ops it waits on have been issued.
    void issue(std::uint32_t index) {
      const PlanOp& op = plan.ops[index];
      hipStream_t stream = streams[op.queue].get();
      if (!gated) wait_until(host_time(origin, op.submit_at));
      if (op.kind == PlanOpKind::dispatch) {
        DispatchState& s = dispatches[op.dispatch];
        s.submit = gated ? 0 : ticks_since(origin);
        executor.dispatch(plan.dispatches[op.dispatch], s, stream, events[index].get(), origin);
      } else if (op.kind == PlanOpKind::barrier_and) {
        for (std::uint32_t dep : op.waits_for) {
          board.wait(dep);
          check(hipStreamWaitEvent(stream, events[dep].get(), 0), "hipStreamWaitEvent");
        }
        check(hipEventRecord(events[index].get(), stream), "hipEventRecord");
      } else {
        wait_for_any(op.waits_for);
        check(hipEventRecord(events[index].get(), stream), "hipEventRecord");
      }
      board.issue(index);
    }

    // Barrier-OR on the host: until one dependency has been issued and its event has completed
    // (none: satisfied). Waiting for all of them to be issued could wait forever on one that
    // itself waits for this queue.
    void wait_for_any(const std::vector<std::uint32_t>& deps) const {
      const auto done = [&](std::uint32_t dep) {
        return board.issued(dep) && event_done(events[dep].get());
      };
      while (!deps.empty() && std::none_of(deps.begin(), deps.end(), done)) {
        std::this_thread::sleep_for(kPollInterval);
      }
    }
  };

  // One host thread, in issue_order. The ops due at plan time 0 (the first kGatedOps at most)
  // are issued before it, behind a gate: every stream first waits for the clock probe, which
  // spins until the host lets it end at plan time 0. The GPU then resolves their dependencies
  // itself, as the model's packet processor does, rather than at the host's pace of issue
  // (several microseconds an op: 1.4-2.6 ms for NW's 511 on an H200). Later ops are issued at
  // their submission times.
  void issue_in_order(const LaunchPlan& plan, Issuer& issuer) const {
    const std::vector<std::uint32_t> order = issue_order(plan);
    for (const Stream& stream : issuer.streams)
      warm_up(stream.get());
    hipStream_t gate = calibration_stream_.get();
    *probe_go_ = 0;
    *probe_reading_ = 0;
    kernels_->launch_probe({probe_go_.get(), probe_reading_.get()}, gate);
    std::size_t next = 0;
    issuer.gated = true;
    try {
      check(hipEventRecord(gate_opened_.get(), gate), "hipEventRecord");
      for (const Stream& stream : issuer.streams)
        check(hipStreamWaitEvent(stream.get(), gate_opened_.get(), 0), "hipStreamWaitEvent");
      for (; next < order.size() && next < kGatedOps && plan.ops[order[next]].submit_at <= 0;
           ++next)
        issuer.issue(order[next]);
    } catch (...) {
      *probe_go_ = 1;  // a probe left spinning would hold up the next run's gate
      throw;
    }
    issuer.gated = false;
    await_probe([&] { return *probe_reading_ == 1; });
    issuer.origin = HostClock::now();
    *probe_go_ = 1;
    for (; next < order.size(); ++next)
      issuer.issue(order[next]);
  }

  // One host thread per queue, each feeding its stream in order and waiting on the host for
  // what its ops wait on; the threads spin to start together at plan time 0.
  void issue_from_queue_threads(const LaunchPlan& plan, Issuer& issuer) const {
    StartGate gate(plan.queues.size(), StartGate::Wait::spin);
    std::vector<std::exception_ptr> errors(plan.queues.size());
    const auto guarded = [&](std::size_t q, auto&& work) {
      try {
        work();
      } catch (...) {
        errors[q] = std::current_exception();
        issuer.board.abort();
      }
    };
    std::vector<std::jthread> threads = start_behind(gate, plan.queues.size(), [&](std::size_t q) {
      guarded(q, [&] {
        use_device();
        warm_up(issuer.streams[q].get());
      });
      if (!gate.pass() || errors[q]) return;
      guarded(q, [&] {
        for (std::uint32_t index : plan.queues[q].ops)
          issuer.issue(index);
      });
    });
    gate.wait_for_all();
    issuer.origin = HostClock::now();
    gate.open();
    threads.clear();  // joins
    for (const std::exception_ptr& e : errors) {
      if (e) std::rethrow_exception(e);
    }
  }

  void validate(const LaunchPlan& plan) const {
    check_plan_completes(plan);
    if (!kRuntime.cu_masks) reject_cu_masks(plan, kRuntime.backend);
    for (const PlannedDispatch& d : plan.dispatches) {
      vgpr_bucket_index(d.vgpr_bucket);
      if (d.durations.size() != d.workgroups ||
          d.workgroups > std::numeric_limits<std::uint32_t>::max()) {
        throw std::invalid_argument("dispatch '" + d.name +
                                    "': needs one duration per work-group and at most 2^32-1 "
                                    "work-groups");
      }
    }
  }

  // Device memory for every dispatch, allocated and filled before anything runs, so that no
  // allocation or copy synchronises with a running kernel.
  std::vector<DispatchState> prepare(const LaunchPlan& plan) const {
    const DeviceClock rate(clock_hz_, ClockSample{});
    std::vector<DispatchState> states(plan.dispatches.size());
    for (std::size_t i = 0; i < plan.dispatches.size(); ++i) {
      const PlannedDispatch& d = plan.dispatches[i];
      DispatchState& s = states[i];
      std::vector<std::uint64_t> ticks;
      for (Tick duration : d.durations)
        ticks.push_back(rate.device_ticks(duration));
      s.durations = device_array<std::uint64_t>(ticks.size());
      check(hipMemcpy(s.durations.get(), ticks.data(), ticks.size() * sizeof(std::uint64_t),
                      hipMemcpyHostToDevice),
            "hipMemcpy");
      s.records = device_array<aqlsim_wg_record>(d.workgroups);
      if (d.persistent_workers_per_cu > 0) {
        s.next_task = device_array<std::uint32_t>(1);
        s.evict = device_array<std::uint32_t>(1);
      }
    }
    check(hipDeviceSynchronize(), "hipDeviceSynchronize");
    return states;
  }

  std::vector<Stream> create_streams(const LaunchPlan& plan) const {
    int least = 0;
    int greatest = 0;
    check(hipDeviceGetStreamPriorityRange(&least, &greatest), "hipDeviceGetStreamPriorityRange");
    std::vector<Stream> streams;
    for (const PlanQueue& queue : plan.queues) {
      streams.emplace_back(
          create_stream(stream_priority(plan, queue.priority, least, greatest), queue.cu_mask));
    }
    return streams;
  }

  void launch(const PlannedDispatch& d, DispatchState& s, hipStream_t stream) const {
    if (d.persistent_workers_per_cu == 0) {
      const aqlsim_spin_args args{s.durations.get(), s.records.get()};
      kernels_->launch(d.vgpr_bucket, false, d.workgroups, d.workgroup_size, launch_lds_bytes(d),
                       stream, &args, sizeof args);
    } else {
      const aqlsim_persistent_args args{s.durations.get(),
                                        s.records.get(),
                                        s.next_task.get(),
                                        s.evict.get(),
                                        static_cast<std::uint32_t>(d.workgroups),
                                        0};
      kernels_->launch(
          d.vgpr_bucket, true,
          launch_workgroups(d, static_cast<std::uint32_t>(properties_.multiProcessorCount)),
          d.workgroup_size, launch_lds_bytes(d), stream, &args, sizeof args);
    }
    ++s.launches;
  }

  // Launches a dispatch and records its event; a persistent kernel under an eviction period is
  // evicted every period and relaunched until its tasks are done (its counter carries on).
  void dispatch(const PlannedDispatch& d, DispatchState& s, hipStream_t stream, hipEvent_t event,
                HostClock::time_point origin) const {
    const bool evictable = d.persistent_workers_per_cu > 0 && options_.eviction_period > 0;
    for (;;) {
      launch(d, s, stream);
      check(hipEventRecord(event, stream), "hipEventRecord");
      if (!evictable) return;
      const HostClock::time_point due =
          HostClock::now() + std::chrono::nanoseconds(options_.eviction_period / kNanosecond);
      while (!event_done(event) && HostClock::now() < due)
        std::this_thread::sleep_for(kPollInterval);
      if (event_done(event)) return;
      // The delay is seen from the host: from the flag's write to the runtime reporting the
      // launch complete, so it includes the runtime's completion latency.
      const Tick requested = ticks_since(origin);
      set_flag(s.evict.get(), 1);
      check(hipEventSynchronize(event), "hipEventSynchronize");
      s.eviction_delays.push_back(ticks_since(origin) - requested);
      set_flag(s.evict.get(), 0);
      std::uint32_t taken = 0;
      check(hipMemcpyAsync(&taken, s.next_task.get(), sizeof taken, hipMemcpyDeviceToHost, stream),
            "hipMemcpyAsync");
      check(hipStreamSynchronize(stream), "hipStreamSynchronize");
      if (taken >= d.workgroups) return;
    }
  }

  MeasuredRun collect(const LaunchPlan& plan, const std::vector<DispatchState>& states,
                      const DeviceClock& clock) const {
    MeasuredRun run;
    run.executor = kRuntime.backend;
    run.device = device();
    for (std::size_t i = 0; i < plan.dispatches.size(); ++i) {
      const PlannedDispatch& d = plan.dispatches[i];
      const DispatchState& s = states[i];
      std::vector<aqlsim_wg_record> records(d.workgroups);
      check(hipMemcpy(records.data(), s.records.get(), records.size() * sizeof(aqlsim_wg_record),
                      hipMemcpyDeviceToHost),
            "hipMemcpy");
      MeasuredDispatch m = measured_dispatch(records, clock, s.submit);
      m.launches = s.launches;
      m.eviction_delays = s.eviction_delays;
      run.dispatches.push_back(std::move(m));
    }
    run.op_completed = completion_times(plan, run.dispatches);
    return run;
  }

  // Back-to-back one-work-group spins on the calibration stream, each for `duration` device
  // ticks; returns their records (device clock) once all have run.
  std::vector<aqlsim_wg_record> spin_once(std::size_t count, std::uint64_t duration,
                                          HostClock::time_point* submitted = nullptr) const {
    hipStream_t stream = calibration_stream_.get();
    const std::vector<std::uint64_t> durations(count, duration);
    DeviceArray<std::uint64_t> device_durations = device_array<std::uint64_t>(count);
    DeviceArray<aqlsim_wg_record> device_records = device_array<aqlsim_wg_record>(count);
    check(hipMemcpy(device_durations.get(), durations.data(), count * sizeof(std::uint64_t),
                    hipMemcpyHostToDevice),
          "hipMemcpy");
    if (submitted) *submitted = HostClock::now();
    for (std::size_t i = 0; i < count; ++i) {
      const aqlsim_spin_args args{device_durations.get() + i, device_records.get() + i};
      kernels_->launch(kVgprBuckets[0], false, 1, 64, 0, stream, &args, sizeof args);
    }
    check(hipStreamSynchronize(stream), "hipStreamSynchronize");
    std::vector<aqlsim_wg_record> records(count);
    check(hipMemcpy(records.data(), device_records.get(), count * sizeof(aqlsim_wg_record),
                    hipMemcpyDeviceToHost),
          "hipMemcpy");
    return records;
  }

  // Launches every kernel once with nothing to do, on `stream`: CUDA loads a module at its
  // kernel's first launch (lazy loading, the default) and a new stream's first launch is slow
  // too (together 30-100 us on an H100); the model's queues exist before the run, so no run pays
  // for either. Every warm-up shares the executor's idle buffers: no launch has work to do.
  void warm_up(hipStream_t stream) const {
    const aqlsim_spin_args spin{idle_durations_.get(), idle_records_.get()};
    const aqlsim_persistent_args persistent{
        idle_durations_.get(), idle_records_.get(), idle_words_.get(), idle_words_.get() + 1, 0, 0};
    for (std::uint32_t bucket : kVgprBuckets) {
      kernels_->launch(bucket, false, 1, 64, 0, stream, &spin, sizeof spin);
      kernels_->launch(bucket, true, 1, 64, sizeof(std::uint32_t), stream, &persistent,
                       sizeof persistent);
    }
    check(hipStreamSynchronize(stream), "hipStreamSynchronize");
  }

  // The eviction flag lives in device memory and is written by a copy on a stream of its own,
  // which runs beside the kernel (as Lopez-Albelda et al. do): in coherent host memory, every
  // worker's read between tasks crossed PCIe, and on an H100 those reads took about 1 us each,
  // one at a time across the device.
  void set_flag(std::uint32_t* flag, std::uint32_t value) const {
    check(hipMemcpyAsync(flag, &value, sizeof value, hipMemcpyHostToDevice, control_stream_.get()),
          "hipMemcpyAsync");
    check(hipStreamSynchronize(control_stream_.get()), "hipStreamSynchronize");
  }

  // A reading of the device clock between two host times: of a few tries, the one with the
  // narrowest host interval.
  ClockSample sample_clock(HostClock::time_point origin) const {
    ClockSample best;
    for (int attempt = 0; attempt < 5; ++attempt) {
      const ClockSample sample = probe_clock(origin);
      if (attempt == 0 ||
          sample.host_after - sample.host_before < best.host_after - best.host_before) {
        best = sample;
      }
    }
    return best;
  }

  // One reading by the clock probe: once it runs, the host asks for the reading and waits to
  // see it, so the host interval is one round trip through host memory (microseconds) rather
  // than a launch and a synchronisation (tens of microseconds).
  ClockSample probe_clock(HostClock::time_point origin) const {
    *probe_go_ = 0;
    *probe_reading_ = 0;
    kernels_->launch_probe({probe_go_.get(), probe_reading_.get()}, calibration_stream_.get());
    await_probe([&] { return *probe_reading_ == 1; });
    const Tick before = ticks_since(origin);
    *probe_go_ = 1;
    await_probe([&] { return *probe_reading_ != 1; });
    const Tick after = ticks_since(origin);
    const ClockSample sample{before, after, *probe_reading_};
    check(hipStreamSynchronize(calibration_stream_.get()), "hipStreamSynchronize");
    return sample;
  }

  template <typename Condition>
  void await_probe(Condition condition) const {
    const HostClock::time_point give_up = HostClock::now() + std::chrono::seconds(10);
    while (!condition()) {
      if (HostClock::now() > give_up) {
        *probe_go_ = 1;  // lets the probe end whenever it runs
        throw std::runtime_error(
            "the clock probe kernel did not answer through host memory within 10 s");
      }
    }
  }

  double measure_clock_hz(std::chrono::milliseconds apart) const {
    const HostClock::time_point origin = HostClock::now();
    const ClockSample first = sample_clock(origin);
    std::this_thread::sleep_for(apart);
    return DeviceClock::measured(first, sample_clock(origin)).hz();
  }

  int device_;
  hipDeviceProp_t properties_;
  ExecutorOptions options_;
  std::unique_ptr<Kernels> kernels_;
  Stream calibration_stream_;
  Stream control_stream_;  // the eviction flags' copies
  // What warm-up launches read and write: zero durations, a record, a task counter and a flag
  // (their values are never used).
  DeviceArray<std::uint64_t> idle_durations_;
  DeviceArray<aqlsim_wg_record> idle_records_;
  DeviceArray<std::uint32_t> idle_words_;
  HostWord<std::uint32_t> probe_go_;
  HostWord<std::uint64_t> probe_reading_;
  Event gate_opened_;  // recorded after the gate's probe (issue_in_order)
  double clock_hz_ = 0;
};

Calibration StreamExecutor::calibrate() {
  use_device();
  constexpr std::size_t kSamples = 21;
  constexpr Tick kSpin = 20 * kMicrosecond;
  Calibration c;
  c.device = properties_.name;
  c.arch = device_arch(properties_);
  c.compute_units = static_cast<std::uint32_t>(properties_.multiProcessorCount);
  c.clock_hz_declared = declared_clock_hz(device_);
  c.clock_hz_measured = measure_clock_hz(std::chrono::milliseconds(200));
  c.sources.push_back(c.clock_hz_declared > 0
                          ? std::string("clock_hz_declared: ") + kRuntime.runtime +
                                " (the kernels' clock rate)"
                          : std::string("clock_hz_declared: none (") + kRuntime.runtime +
                                " declares no rate for the kernels' clock)");
  c.sources.push_back(
      "clock_hz_measured: two readings of the device clock 200 ms apart, each by a probe "
      "kernel answering through host memory between two host steady_clock times (narrowest "
      "of 5)");

  const HostClock::time_point origin = HostClock::now();
  const DeviceClock clock(clock_hz_, sample_clock(origin));
  std::vector<Tick> latencies;
  for (std::size_t i = 0; i < kSamples; ++i) {
    HostClock::time_point submitted;
    const aqlsim_wg_record r = spin_once(1, 0, &submitted).front();
    latencies.push_back(clock.to_host(r.start) - ticks_between(origin, submitted));
  }
  c.launch_latency = median(latencies);
  c.sources.push_back("launch_latency: median of " + std::to_string(kSamples) +
                      " one-work-group launches, host time before the launch call to the "
                      "work-group's start on the device clock (+- the clock's anchor: " +
                      std::to_string(clock.uncertainty() / kNanosecond) + " ns)");

  const std::vector<aqlsim_wg_record> back_to_back = spin_once(kSamples, clock.device_ticks(kSpin));
  std::vector<Tick> gaps;
  std::vector<Tick> errors_ppm;
  for (std::size_t i = 0; i < back_to_back.size(); ++i) {
    const aqlsim_wg_record& r = back_to_back[i];
    const double spun = static_cast<double>(r.end - r.start) / clock_hz_ * kSecond;
    errors_ppm.push_back(static_cast<Tick>((spun / kSpin - 1) * 1e6));
    if (i > 0) gaps.push_back(clock.to_host(r.start) - clock.to_host(back_to_back[i - 1].end));
  }
  c.packet_overhead = median(gaps);
  c.spin_error = static_cast<double>(median(errors_ppm)) / 1e6;
  c.sources.push_back("packet_overhead: median gap between " + std::to_string(kSamples) +
                      " back-to-back 20 us one-work-group launches in one stream, previous "
                      "end to next start on the device clock");
  c.sources.push_back(
      "spin_error: median of (end - start) / 20 us - 1 over the same launches, on the device "
      "clock at the " +
      std::string(c.clock_hz_declared > 0 ? "declared" : "measured") + " rate");
  return c;
}

}  // namespace

std::unique_ptr<Executor> make_stream_executor(const ExecutorOptions& options) {
  // Read once, when the runtime initialises: this must precede the first runtime call.
  if (options.hardware_queues > 0) {
    setenv(kRuntime.hardware_queues_env, std::to_string(options.hardware_queues).c_str(), 1);
  }
  const int count = device_count();
  if (options.device < 0 || options.device >= count) {
    throw std::invalid_argument("device " + std::to_string(options.device) + " does not exist (" +
                                std::to_string(count) + " found)");
  }
  check(hipSetDevice(options.device), "hipSetDevice");
  hipDeviceProp_t properties{};
  check(hipGetDeviceProperties(&properties, options.device), "hipGetDeviceProperties");
  return std::make_unique<StreamExecutor>(options.device, properties, options);
}

}  // namespace aqlsim::hip::AQLSIM_GPU_NS
