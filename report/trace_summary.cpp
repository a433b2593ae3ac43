#include "report/trace_summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string_view>
#include <unordered_map>

#include "config/input_error.hpp"

namespace aqlsim::report {
namespace {

using Json = nlohmann::json;

// Process ids written by ChromeTraceWriter: slots, user queues, then CU n is 2 + n.
constexpr std::int64_t kSlotPid = 0;
constexpr std::int64_t kQueuePid = 1;
constexpr std::int64_t kFirstCuPid = 2;
// Rows beyond these are not drawn anyway and would only cost memory (a hostile trace).
constexpr std::int64_t kMaxRows = 1 << 16;

constexpr std::array<std::string_view, kDrawnActivities> kActivities = {"switching", "processing",
                                                                        "blocked", "starved"};

std::size_t activity_index(const std::string& name) {
  for (std::size_t i = 0; i < kActivities.size(); ++i) {
    if (kActivities[i] == name) return i;
  }
  return kNone;
}

template <typename T>
bool get(const Json& event, const char* key, T& value) {
  const auto it = event.find(key);
  if (it == event.end()) return false;
  if constexpr (std::is_same_v<T, std::string>) {
    if (!it->is_string()) return false;
  } else {
    if (!it->is_number()) return false;
  }
  value = it->get<T>();
  return true;
}

class Reader {
 public:
  Reader(TraceSummary& summary, const SeriesOf& series_of)
      : summary_(summary), series_of_(series_of) {}

  void event(const Json& e) {
    std::string phase;
    std::int64_t pid = 0;
    std::int64_t tid = 0;
    if (!get(e, "ph", phase) || !get(e, "pid", pid) || !get(e, "tid", tid)) return;
    if (phase == "M") {
      std::string what;
      if (pid == kSlotPid && get(e, "name", what) && what == "process_name") aqlsim_ = true;
      return;
    }
    if (phase == "e" && pid == kQueuePid) {  // a kernel's end: its async slice closes
      kernel_end(e);
      return;
    }
    if (phase != "X" || pid < 0 || tid < 0 || pid >= kMaxRows || tid >= kMaxRows) return;
    double ts = 0;
    double dur = 0;
    std::string name;
    if (!get(e, "ts", ts) || !get(e, "dur", dur) || !get(e, "name", name)) return;
    if (pid == kSlotPid) {
      slot_slice(static_cast<std::size_t>(tid), name, ts, ts + dur, e);
    } else if (pid >= kFirstCuPid) {
      const auto cu = static_cast<std::size_t>(pid - kFirstCuPid);
      summary_.resident.add(0, series(name), ts, ts + dur);
      summary_.cu_resident.add(cu, 0, ts, ts + dur);
      summary_.cus = std::max(summary_.cus, cu + 1);
      ++summary_.workgroup_slices;
    }
  }

  bool is_aqlsim_trace() const { return aqlsim_; }

 private:
  std::size_t series(const std::string& packet) {
    const auto it = series_cache_.find(packet);
    if (it != series_cache_.end()) return it->second;
    const std::size_t s = series_of_(packet);
    series_cache_.emplace(packet, s);
    return s;
  }

  void kernel_end(const Json& e) {
    std::string packet;
    double ts = 0;
    if (get(e, "name", packet) && get(e, "ts", ts)) summary_.kernel_ends.emplace_back(packet, ts);
  }

  std::size_t queue_index(const std::string& queue) {
    const auto [it, added] = queues_.emplace(queue, summary_.queues.size());
    if (added) summary_.queues.push_back(queue);
    return it->second;
  }

  void slot_slice(std::size_t slot, const std::string& activity, double begin, double end,
                  const Json& e) {
    const std::size_t a = activity_index(activity);
    if (a == kNone) return;
    ++summary_.slot_slices;
    summary_.slots = std::max(summary_.slots, slot + 1);
    if (last_.size() <= slot) last_.resize(slot + 1);
    summary_.slot_activity.add(slot, a, begin, end);
    const auto args = e.find("args");
    std::string queue;
    if (args == e.end() || !args->is_object() || !get(*args, "queue", queue)) return;
    const std::size_t q = queue_index(queue);
    summary_.slot_queue.add(slot, q, begin, end);
    // A map: the slot holds a queue it did not hold just before (or was empty in between).
    Held& last = last_[slot];
    if (last.queue != q || begin > last.end + 1e-9 * std::max(1.0, last.end)) {
      const double t0 = summary_.slot_activity.t0();
      const double t1 = summary_.slot_activity.t1();
      const std::size_t bins = summary_.slot_activity.bins();
      if (summary_.slot_maps.size() <= slot) summary_.slot_maps.resize(slot + 1);
      auto& maps = summary_.slot_maps[slot];
      maps.resize(bins, 0);
      if (begin >= t0 && begin <= t1 && t1 > t0) {
        const auto bin = std::min(bins - 1, static_cast<std::size_t>((begin - t0) / (t1 - t0) *
                                                                     static_cast<double>(bins)));
        ++maps[bin];
      }
    }
    last = {q, std::max(end, last.queue == q ? last.end : end)};
  }

