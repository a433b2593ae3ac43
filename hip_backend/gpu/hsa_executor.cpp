// The direct HSA-queue executor: the plan's packets written into AQL queues by hand, which is
// the path that exercises what the model models (barrier-AND and barrier-OR packets included).
// Untested on hardware: written against hsa.h / hsa_ext_amd.h where no GPU was available.
#include <algorithm>
#include <memory>
#include <string>

#include "hip_backend/executor.hpp"
#include "hip_backend/gpu/code_objects.hpp"
#include "hip_backend/gpu/hsa_run.hpp"
#include "hip_backend/gpu/hsa_runtime.hpp"
#include "hip_backend/median.hpp"
#include "hip_backend/plan_deadlock.hpp"

namespace aqlsim::hip {
namespace {

constexpr const char* kDeviceHint =
    "check that /dev/kfd exists and this user can read and write it (ls -l /dev/kfd "
    "/dev/dri/renderD*), that the user is in the render and video groups (id), and that the "
    "amdgpu driver is loaded (lsmod | grep amdgpu)";

// Calibration: this many dispatches of one 64-work-item work-group per measurement.
constexpr std::uint32_t kCalibrationSamples = 21;
constexpr Tick kCalibrationSpin = 100 * kMicrosecond;
constexpr Tick kCalibrationSpacing = kMillisecond;

std::string describe_agent(const hsa::Agent& gpu, std::size_t index) {
  return std::to_string(index) + ": " + gpu.product + " (" + gpu.arch + ", " +
         std::to_string(gpu.compute_units) + " CUs)";
}

BackendUnavailable unavailable(const hsa::Error& error) {
  return BackendUnavailable("hsa", error.what(), static_cast<int>(error.status()),
                            hsa::status_name(error.status()), kDeviceHint);
}

std::string built_archs() {
  std::string list;
  for (const auto& arch : amd_code_object_archs())
    list += (list.empty() ? "" : ", ") + arch;
  return list.empty() ? "none (no HIP compiler was found)" : list;
}

// A plan of kCalibrationSamples one-work-group dispatches on one queue: isolated (spinning
// kCalibrationSpin, kCalibrationSpacing apart, so each finds the queue idle) or back to back
// (no spin, all submitted at once, each with the barrier bit so that they run one by one).
LaunchPlan calibration_plan(bool back_to_back, std::uint32_t compute_units) {
  LaunchPlan plan;
  plan.source = back_to_back ? "hsa calibration (back to back)" : "hsa calibration (isolated)";
  plan.compute_units = compute_units;
  plan.queues.emplace_back();
  plan.queues[0].name = "calibration";
  for (std::uint32_t i = 0; i < kCalibrationSamples; ++i) {
    PlannedDispatch dispatch;
    dispatch.name = dispatch.kernel = "spin " + std::to_string(i);
    dispatch.workgroups = 1;
    dispatch.workgroup_size = 64;
    dispatch.vgpr_bucket = kVgprBuckets[0];
    dispatch.durations = {back_to_back ? 0 : kCalibrationSpin};
    PlanOp op;
    op.name = dispatch.name;
    op.submit_at = back_to_back ? 0 : i * kCalibrationSpacing;
    op.barrier_bit = back_to_back;
    op.dispatch = i;
    plan.queues[0].ops.push_back(i);
    plan.ops.push_back(op);
    plan.dispatches.push_back(dispatch);
  }
  return plan;
}

class HsaExecutor final : public Executor {
 public:
  explicit HsaExecutor(const ExecutorOptions& options) : options_(options) {
    const auto gpus = hsa::gpu_agents();
    if (gpus.empty())
      throw BackendUnavailable("hsa", "the HSA runtime lists no GPU agent", 0, "", kDeviceHint);
    if (options.device < 0 || static_cast<std::size_t>(options.device) >= gpus.size())
      throw BackendUnavailable("hsa",
                               "no GPU agent " + std::to_string(options.device) +
                                   ": the HSA runtime lists " + std::to_string(gpus.size()),
                               0, "",
                               "choose a device from 0 to " + std::to_string(gpus.size() - 1));
    gpu_ = gpus[static_cast<std::size_t>(options.device)];
    const auto code = amd_code_object(gpu_.arch);
    if (code.empty())
      throw BackendUnavailable("hsa",
                               "this aqlsim has no spin-kernel code object for " + gpu_.arch +
                                   " (built for: " + built_archs() + ")",
                               0, "",
                               "rebuild with -DAQLSIM_HIP_ARCHS=" + gpu_.arch +
                                   " (scripts/setup.sh --hip installs the HIP compiler)");
    pools_ = hsa::find_pools(gpu_);
    code_ = std::make_unique<hsa::Executable>(gpu_, code);
    abi_version_ = code.size() > 8 ? code[8] : 0;  // ELF e_ident[EI_ABIVERSION]
    clock_hz_ = gpu_.timestamp_hz;
    if (!(clock_hz_ > 0)) clock_hz_ = measure_clock_hz(view(), 100 * kMillisecond);
  }

