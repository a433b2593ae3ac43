#include "scenario/single_wave.hpp"

#include <algorithm>

namespace aqlsim {

Tick SingleWave::turnaround(RandomStream::KernelSeed seed) const {
  Tick longest = 0;
  for (std::uint64_t i = 0; i < means_.size(); ++i) {
    double spread = 1.0;
    if (sampler_.random()) {
      RandomStream stream(seed, i);
      spread = sampler_.spread(stream);
    }
    longest = std::max(longest, sampler_.duration(means_[i], spread));
  }
  return start_ + longest;
}

void SingleWaveRecorder::on_kernel_launched(const KernelState& kernel, Tick) {
  if (++kernels_ > 1) single_ = false;
  total_ = kernel.total_workgroups;
  wave_.sampler_ = kernel.sampler;
  waves_per_workgroup_ = kernel.demand.waves;
}

void SingleWaveRecorder::on_workgroup_started(const KernelState&, const WorkgroupRecord& wg,
                                              const ComputeUnit& cu) {
  // Every work-group starts at the first one's tick, before any ends, and does its whole work.
  if (started_++ == 0) wave_.start_ = wg.start;
  if (finished_ > 0 || wg.start != wave_.start_ || wg.fraction != 1.0) single_ = false;
  // Indices are issued in order, so one wave's work-groups arrive as 0, 1, 2...; kept only while
  // they all fit on the device at once (the grid itself may be far larger).
  if (wg.index != wave_.means_.size()) single_ = false;
  if (!single_) return;
  // The mean the at-dispatch timer took: at the CU's load once the pass placed everything.
  wave_.means_.push_back(
      wave_.sampler_.mean_at(static_cast<double>(cu.resident_waves()) / waves_per_workgroup_));
}

void SingleWaveRecorder::on_workgroup_finished(const KernelState&, const WorkgroupRecord&) {
  ++finished_;
}

std::optional<SingleWave> SingleWaveRecorder::wave() const {
  if (!single_ || kernels_ != 1 || wave_.means_.size() != total_) return std::nullopt;
  return wave_;
}

bool single_waves_apply(const Scenario& s) {
  return s.device.cu.timing == WorkgroupTiming::at_dispatch && s.policies.kernel == "none";
}

}  // namespace aqlsim
