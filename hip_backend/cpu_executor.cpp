// The CPU-thread executor: HSA queue semantics on host threads (a logic check of the plan, the
// dependency lowering, eviction and result assembly, not a timing model). One thread per user
// queue processes its packets; a pool of worker threads stands for the CUs; persistent
// kernels run on threads of their own. Every thread shares one RunState.
#include <cmath>
#include <stdexcept>
#include <string>

#include "config/counted.hpp"
#include "hip_backend/cpu/calibration.hpp"
#include "hip_backend/cpu/persistent_kernels.hpp"
#include "hip_backend/cpu/plan_check.hpp"
#include "hip_backend/cpu/queue_walker.hpp"
#include "hip_backend/cpu/run_state.hpp"
#include "hip_backend/cpu/thread_set.hpp"
#include "hip_backend/cpu/worker_pool.hpp"
#include "hip_backend/executor.hpp"
#include "hip_backend/plan_deadlock.hpp"

namespace aqlsim::hip {
namespace {

class CpuExecutor final : public Executor {
 public:
  explicit CpuExecutor(const ExecutorOptions& options) : options_(options) {}

  std::string name() const override { return "cpu"; }

  std::string device() const override {
    const std::string workers = options_.cpu_workers == 0 ? "one worker per CU of the plan"
                                                          : counted(options_.cpu_workers, "worker");
    return "CPU threads (" + workers + "; a logic check, not a GPU)";
  }

  MeasuredRun run(const LaunchPlan& plan) override {
    const std::uint32_t workers =
        options_.cpu_workers != 0 ? options_.cpu_workers : plan.compute_units;
    cpu::check_plan(plan, workers);
    check_plan_completes(plan);
    cpu::RunState state(plan, options_.time_scale);
    {
      // Destroyed in reverse: the walkers, the persistent kernels and the pool are joined
      // before the state they share goes.
      cpu::WorkerPool pool(state, workers);
      cpu::PersistentKernels persistent(state, options_.eviction_period);
      cpu::ThreadSet walkers(state);
      for (std::uint32_t q = 0; q < plan.queues.size(); ++q) {
        walkers.spawn([&, q] { cpu::walk_queue(state, pool, persistent, q); });
      }
      auto lock = state.lock();
      state.wait_until_done(lock);
      state.stop();
    }
    return state.result(device());
  }

  Calibration calibrate() override { return cpu::calibrate(*this, options_); }

  double time_scale() const override { return options_.time_scale; }

 private:
  ExecutorOptions options_;
};

}  // namespace

std::unique_ptr<Executor> make_cpu_executor(const ExecutorOptions& options) {
  if (!(options.time_scale > 0) || !std::isfinite(options.time_scale)) {
    throw std::invalid_argument("cpu executor: time_scale must be a positive number, not " +
                                std::to_string(options.time_scale));
  }
  if (options.eviction_period < 0) {
    throw std::invalid_argument("cpu executor: the eviction period must not be negative");
  }
  return std::make_unique<CpuExecutor>(options);
}

}  // namespace aqlsim::hip
