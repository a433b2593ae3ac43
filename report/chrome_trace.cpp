#include "report/chrome_trace.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <nlohmann/json.hpp>

#include "report/json_stream.hpp"
#include "report/trace_pids.hpp"

namespace aqlsim {
namespace {

using Json = nlohmann::ordered_json;

Json event(const char* phase, int pid, std::uint64_t tid, const std::string& name, Tick ts) {
  return Json{{"ph", phase}, {"pid", pid}, {"tid", tid}, {"name", name}, {"ts", to_us(ts)}};
}

Json metadata(const char* what, int pid, std::uint64_t tid, const std::string& name) {
  return Json{{"ph", "M"}, {"pid", pid}, {"tid", tid}, {"name", what}, {"args", {{"name", name}}}};
}

}  // namespace

ChromeTraceWriter::ChromeTraceWriter(std::ostream& out, PacketNamer namer, bool predictions)
    : out_(&out), namer_(std::move(namer)), predictions_(predictions) {
  *out_ << "{\"traceEvents\":[\n";
  emit(metadata("process_name", kSlotPid, trace_tid(0), std::string(kSlotTitle)).dump());
  emit(metadata("process_name", kQueuePid, trace_tid(0), "User queues").dump());
}

ChromeTraceWriter::~ChromeTraceWriter() {
  finish();
}

void ChromeTraceWriter::finish() {
  if (finished_) return;
  finished_ = true;
  for (const auto& [id, packet] : open_kernels_) {
    Json e = event("e", kQueuePid, trace_tid(packet.first), namer_(packet.first, packet.second),
                   last_slot_time_);
    e["cat"] = "kernel";
    e["id"] = id;
    e["args"] = {{"unfinished", true}};
    emit(e.dump());
  }
  *out_ << "\n]}\n";
  out_->flush();
}

void ChromeTraceWriter::emit(const std::string& event_json) {
  if (!first_) *out_ << ",\n";
  first_ = false;
  *out_ << event_json;
}

void ChromeTraceWriter::name_thread(int pid, std::uint64_t tid, const std::string& name) {
  if (!named_threads_.emplace(pid, tid).second) return;
  name_new_thread(pid, tid, name);
}

void ChromeTraceWriter::name_new_thread(int pid, std::uint64_t tid, const std::string& name) {
  emit(metadata("thread_name", pid, tid, name).dump());
  if (pid >= kFirstCuPid && named_cus_.insert(pid).second) {
    emit(metadata("process_name", pid, trace_tid(0), fmt::format("CU {}", pid - kFirstCuPid))
             .dump());
  }
}

void ChromeTraceWriter::name_queue(const UserQueue& queue) {
  name_thread(kQueuePid, trace_tid(queue.id()),
              fmt::format("{} (priority {})", queue.name(), queue.priority()));
}

void ChromeTraceWriter::on_slot_activity(SlotIndex slot, SlotActivity activity,
                                         const UserQueue* queue, Tick begin, Tick end) {
  last_slot_time_ = std::max(last_slot_time_, end);
  if (activity == SlotActivity::empty) return;
  name_thread(kSlotPid, trace_tid(slot), fmt::format("slot {}", slot));
  const Tick from = on_ns_grid(begin);
  Json e = event("X", kSlotPid, trace_tid(slot), slot_activity_name(activity), from);
  e["dur"] = to_us(on_ns_grid(end) - from);
  if (queue) e["args"] = {{"queue", queue->name()}};
  emit(e.dump());
}

void ChromeTraceWriter::on_queue_mapped(SlotIndex, const UserQueue& queue, Tick) {
  name_queue(queue);
}

void ChromeTraceWriter::on_packet_retired(const UserQueue& queue, std::uint64_t index,
                                          const PacketHeader& header, Tick t) {
  if (header.type == HSA_PACKET_TYPE_KERNEL_DISPATCH) return;  // shown as the kernel's slice
  name_queue(queue);
  Json e = event("i", kQueuePid, trace_tid(queue.id()), namer_(queue.id(), index), t);
  e["s"] = "t";
  e["args"] = {{"packet", std::string(packet_type_name(header.type))}};
  emit(e.dump());
}

void ChromeTraceWriter::on_kernel_launched(const KernelState& kernel, Tick t) {
  Json e =
      event("b", kQueuePid, trace_tid(kernel.queue), namer_(kernel.queue, kernel.packet_index), t);
  e["cat"] = "kernel";
  e["id"] = kernel.id;
  e["args"] = {{"arrival_us", to_us(kernel.arrival)}, {"workgroups", kernel.total_workgroups}};
  emit(e.dump());
  open_kernels_[kernel.id] = {kernel.queue, kernel.packet_index};
}

void ChromeTraceWriter::on_kernel_completed(const KernelState& kernel, Tick t) {
  open_kernels_.erase(kernel.id);
  Json e =
      event("e", kQueuePid, trace_tid(kernel.queue), namer_(kernel.queue, kernel.packet_index), t);
  e["cat"] = "kernel";
  e["id"] = kernel.id;
  emit(e.dump());
}

void ChromeTraceWriter::on_kernel_evicted(const KernelState& kernel, Tick t) {
  Json e = event("i", kQueuePid, trace_tid(kernel.queue),
                 "evicted " + namer_(kernel.queue, kernel.packet_index), t);
  e["s"] = "t";
  e["args"] = {{"workgroups_left", kernel.total_workgroups - kernel.completed}};
  emit(e.dump());
}

const std::string& ChromeTraceWriter::quoted_name(const KernelState& kernel) {
  if (quoted_names_.size() <= kernel.id) quoted_names_.resize(kernel.id + 1);
  std::string& quoted = quoted_names_[kernel.id];
  if (quoted.empty()) quoted = Json(namer_(kernel.queue, kernel.packet_index)).dump();
  return quoted;
}

// The most frequent event, so it is written without a Json object (in the same bytes): the
// kernel's name is quoted once, and a lane's name is made only the first time it is seen.
void ChromeTraceWriter::on_workgroup_finished(const KernelState& kernel,
                                              const WorkgroupRecord& wg) {
  const int pid = kFirstCuPid + static_cast<int>(wg.cu);
  const std::uint64_t tid = trace_tid(wg.lane);
  if (named_threads_.emplace(pid, tid).second)
    name_new_thread(pid, tid, fmt::format("lane {}", wg.lane));
  std::string& line = line_;
  line.clear();
  fmt::format_to(std::back_inserter(line), R"({{"ph":"X","pid":{},"tid":{},"name":{},"ts":)", pid,
                 tid, quoted_name(kernel));
  const Tick start = on_ns_grid(wg.start);
  append_json_number(line, to_us(start));
  line += R"(,"dur":)";
  append_json_number(line, to_us(on_ns_grid(wg.end) - start));
  fmt::format_to(std::back_inserter(line), R"(,"args":{{"workgroup":{}}}}})", wg.index);
  emit(line);
}

void ChromeTraceWriter::on_workgroup_evicted(const KernelState& kernel, const WorkgroupRecord& wg,
                                             double left) {
  on_workgroup_finished(kernel, wg);
  const int pid = kFirstCuPid + static_cast<int>(wg.cu);
  // At the end of the run's slice, on the same grid.
  Json e = event("i", pid, trace_tid(wg.lane), "evicted", on_ns_grid(wg.end));
  e["s"] = "t";
  e["args"] = {{"workgroup", wg.index}, {"work_left", left}};
  emit(e.dump());
}

// A counter track per kernel: its predicted total runtime as the policy revises it.
void ChromeTraceWriter::on_prediction(const KernelState& kernel, Tick predicted, Tick now) {
  if (!predictions_) return;
  Json e = event("C", kQueuePid, trace_tid(0),
                 "prediction " + namer_(kernel.queue, kernel.packet_index), now);
  e["args"] = {{"predicted_us", to_us(predicted)}};
  emit(e.dump());
}

void ChromeTraceWriter::on_queue_error(const QueueError& error) {
  Json e = event("i", kQueuePid, trace_tid(error.queue), "queue error", error.time);
  e["s"] = "g";
  e["args"] = {
      {"queue", error.queue_name}, {"packet", error.packet_index}, {"message", error.message}};
  emit(e.dump());
}

}  // namespace aqlsim
