#include "hip_backend/gpu/stream_results.hpp"

#include <algorithm>
#include <limits>
#include <optional>

namespace aqlsim::hip {

MeasuredDispatch measured_dispatch(std::span<const aqlsim_wg_record> records,
                                   const DeviceClock& clock, Tick submit) {
  MeasuredDispatch m;
  m.submit = submit;
  m.start = records.empty() ? submit : std::numeric_limits<Tick>::max();
  m.end = submit;
  for (const aqlsim_wg_record& r : records) {
    const MeasuredWorkgroup wg{clock.to_host(r.start), clock.to_host(r.end),
                               static_cast<std::uint32_t>(r.cu)};
    m.start = std::min(m.start, wg.start);
    m.end = std::max(m.end, wg.end);
    m.workgroups.push_back(wg);
  }
  return m;
}

std::vector<Tick> completion_times(const LaunchPlan& plan,
                                   const std::vector<MeasuredDispatch>& dispatches) {
  std::vector<std::optional<Tick>> done(plan.ops.size());
  std::vector<std::uint32_t> previous(plan.ops.size(), kNoDispatch);
  for (const PlanQueue& queue : plan.queues) {
    for (std::size_t i = 1; i < queue.ops.size(); ++i)
      previous[queue.ops[i]] = queue.ops[i - 1];
  }
  // Dependencies may lie in other queues: resolved on demand (the run finished, so they form no
  // cycle).
  auto resolve = [&](auto&& self, std::uint32_t index) -> Tick {
    if (done[index]) return *done[index];
    const PlanOp& op = plan.ops[index];
    Tick t = op.submit_at;
    if (op.kind == PlanOpKind::dispatch) {
      t = std::max(t, dispatches[op.dispatch].end);
    } else {
      if (previous[index] != kNoDispatch) t = std::max(t, self(self, previous[index]));
      if (!op.waits_for.empty()) {
        const bool all = op.kind == PlanOpKind::barrier_and;
        Tick condition = all ? std::numeric_limits<Tick>::min() : kNever;
        for (std::uint32_t dep : op.waits_for) {
          const Tick dep_done = self(self, dep);
          condition = all ? std::max(condition, dep_done) : std::min(condition, dep_done);
        }
        t = std::max(t, condition);
      }
    }
    done[index] = t;
    return t;
  };
  std::vector<Tick> times;
  for (std::uint32_t i = 0; i < plan.ops.size(); ++i)
    times.push_back(resolve(resolve, i));
  return times;
}

}  // namespace aqlsim::hip
