#include "report/trace_summary.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "config/input_error.hpp"
#include "config/json_excerpt.hpp"
#include "hsa_model/time.hpp"
#include "report/line_counting_buffer.hpp"
#include "report/trace_pids.hpp"

namespace aqlsim::report {
namespace {

// Plain json: a trace is only read. (Not named Json: run_result.cpp, batched with this file in
// one unity-build unit, gives that name to ordered_json.)
using TraceJson = nlohmann::json;

// No device has more slots or CUs (nor a CU more lanes): a slice beyond is not aqlsim's.
constexpr std::uint64_t kMaxRows = kFirstCuPid + (1 << 16);

constexpr std::array<std::string_view, kDrawnActivities> kActivities = {"switching", "processing",
                                                                        "blocked", "starved"};

std::size_t activity_index(const std::string& name) {
  for (std::size_t i = 0; i < kActivities.size(); ++i) {
    if (kActivities[i] == name) return i;
  }
  return kNone;
}

// The phases `aqlsim run --trace` writes (ChromeTraceWriter): metadata, slices, instants, a
// kernel's async begin and end, counters.
constexpr std::array<std::string_view, 6> kPhases = {"M", "X", "i", "b", "e", "C"};

// Reads one event at a time and refuses what `aqlsim run --trace` never writes, rather than
// skipping it, so that a page is never drawn from part of a trace.
class Reader {
 public:
  Reader(TraceSummary& summary, const SeriesOf& series_of, const LineCountingBuffer& text,
         const std::string& name)
      : summary_(summary), series_of_(series_of), text_(text), name_(name) {}

  void event(const TraceJson& e) {
    if (!e.is_object()) bad(fmt::format("that is not an object: {}", json_excerpt(e)));
    const std::string phase = text(e, "ph");
    if (std::ranges::find(kPhases, phase) == kPhases.end()) {
      bad(fmt::format("of phase \"{}\", which `aqlsim run --trace` does not write (it writes {})",
                      phase, fmt::join(kPhases, ", ")));
    }
    const std::uint64_t pid = index(e, "pid");
    const std::uint64_t tid = index(e, "tid");
    const std::string name = text(e, "name");
    if (phase == "M") {
      if (name == "thread_name" && pid < kMaxRows && tid < kMaxRows) named_.insert(row(pid, tid));
      if (pid == kSlotPid && name == "process_name" && process_title(e) == kSlotTitle)
        aqlsim_ = true;
      if (pid == kQueuePid && name == "process_name" &&
          process_title(e).starts_with(kMeasuredQueueTitle))
        summary_.measured = true;
      return;
    }
    const double ts = time(e, "ts");
    if (phase == "e" && pid == kQueuePid) {  // a kernel's end: its async slice closes
      // A kernel still running where a stopped run got is closed there, marked unfinished: it
      // did not end, and its run result lists it as unfinished, not among the kernels.
      const auto args = e.find("args");
      const bool unfinished = args != e.end() && args->is_object() &&
                              args->value("unfinished", TraceJson(false)) == TraceJson(true);
      if (!unfinished) summary_.kernel_ends.emplace_back(name, ts);
      return;
    }
    if (phase != "X") return;
    const double end = ts + time(e, "dur");
    // `ts` and `dur` were each rounded to a double, and their sum is rounded again: a slice that
    // ends at the largest time may come out a few ulps past it.
    if (end > to_us(kMaxSimTime) * (1 + 4 * std::numeric_limits<double>::epsilon())) {
      bad(fmt::format("that ends at {} us, after the largest simulated time ({} us)", end,
                      to_us(kMaxSimTime)));
    }
    if (pid >= kMaxRows || tid >= kMaxRows) {
      bad(fmt::format("with pid {} and tid {}: no device has that many slots, CUs or lanes", pid,
                      tid));
    }
    if (tid == 0) {
      bad("on tid 0 (aqlsim numbers the rows of a process from 1; an older aqlsim numbered them "
          "from 0: write the trace again)");
    }
    // `aqlsim run --trace` names every row before its first slice: one that is not named is not
    // from aqlsim (one edited line on slot 65535 took 9.5 GB, when rows were kept up to it).
    if (!named_.contains(row(pid, tid))) {
      bad(
          fmt::format("on pid {} and tid {}, which no earlier thread_name event names (`aqlsim "
                      "run --trace` names each row before its first slice)",
                      pid, tid));
    }
    // `aqlsim hip run --trace` has no slots (a GPU does not show them).
    if (pid == kSlotPid && !summary_.measured) {
      slot_slice(index_of_tid(tid), name, ts, end, e);
    } else if (pid >= kFirstCuPid) {
      workgroup_slice(pid - kFirstCuPid, name, ts, end);
    }
  }

