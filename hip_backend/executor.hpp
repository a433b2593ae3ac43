#pragma once
// The executors that run a LaunchPlan: HIP streams, HSA queues and CUDA streams on a GPU, and
// a CPU-thread executor of our own that follows the same protocol on host threads, so that the
// plan, dependency lowering, eviction and result assembly are tested without a GPU.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "hip_backend/launch_plan.hpp"
#include "hip_backend/measured_run.hpp"

namespace aqlsim::hip {

struct ExecutorOptions {
  int device = 0;  // the GPU's index among those the runtime lists
  // CPU executor only: simulated time is slept at this factor (0.001: a microsecond takes a
  // nanosecond), and this many worker threads stand for CUs (0: the plan's compute_units).
  double time_scale = 1.0;
  std::uint32_t cpu_workers = 0;
  // Every this often, evict the running persistent kernels (set their flag, wait until every
  // worker has left) and relaunch them; their task counters carry on. 0: never.
  Tick eviction_period = 0;
  // Hardware queues the runtime may use (GPU_MAX_HW_QUEUES on HIP, CUDA_DEVICE_MAX_CONNECTIONS
  // on CUDA), set before the runtime starts; 0: the runtime's default.
  std::uint32_t hardware_queues = 0;
};

// What `aqlsim hip calibrate` measures on a device, each figure with how it was obtained.
struct Calibration {
  std::string device;  // in words
  std::string arch;    // e.g. gfx90a, sm_90
  std::uint32_t compute_units = 0;
  double clock_hz_declared = 0;      // the device clock's rate as the runtime reports it (0: none)
  double clock_hz_measured = 0;      // the same clock measured against the host's steady clock
  Tick launch_latency = 0;           // host submission to first work-group start (median)
  Tick packet_overhead = 0;          // gap between back-to-back dispatches in one queue (median)
  double spin_error = 0;             // spun / asked - 1 for a work-group's duration (median)
  std::vector<std::string> sources;  // one line per figure: how it was measured
};

class Executor {
 public:
  virtual ~Executor() = default;
  virtual std::string name() const = 0;    // "cpu", "hip", "hsa", "cuda"
  virtual std::string device() const = 0;  // what runs the plan, in words
  // Runs the whole plan and returns when every op has completed.
  virtual MeasuredRun run(const LaunchPlan& plan) = 0;
  virtual Calibration calibrate() = 0;
  // Real time per plan time (the CPU executor's time_scale; 1 on a device): measured times
  // are divided by it before they are compared with the plan.
  virtual double time_scale() const { return 1.0; }
};

// A backend that cannot run here: not built in, no runtime, no device or no driver. `code` and
// `code_name` are the runtime's own error (e.g. 100 hipErrorNoDevice), `hint` what to install
// or check.
class BackendUnavailable : public std::runtime_error {
 public:
  BackendUnavailable(std::string backend, std::string reason, int code, std::string code_name,
                     std::string hint);
  const std::string& backend() const { return backend_; }
  int code() const { return code_; }
  const std::string& code_name() const { return code_name_; }
  const std::string& hint() const { return hint_; }
  // The reason with the runtime's error (name and code) unless the reason already names it.
  std::string reason_with_code() const;

 private:
  std::string backend_;
  int code_ = 0;
  std::string code_name_;
  std::string hint_;
};

// An executor option the workload cannot run with (too few CPU workers for a queue's CU mask, a
// time scale too small for the run's real time): bad input, not a fault of the plan.
class ExecutorOptionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// What aqlsim hip info prints for one backend.
struct BackendInfo {
  std::string backend;               // "hip", "hsa", "cuda", "cpu"
  bool built = false;                // compiled into this aqlsim
  bool usable = false;               // a device was found and can run kernels
  std::string runtime;               // runtime and version, when one was loaded
  std::vector<std::string> devices;  // e.g. "0: AMD Instinct MI210 (gfx90a, 104 CUs)"
  std::string reason;  // why it is not usable: the error code, its name and what to do
};

// The executors by name ("cpu", "hip", "hsa", "cuda"; "auto": the first of hip, hsa and cuda
// that can run here). Throws BackendUnavailable for one that cannot run here (for auto, with
// every backend's reason), std::invalid_argument for an unknown name.
std::unique_ptr<Executor> make_executor(std::string_view kind, const ExecutorOptions& options);
std::vector<BackendInfo> probe_backends();

// Each backend's own entry points (gpu/*.cpp, or gpu/*_absent.cpp when it is not built).
std::unique_ptr<Executor> make_cpu_executor(const ExecutorOptions& options);
std::unique_ptr<Executor> make_hip_executor(const ExecutorOptions& options);
std::unique_ptr<Executor> make_hsa_executor(const ExecutorOptions& options);
std::unique_ptr<Executor> make_cuda_executor(const ExecutorOptions& options);
BackendInfo probe_hip();
BackendInfo probe_hsa();
BackendInfo probe_cuda();

}  // namespace aqlsim::hip
