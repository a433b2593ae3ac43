#include "hip_backend/cpu/run_state.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace aqlsim::hip::cpu {

RunState::RunState(const LaunchPlan& plan, double time_scale)
    : plan_(plan),
      clock_(time_scale),
      op_of_dispatch_(plan.dispatches.size(), kNoDispatch),
      done_(plan.ops.size(), false),
      finished_(plan.dispatches.size(), 0) {
  result_.executor = "cpu";
  result_.dispatches.resize(plan.dispatches.size());
  result_.op_completed.resize(plan.ops.size(), 0);
  ran_.reserve(plan.dispatches.size());
  for (std::size_t d = 0; d < plan.dispatches.size(); ++d) {
    const auto workgroups = plan.dispatches[d].durations.size();
    result_.dispatches[d].workgroups.resize(workgroups);
    ran_.emplace_back(workgroups, false);
  }
  for (std::uint32_t op = 0; op < plan.ops.size(); ++op) {
    if (plan.ops[op].kind == PlanOpKind::dispatch) op_of_dispatch_[plan.ops[op].dispatch] = op;
  }
}

bool RunState::sleep_until(Lock& lock, RunClock::Clock::time_point deadline) {
  return !stopped_cv_.wait_until(lock, deadline, [&] { return stopped_; });
}

bool RunState::satisfied(const OpWait& what) const {
  const auto is_done = [&](std::uint32_t op) { return static_cast<bool>(done_[op]); };
  if (what.any) return what.ops.empty() || std::ranges::any_of(what.ops, is_done);
  return std::ranges::all_of(what.ops, is_done);
}

bool RunState::wait_for_ops(Lock& lock, OpWait what) {
  return wait(lock, [&] { return satisfied(what); });
}

void RunState::complete_op(std::uint32_t op, Tick at) {
  done_[op] = true;
  result_.op_completed[op] = at;
  ++ops_done_;
  notify();
}

bool RunState::submit(std::uint32_t op) {
  const std::uint32_t dispatch = plan_.ops[op].dispatch;
  auto& measured = result_.dispatches[dispatch];
  measured.submit = clock_.now();
  measured.launches = 1;
  if (plan_.dispatches[dispatch].durations.empty()) {
    measured.start = measured.end = measured.submit;
    finish_dispatch(dispatch);
    return false;
  }
  return true;
}

bool RunState::run_workgroup(Lock& lock, std::uint32_t dispatch, std::uint64_t index,
                             std::uint32_t cu) {
  const auto start = RunClock::Clock::now();
  if (!sleep_until(lock, start + clock_.scaled(plan_.dispatches[dispatch].durations[index]))) {
    return false;
  }
  if (ran_[dispatch][index]) {
    throw std::logic_error("work-group " + std::to_string(index) + " of dispatch '" +
                           plan_.dispatches[dispatch].name + "' ran twice");
  }
  ran_[dispatch][index] = true;
  result_.dispatches[dispatch].workgroups[index] = {
      .start = clock_.since_origin(start), .end = clock_.now(), .cu = cu};
  if (++finished_[dispatch] == ran_[dispatch].size()) finish_dispatch(dispatch);
  return true;
}

void RunState::finish_dispatch(std::uint32_t dispatch) {
  auto& measured = result_.dispatches[dispatch];
  if (!measured.workgroups.empty()) {
    measured.start = std::ranges::min(measured.workgroups, {}, &MeasuredWorkgroup::start).start;
    measured.end = std::ranges::max(measured.workgroups, {}, &MeasuredWorkgroup::end).end;
  }
  complete_op(op_of_dispatch_[dispatch], measured.end);
}

void RunState::stop() {
  stopped_ = true;
  changed_.notify_all();
  stopped_cv_.notify_all();
}

void RunState::fail(std::exception_ptr error) {
  if (!error_) error_ = std::move(error);
  stop();
}

void RunState::wait_until_done(Lock& lock) {
  wait(lock, [&] { return ops_done_ == done_.size(); });
}

MeasuredRun RunState::result(std::string device) {
  if (error_) std::rethrow_exception(error_);
  result_.device = std::move(device);
  return std::move(result_);
}

}  // namespace aqlsim::hip::cpu