  bool is_aqlsim_trace() const { return aqlsim_ || summary_.measured; }

 private:
  static std::uint64_t row(std::uint64_t pid, std::uint64_t tid) { return pid << 32 | tid; }

  // The event just read ends on the line of the last character read (a number's end is known
  // only from the character after it, perhaps the newline ending its line).
  [[noreturn]] void bad(const std::string& what) const {
    const auto line = static_cast<int>(std::min<std::uint64_t>(text_.last().line, INT_MAX));
    throw InputError({name_, line, 0}, "a trace event " + what);
  }

  std::string text(const TraceJson& e, const char* key) const {
    const auto it = e.find(key);
    if (it == e.end() || !it->is_string()) bad(fmt::format("without a \"{}\" string", key));
    return it->get<std::string>();
  }

  std::uint64_t index(const TraceJson& e, const char* key) const {
    const auto it = e.find(key);
    if (it == e.end() || !it->is_number_unsigned()) {
      bad(fmt::format("without a \"{}\" that is a whole number, 0 or more", key));
    }
    return it->get<std::uint64_t>();
  }

  double time(const TraceJson& e, const char* key) const {
    const auto it = e.find(key);
    const double t = it != e.end() && it->is_number() ? it->get<double>() : -1;
    if (!std::isfinite(t) || t < 0)
      bad(fmt::format("without a \"{}\" that is a number of microseconds, 0 or more", key));
    return t;
  }

  // The row of slot or CU `id`: rows are made as ids first appear, so the bins a trace costs are
  // those of the slots and CUs it uses, whatever their numbers.
  static std::size_t row_of(std::uint64_t id, std::unordered_map<std::uint64_t, std::size_t>& rows,
                            std::vector<std::uint64_t>& ids) {
    const auto [it, added] = rows.emplace(id, ids.size());
    if (added) ids.push_back(id);
    return it->second;
  }

  void workgroup_slice(std::uint64_t cu_id, const std::string& packet, double begin, double end) {
    const std::size_t cu = row_of(cu_id, cu_rows_, summary_.cu_ids);
    summary_.resident.add(0, series(packet), begin, end);
    summary_.cu_resident.add(cu, 0, begin, end);
    summary_.cus = summary_.cu_ids.size();
    ++summary_.workgroup_slices;
  }

  // A process_name event's name (its args.name), empty if it has none.
  static std::string process_title(const TraceJson& e) {
    const auto args = e.find("args");
    if (args == e.end() || !args->is_object()) return "";
    const auto title = args->find("name");
    return title != args->end() && title->is_string() ? title->get<std::string>() : "";
  }

  std::size_t series(const std::string& packet) {
    const auto it = series_cache_.find(packet);
    if (it != series_cache_.end()) return it->second;
    const std::size_t s = series_of_(packet);
    series_cache_.emplace(packet, s);
    return s;
  }

  std::size_t queue_index(const std::string& queue) {
    const auto [it, added] = queues_.emplace(queue, summary_.queues.size());
    if (added) summary_.queues.push_back(queue);
    return it->second;
  }