  std::string name() const override { return "hsa"; }
  std::string device() const override {
    return describe_agent(gpu_, static_cast<std::size_t>(options_.device));
  }

  MeasuredRun run(const LaunchPlan& plan) override {
    check_plan_completes(plan);
    auto measured = run_on_hsa(view(), plan, options_.eviction_period).measured;
    measured.executor = name();
    measured.device = device();
    return measured;
  }

  Calibration calibrate() override {
    Calibration c;
    c.device = device();
    c.arch = gpu_.arch;
    c.compute_units = gpu_.compute_units;
    c.sources.push_back("compute_units: HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT");
    c.clock_hz_declared = gpu_.timestamp_hz;
    c.sources.push_back(
        "clock_hz_declared: HSA_AMD_AGENT_INFO_TIMESTAMP_FREQUENCY, the wall clock "
        "(s_memrealtime) the spin kernels read; 0: this runtime does not report it");

    const auto isolated = run_on_hsa(view(), calibration_plan(false, gpu_.compute_units), 0);
    c.clock_hz_measured = isolated.clock.hz();
    c.sources.push_back(
        "clock_hz_measured: wall-clock readings of one-work-group dispatches before and after "
        "a run of " +
        std::to_string(kCalibrationSamples) + " dispatches, against std::chrono::steady_clock");
    std::vector<Tick> latencies;
    std::vector<double> errors;
    for (const auto& d : isolated.measured.dispatches) {
      latencies.push_back(d.start - d.submit);
      errors.push_back(static_cast<double>(d.end - d.start) / kCalibrationSpin - 1);
    }
    c.launch_latency = median(latencies);
    c.sources.push_back("launch_latency: median of " + std::to_string(kCalibrationSamples) +
                        " one-work-group dispatches into an idle queue, host time before the "
                        "packet write to the work-group's first wall-clock reading");
    c.spin_error = median(errors);
    c.sources.push_back("spin_error: median of the same dispatches' spun time / 100 us - 1");

    const auto serial = run_on_hsa(view(), calibration_plan(true, gpu_.compute_units), 0);
    std::vector<Tick> gaps;
    const auto& ds = serial.measured.dispatches;
    for (std::size_t i = 1; i < ds.size(); ++i)
      gaps.push_back(ds[i].start - ds[i - 1].end);
    c.packet_overhead = median(gaps);
    c.sources.push_back(
        "packet_overhead: median gap from one work-group's end to the next's "
        "start over " +
        std::to_string(kCalibrationSamples) +
        " empty dispatches written at once into one queue, each with the "
        "barrier bit");
    return c;
  }

 private:
  HsaDevice view() const {
    return {.gpu = &gpu_,
            .pools = &pools_,
            .code = code_.get(),
            .abi_version = abi_version_,
            .clock_hz = clock_hz_};
  }

  hsa::Runtime runtime_;  // first: initialised before and shut down after everything below
  ExecutorOptions options_;
  hsa::Agent gpu_;
  hsa::Pools pools_;
  std::unique_ptr<hsa::Executable> code_;
  std::uint8_t abi_version_ = 0;
  double clock_hz_ = 0;
};

}  // namespace

// options.hardware_queues is not used: it is a HIP and CUDA runtime setting, and this executor
// creates exactly one HSA queue per plan queue.
std::unique_ptr<Executor> make_hsa_executor(const ExecutorOptions& options) {
  try {
    return std::make_unique<HsaExecutor>(options);
  } catch (const hsa::Error& error) {
    throw unavailable(error);
  }
}

BackendInfo probe_hsa() {
  BackendInfo info;
  info.backend = "hsa";
  info.built = true;
  try {
    const hsa::Runtime runtime;
    info.runtime = runtime.version();
    const auto gpus = hsa::gpu_agents();
    for (std::size_t i = 0; i < gpus.size(); ++i) {
      info.devices.push_back(describe_agent(gpus[i], i));
      if (!amd_code_object(gpus[i].arch).empty()) info.usable = true;
    }
    if (gpus.empty())
      info.reason = std::string("the HSA runtime lists no GPU agent; ") + kDeviceHint;
    else if (!info.usable)
      info.reason = "no spin-kernel code object for these GPUs (built for: " + built_archs() +
                    "); rebuild with -DAQLSIM_HIP_ARCHS=<arch> (scripts/setup.sh --hip)";
  } catch (const hsa::Error& error) {
    info.reason = std::string(error.what()) + "; " + kDeviceHint;
  }
  return info;
}

}  // namespace aqlsim::hip
