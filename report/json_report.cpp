#include "report/json_report.hpp"

#include <hsa/hsa.h>

#include "hsa_model/time.hpp"
#include "report/json_stream.hpp"

namespace aqlsim {
namespace {

using Json = nlohmann::ordered_json;

// Reported only when a kernel scheduler ran, so other runs' JSON is unchanged.
Json eviction_json(const KernelResult& k) {
  return Json{{"evictions", k.evictions},
              {"evicted_workgroups", k.evicted_workgroups},
              {"wasted_us", sum_to_us(k.wasted)},
              {"context_us", sum_to_us(k.context_time)}};
}

Json application_json(const ApplicationResult& a) {
  return Json{{"queue", a.queue},
              {"kernels", a.kernels},
              {"arrival_us", to_us(a.arrival)},
              {"end_us", to_us(a.end)},
              {"turnaround_us", to_us(a.turnaround())},
              {"alone_us", to_us(a.alone)},
              {"ntt", a.ntt}};
}

Json predictions_json(const KernelResult& k) {
  Json predictions = Json::array();
  for (const auto& [t, predicted] : k.predictions) {
    predictions.push_back({{"time_us", to_us(t)}, {"predicted_us", to_us(predicted)}});
  }
  return predictions;
}

// A kernel's scalar members, in their order, each given to `add(key, value)`.
template <class Add>
void kernel_scalars(const KernelResult& k, Add&& add) {
  add("name", k.name);
  add("kernel", k.kernel);
  add("queue", k.queue);
  add("workgroups", k.workgroups);
  add("arrival_us", to_us(k.arrival));
  add("launch_us", to_us(k.launch));
  add("start_us", to_us(k.start));
  add("end_us", to_us(k.end));
  add("turnaround_us", to_us(k.turnaround()));
  add("alone_us", to_us(k.alone));
  add("ntt", k.ntt);
}

Json kernel_json(const KernelResult& k, const JsonOptions& options, bool preempting) {
  Json out = Json::object();
  kernel_scalars(k, [&out](const char* key, const auto& value) { out[key] = value; });
  if (options.predictions) out["predictions"] = predictions_json(k);
  if (preempting) out["preemption"] = eviction_json(k);
  return out;
}

// kernel_json's bytes for a kernel with nothing but scalars (no predictions, no preemption).
std::string flat_kernel_json(const KernelResult& k) {
  FlatJsonObject out;
  kernel_scalars(k, [&out](const char* key, const auto& value) { out.member(key, value); });
  return std::move(out).text();
}

Json hardware_json(const HardwareReport& hw) {
  Json slot_time = Json::object();
  for (std::size_t a = 0; a < kSlotActivities; ++a) {
    slot_time[slot_activity_name(static_cast<SlotActivity>(a))] = sum_to_us(hw.slot_time[a]);
  }
  return Json{
      {"map_count", hw.map_count},
      {"unmap_count", hw.unmap_count},
      {"slot_idle_us", sum_to_us(hw.slot_idle())},
      {"slot_time_us", slot_time},
  };
}

Json outcome_json(const RunOutcome& outcome) {
  Json errors = Json::array();
  for (const QueueError& e : outcome.errors) {
    errors.push_back({{"queue", e.queue_name},
                      {"packet_index", e.packet_index},
                      {"status", static_cast<int>(e.status)},
                      {"message", e.message}});
  }
  Json blocked = Json::array();
  for (const BlockedQueue& b : outcome.blocked) {
    Json signals = Json::array();
    for (const auto& [name, value] : b.signal_values)
      signals.push_back({{"signal", name}, {"value", value}});
    blocked.push_back({{"queue", b.queue},
                       {"packet_index", b.packet_index},
                       {"packet_type", b.packet_type},
                       {"mapped", b.mapped},
                       {"waits_for_earlier_packets", b.wait.barrier_bit},
                       {"waits_for_dispatcher", b.wait.dispatcher_full},
                       {"waits_for_any_signal", b.wait.any},
                       {"waits_for_publication", b.wait.unpublished},
                       {"signals", signals}});
  }
  Json out{{"status", run_status_name(outcome.status)}, {"errors", errors}, {"blocked", blocked}};
  if (outcome.status == RunStatus::limit) {
    Json unfinished = Json::array();
    for (const auto& [queue, packet] : outcome.unfinished)
      unfinished.push_back({{"queue", queue}, {"packet_index", packet}});
    out["limit"] = outcome.limit;
    out["unfinished"] = unfinished;
  }
  return out;
}

}  // namespace

void write_run_json(std::ostream& out, const Scenario& scenario, const RunReport& report,
                    const JsonOptions& options) {
  const bool preempting = report.kernel_scheduler != "none";
  Json policies{{"queue_mapping", report.queue_mapping}, {"thread_block", report.thread_block}};
  if (preempting) {
    policies["kernel"] = report.kernel_scheduler;
    policies["preemption"] = preemption_mechanism_name(report.mechanism);
  }
  JsonObjectWriter json(out);
  json.member("source", scenario.source);
  json.member("device", scenario.device.name);
  json.member("seed", report.seed);
  json.member("policies", policies);
  json.member("predictions_by", prediction_source_name(report.predictions_by));
  json.member("outcome", outcome_json(report.outcome));
  json.member("makespan_us", to_us(report.makespan));
  json.begin_array("kernels");
  const bool flat = !options.predictions && !preempting && !options.kernel_extra;
  for (std::size_t i = 0; i < report.kernels.size(); ++i) {
    if (flat) {
      json.element_text(flat_kernel_json(report.kernels[i]));
      continue;
    }
    Json kernel = kernel_json(report.kernels[i], options, preempting);
    if (options.kernel_extra) options.kernel_extra(i, kernel);
    json.element(kernel);
  }
  json.end_array();
  json.member("metrics", {{"stp", report.metrics.stp},
                          {"antt", report.metrics.antt},
                          {"fairness", report.metrics.fairness},
                          {"dntt", report.metrics.dntt}});
  json.member("hw", hardware_json(report.hw));
  json.member("simulation", {{"events", report.events},
                             {"workgroups", report.workgroups},
                             {"end_us", to_us(report.end)}});
  if (!report.applications.empty()) {
    json.begin_array("applications");
    for (const ApplicationResult& a : report.applications)
      json.element(application_json(a));
    json.end_array();
  }
  if (options.document_extra) options.document_extra(json);
  json.finish();
  out << '\n';
}

}  // namespace aqlsim
