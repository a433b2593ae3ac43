#include "scenario/single_wave.hpp"

#include <algorithm>
#include <cassert>

namespace aqlsim {

namespace {

// A draw whose uniform lies further than this below the largest of its group gives a shorter
// duration than the largest does: the normal quantile rises by at least sqrt(2 pi) per unit of
// the uniform, and its approximation (RandomStream::inverse_normal_cdf) is within a relative
// 1.15e-9 of it, so a gap of 1e-6 stays a gap of about 2.5e-6 in the normal, far beyond any
// rounding on the way to the duration (exp, the product, the round all rise with it).
constexpr double kTieMargin = 1e-6;

}  // namespace

// Among work-groups of one mean the longest is the one with the largest uniform draw, so only
// the draws within kTieMargin of their group's largest are turned into durations: the exact
// maximum at a fraction of the logarithms and exponentials.
Tick SingleWave::turnaround(RandomStream::KernelSeed seed) const {
  assert(group_.size() == means_.size() && "a wave is replayed once grouped (recorder.wave())");
  std::vector<double> units;  // each work-group's uniform draw, drawn once
  std::vector<double> largest;
  if (sampler_.random()) {
    units.resize(means_.size());
    largest.assign(groups_, 0.0);
    for (std::uint64_t i = 0; i < means_.size(); ++i) {
      units[i] = RandomStream(seed, i).next_unit();
      largest[group_[i]] = std::max(largest[group_[i]], units[i]);
    }
  }
  Tick longest = 0;
  for (std::uint64_t i = 0; i < means_.size(); ++i) {
    double spread = 1.0;
    if (sampler_.random()) {
      const double u = units[i];
      if (u < largest[group_[i]] - kTieMargin) continue;
      spread = sampler_.spread_at(u);
    }
    longest = std::max(longest, sampler_.duration(means_[i], spread));
  }
  return start_ + longest;
}

void SingleWave::group_means() {
  std::vector<double> distinct;
  group_.resize(means_.size());
  for (std::size_t i = 0; i < means_.size(); ++i) {
    const auto it = std::find(distinct.begin(), distinct.end(), means_[i]);
    group_[i] = static_cast<std::uint32_t>(it - distinct.begin());
    if (it == distinct.end()) distinct.push_back(means_[i]);
  }
  groups_ = static_cast<std::uint32_t>(distinct.size());
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
  SingleWave wave = wave_;
  wave.group_means();
  return wave;
}

bool single_waves_apply(const Scenario& s) {
  return s.device.cu.timing == WorkgroupTiming::at_dispatch && s.policies.kernel == "none";
}

}  // namespace aqlsim
