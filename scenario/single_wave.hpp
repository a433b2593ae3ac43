#pragma once
// Alone runs that need not be simulated again. A dispatch alone on an idle device whose
// work-groups all start in the pass that launches it (its grid fits on the device at once)
// ends when its longest work-group ends; where each work-group went, and so the load it started
// under, does not depend on the durations drawn. One such run, simulated, therefore gives every
// dispatch of the same kernel, geometry and queue settings its turnaround alone from its own
// draws: the common start plus its longest duration. That holds with the at-dispatch timing
// and no kernel scheduler (processor sharing makes durations depend on one another; a kernel
// scheduler decides when work runs), so only there is it used, and it is checked: the simulated
// dispatch's own draws must give back its simulated turnaround.
#include <cstdint>
#include <optional>
#include <vector>

#include "hsa_model/observer.hpp"
#include "hsa_model/random_stream.hpp"
#include "hsa_model/workgroup_duration.hpp"
#include "scenario/scenario.hpp"

namespace aqlsim {

// What a single-wave alone run leaves to replay.
class SingleWave {
 public:
  // The turnaround alone of a dispatch whose work-groups draw from `seed`'s streams.
  Tick turnaround(RandomStream::KernelSeed seed) const;
  std::uint64_t workgroups() const { return means_.size(); }
  Tick start() const { return start_; }  // when every work-group started (the kernel at 0)
  const DurationSampler& sampler() const { return sampler_; }
  // By work-group index: its mean duration at its CU's load.
  const std::vector<double>& means() const { return means_; }

 private:
  friend class SingleWaveRecorder;
  void group_means();

  Tick start_ = 0;
  DurationSampler sampler_;
  std::vector<double> means_;
  std::vector<std::uint32_t> group_;  // by work-group index: which of the distinct means it has
  std::uint32_t groups_ = 0;
};

// Watches one alone run (attach it to the model) and says whether it was a single wave.
class SingleWaveRecorder final : public ModelObserver {
 public:
  void on_kernel_launched(const KernelState& kernel, Tick) override;
  void on_workgroup_started(const KernelState& kernel, const WorkgroupRecord& wg,
                            const ComputeUnit& cu) override;
  void on_workgroup_finished(const KernelState& kernel, const WorkgroupRecord& wg) override;
  void on_workgroup_evicted(const KernelState&, const WorkgroupRecord&, double) override {
    single_ = false;
  }

  // The run to replay, when it was one wave of one kernel and no work-group was evicted.
  std::optional<SingleWave> wave() const;

 private:
  bool single_ = true;
  std::uint32_t kernels_ = 0;
  std::uint64_t finished_ = 0;
  std::uint64_t total_ = 0;
  std::uint32_t waves_per_workgroup_ = 1;
  SingleWave wave_;
  std::uint64_t started_ = 0;
};

// Whether alone runs of `s` may be replayed at all (before any is simulated).
bool single_waves_apply(const Scenario& s);

}  // namespace aqlsim