  void slot_slice(std::uint64_t slot_id, const std::string& activity, double begin, double end,
                  const TraceJson& e) {
    const std::size_t a = activity_index(activity);
    if (a == kNone) {
      bad(fmt::format("on a slot named \"{}\", which is none of {}", activity,
                      fmt::join(kActivities, ", ")));
    }
    ++summary_.slot_slices;
    const std::size_t slot = row_of(slot_id, slot_rows_, summary_.slot_ids);
    summary_.slots = summary_.slot_ids.size();
    if (last_.size() <= slot) last_.resize(slot + 1);
    summary_.slot_activity.add(slot, a, begin, end);
    const auto args = e.find("args");
    if (args == e.end()) return;
    const auto queue = args->is_object() ? args->find("queue") : args->end();
    if (!args->is_object() || (queue != args->end() && !queue->is_string()))
      bad("on a slot whose \"args\" are not an object with a \"queue\" string");
    if (queue == args->end()) return;
    const std::size_t q = queue_index(queue->get<std::string>());
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
  const LineCountingBuffer& text_;
  const std::string& name_;
  bool aqlsim_ = false;
  std::unordered_map<std::string, std::size_t> queues_;
  std::unordered_map<std::string, std::size_t> series_cache_;
  std::vector<Held> last_;                                              // by slot row
  std::unordered_map<std::uint64_t, std::size_t> slot_rows_, cu_rows_;  // rows by slot, CU id
  std::unordered_set<std::uint64_t> named_;  // rows (pid, tid) a thread_name event named
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
  LineCountingBuffer text(*in.rdbuf());
  std::istream counted(&text);
  Reader reader(summary, series_of, text, name);
  TraceJson top;
  try {
    // Each event (an element of traceEvents) is handled when it is whole and then dropped (the
    // callback returns false), as are the elements under other top-level keys, so the parsed
    // document never holds more than one.
    std::string member;  // the top-level key being read
    top = TraceJson::parse(
        counted, [&](int depth, TraceJson::parse_event_t event, TraceJson& parsed) {
          using Event = TraceJson::parse_event_t;
          if (depth == 1 && event == Event::key) member = parsed.get<std::string>();
          if (depth != 2) return true;  // an element is kept until it is whole
          const bool whole =
              event == Event::object_end || event == Event::array_end || event == Event::value;
          if (whole && member == "traceEvents") reader.event(parsed);
          return !whole;
        });
  } catch (const TraceJson::parse_error& e) {
    // The last character read, or where the next line begins when that was a newline.
    const LineCountingBuffer::Position at = text.last().column > 0 ? text.last() : text.next();
    const auto clamped = [](std::uint64_t n) {
      return static_cast<int>(std::min<std::uint64_t>(n, INT_MAX));
    };
    throw InputError(
        {name, clamped(at.line), clamped(at.column)},
        fmt::format("not a complete JSON trace (at byte {}): {}", e.byte,
                    e.byte > 0 && counted.eof() ? "the file ends too soon" : e.what()));
  } catch (const TraceJson::out_of_range& e) {  // a number beyond a double: "number overflow ..."
    const auto line = static_cast<int>(std::min<std::uint64_t>(text.last().line, INT_MAX));
    throw InputError({name, line, 0},
                     fmt::format("not an aqlsim trace: {}", without_exception_id(e)));
  }
  if (!top.is_object() || !top.contains("traceEvents") || !top["traceEvents"].is_array() ||
      !reader.is_aqlsim_trace()) {
    throw InputError({name, 0, 0},
                     "not a trace written by `aqlsim run --trace` or `aqlsim hip run --trace` "
                     "(expected a Chrome trace-event object whose traceEvents name the "
                     "\"Hardware queue slots\" process 1 or the \"user queues (...)\" process 2; "
                     "an older aqlsim numbered them from 0: write the trace again)");
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
