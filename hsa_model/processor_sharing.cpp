#include "hsa_model/processor_sharing.hpp"

#include <algorithm>
#include <functional>

namespace aqlsim {
namespace {

// A work-group with at most half a tick of work left ends at this tick (durations round half
// up); the small margin absorbs rounding in the virtual clock.
bool is_due(double remaining, double speed) {
  return remaining <= (0.5 + 1e-6) * speed;
}

}  // namespace

ProcessorSharingTimer::ProcessorSharingTimer(Engine& engine, EventHandler& workgroup_event,
                                             const std::vector<ComputeUnit>& cus,
                                             const std::vector<KernelState>& kernels)
    : engine_(&engine),
      workgroup_event_(&workgroup_event),
      cus_(&cus),
      kernels_(&kernels),
      groups_(cus.size()),
      event_at_(cus.size(), kNever),
      dirty_(cus.size(), 0) {}

void ProcessorSharingTimer::advance(Group& group, Tick now) const {
  group.progress += static_cast<double>(now - group.updated) * group.speed;
  group.updated = now;
}

ProcessorSharingTimer::Group& ProcessorSharingTimer::group_of(CuIndex cu, KernelId kernel) {
  std::vector<Group>& groups = groups_[cu];
  for (Group& g : groups) {
    if (g.kernel == kernel) return g;
  }
  Group& g = groups.emplace_back();
  g.kernel = kernel;
  g.updated = engine_->now();
  return g;
}

void ProcessorSharingTimer::mark_dirty(CuIndex cu) {
  if (dirty_[cu]) return;
  dirty_[cu] = 1;
  dirty_list_.push_back(cu);
}

void ProcessorSharingTimer::before_load_change(CuIndex cu) {
  for (Group& g : groups_[cu])
    advance(g, engine_->now());
  mark_dirty(cu);
}

void ProcessorSharingTimer::start(std::uint32_t slot, WorkgroupRecord& wg,
                                  const KernelState& kernel, double, double spread) {
  Group& g = group_of(wg.cu, kernel.id);
  advance(g, engine_->now());
  wg.work = kernel.sampler.work(spread);
  if (wg.fraction < 1.0) wg.work *= wg.fraction;
  g.finishes.emplace_back(g.progress + wg.work, slot);
  std::push_heap(g.finishes.begin(), g.finishes.end(), std::greater<>());
  mark_dirty(wg.cu);
}

double ProcessorSharingTimer::withdraw(std::uint32_t slot, const WorkgroupRecord& wg) {
  std::vector<Group>& groups = groups_[wg.cu];
  const auto group = std::find_if(groups.begin(), groups.end(),
                                  [&](const Group& g) { return g.kernel == wg.kernel; });
  advance(*group, engine_->now());
  std::vector<Finish>& finishes = group->finishes;
  const auto it = std::find_if(finishes.begin(), finishes.end(),
                               [&](const Finish& f) { return f.second == slot; });
  const double left = (it->first - group->progress) / wg.work;
  *it = finishes.back();
  finishes.pop_back();
  std::make_heap(finishes.begin(), finishes.end(), std::greater<>());
  if (finishes.empty()) groups.erase(group);
  mark_dirty(wg.cu);
  return wg.fraction * std::clamp(left, 0.0, 1.0);
}

void ProcessorSharingTimer::settle() {
  for (const CuIndex cu : dirty_list_) {
    dirty_[cu] = 0;
    reschedule(cu);
  }
  dirty_list_.clear();
}

void ProcessorSharingTimer::reschedule(CuIndex cu) {
  const Tick now = engine_->now();
  const double waves = (*cus_)[cu].resident_waves();
  Tick next = kNever;
  for (Group& g : groups_[cu]) {
    advance(g, now);
    const KernelState& k = (*kernels_)[g.kernel];
    g.speed = k.sampler.speed_at(waves / k.demand.waves);
    const double ticks = std::min((g.finishes.front().first - g.progress) / g.speed,
                                  static_cast<double>(kMaxDuration));
    next = std::min(next, now + std::max<Tick>(1, static_cast<Tick>(ticks + 0.5)));
  }
  // A later event already in the engine fires early, finds nothing due and reschedules.
  if (next < event_at_[cu]) {
    event_at_[cu] = next;
    engine_->schedule_at(next, cu_event_, cu);
  }
}

void ProcessorSharingTimer::end_due_workgroups(std::uint64_t payload) {
  const auto cu = static_cast<CuIndex>(payload);
  const Tick now = engine_->now();
  if (event_at_[cu] != now) return;  // superseded by an earlier event
  event_at_[cu] = kNever;
  due_.clear();
  std::vector<Group>& groups = groups_[cu];
  for (Group& g : groups) {
    advance(g, now);
    while (!g.finishes.empty() && is_due(g.finishes.front().first - g.progress, g.speed)) {
      std::pop_heap(g.finishes.begin(), g.finishes.end(), std::greater<>());
      due_.push_back(g.finishes.back().second);
      g.finishes.pop_back();
    }
  }
  std::erase_if(groups, [](const Group& g) { return g.finishes.empty(); });
  if (due_.empty()) {
    reschedule(cu);
    return;
  }
  // Each end reports a load change, and the dispatcher's pass that follows settles the CU.
  for (const std::uint64_t wg : due_)
    workgroup_event_->handle(wg);
}

}  // namespace aqlsim