  struct Held {
    std::size_t queue = kNone;
    double end = 0;
  };

  TraceSummary& summary_;
  const SeriesOf& series_of_;
  bool aqlsim_ = false;
  std::unordered_map<std::string, std::size_t> queues_;
  std::unordered_map<std::string, std::size_t> series_cache_;
  std::vector<Held> last_;
};

}  // namespace

const char* drawn_activity_name(std::size_t activity) {
  return activity < kActivities.size() ? kActivities[activity].data() : "?";
}

TraceSummary::TraceSummary(double t0, double t1, std::size_t bins, std::size_t kernel_series)
    : slot_queue(t0, t1, bins),
      slot_activity(t0, t1, bins, kDrawnActivities),
      resident(t0, t1, bins, kernel_series),
      cu_resident(t0, t1, bins, 1) {}

TraceSummary summarise_trace(std::istream& in, const std::string& name, double t0, double t1,
                             std::size_t bins, std::size_t kernel_series,
                             const SeriesOf& series_of) {
  TraceSummary summary(t0, t1, bins, kernel_series);
  Reader reader(summary, series_of);
  Json top;
  try {
    // Each event is handled when its object ends and then dropped (the callback returns false),
    // so the parsed document never holds more than one event.
    top = Json::parse(in, [&](int depth, Json::parse_event_t event, Json& parsed) {
      if (event == Json::parse_event_t::object_end && depth == 2) {
        reader.event(parsed);
        return false;
      }
      return true;
    });
  } catch (const Json::parse_error& e) {
    throw InputError({name, 0, 0},
                     fmt::format("not a complete JSON trace (at byte {}): {}", e.byte,
                                 e.byte > 0 && in.eof() ? "the file ends too soon" : e.what()));
  }
  if (!top.is_object() || !top.contains("traceEvents") || !top["traceEvents"].is_array() ||
      !reader.is_aqlsim_trace()) {
    throw InputError({name, 0, 0},
                     "not a trace written by `aqlsim run --trace` (expected a Chrome trace-event "
                     "object whose traceEvents name the \"Hardware queue slots\" process)");
  }
  for (auto& maps : summary.slot_maps)
    maps.resize(bins, 0);
  summary.slot_maps.resize(summary.slots, std::vector<std::uint32_t>(bins, 0));
  return summary;
}

void check_same_run(const TraceSummary& trace, const std::string& trace_name, const RunResult& run,
                    const std::string& run_name) {
  const auto another_run = [&](const std::string& why) {
    return InputError({trace_name, 0, 0},
                      fmt::format("not the trace of the run in {}: {}", run_name, why));
  };
  std::unordered_map<std::string, double> ends;  // by packet; each removed once matched
  for (const auto& [packet, end] : trace.kernel_ends) {
    if (!ends.emplace(packet, end).second)
      throw another_run(fmt::format("kernel '{}' ends twice in the trace", packet));
  }
  for (const KernelResultRow& k : run.kernels) {
    const auto it = ends.find(k.name);
    if (it == ends.end())
      throw another_run(fmt::format("kernel '{}' does not end in the trace", k.name));
    const double end = it->second;
    if (std::abs(end - k.end_us) > 1e-9 * std::max(std::abs(end), std::abs(k.end_us))) {
      throw another_run(fmt::format("kernel '{}' ends at {} us in the trace and at {} us in {}",
                                    k.name, end, k.end_us, run_name));
    }
    ends.erase(it);
  }
  for (const auto& kernel_end : trace.kernel_ends) {
    if (ends.contains(kernel_end.first)) {
      throw another_run(fmt::format("kernel '{}' ends in the trace but is not in {}",
                                    kernel_end.first, run_name));
    }
  }
}

}  // namespace aqlsim::report
